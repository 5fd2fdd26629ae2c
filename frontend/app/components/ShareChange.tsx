/** A share change in percentage points, signed and without '%' (+1.9 / -2.9; decision 173), green up and red down; a dash for none. */
import { shareChangeParts } from '@car/contracts';

export function ShareChange({ value }: { value: number | null }) {
  const { arrow, text } = shareChangeParts(value);
  return <span className={arrow ? (arrow === 'up' ? 'is-up' : 'is-down') : undefined}>{text}</span>;
}

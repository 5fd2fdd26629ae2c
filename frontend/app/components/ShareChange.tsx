/** A share change in percentage points, signed and without '%' (+1.9 / -2.9; decision 173), teal up and pink down (decision 269); a dash for none. */
import { pointsText } from '@car/contracts';
import { growthClass } from '~/utils/format';

export function ShareChange({ value }: { value: number | null }) {
  return <span className={growthClass(value) || undefined}>{pointsText(value)}</span>;
}

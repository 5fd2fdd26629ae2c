import { shareChangeParts } from '@car/contracts';
/** A share change as an arrow and its size in points (↑1.9% / ↓2.9%), green up and red down; a dash for none. */
import { Icon } from 'semantic-ui-react';

export function ShareChange({ value }: { value: number | null }) {
  const { arrow, text } = shareChangeParts(value);
  return (
    <span className={arrow ? (arrow === 'up' ? 'is-up' : 'is-down') : undefined}>
      {arrow ? <Icon name={arrow === 'up' ? 'long arrow alternate up' : 'long arrow alternate down'} /> : null}
      {text}
    </span>
  );
}

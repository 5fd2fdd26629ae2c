/**
 * A choice of 归因分析 that is one URL key: a button group of links, the chosen one pressed (the comparison, the split
 * dimension, the price measure). ParamToggle under a visible label; a change drops the keys that no
 * longer apply (`clears`).
 */
import { ParamToggle } from './ParamToggle';

interface AttributionChoiceProps<T extends string | number> {
  param: string;
  /** The group's name, shown before it and read by a screen reader. */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** The chosen value; none pressed when the address names one the options lack. */
  value: T | null;
  /** The value that leaves the key out of the address (the page's default). */
  omit?: T;
  clears?: readonly string[];
  className?: string;
}

export function AttributionChoice<T extends string | number>({ param, label, options, value, omit, clears = [], className }: AttributionChoiceProps<T>) {
  return (
    <div className={`attribution-choice ${className ?? ''}`.trim()}>
      <span className="panel__label" aria-hidden="true">
        {label}
      </span>
      <ParamToggle param={param} label={label} options={options} value={value} omit={omit} clears={clears} />
    </div>
  );
}

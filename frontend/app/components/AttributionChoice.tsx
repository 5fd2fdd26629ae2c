/**
 * A choice of 归因分析 that is one URL key: a button group of links, the chosen one pressed (the comparison, the split
 * dimension, the price measure). ParamToggle's pattern for keys whose values are words as well as numbers; a change
 * drops the keys that no longer apply (`clears`).
 */
import { Link, useLocation } from '@remix-run/react';
import { Button } from 'semantic-ui-react';

import { withParams } from '~/utils/sale-volume-query';

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
  const location = useLocation();
  return (
    <div className={`attribution-choice ${className ?? ''}`.trim()}>
      <span className="panel__label" aria-hidden="true">
        {label}
      </span>
      <Button.Group size="mini" basic aria-label={label} role="group">
        {options.map((o) => (
          <Button
            key={String(o.value)}
            as={Link}
            to={withParams(location.search, { [param]: o.value === omit ? null : o.value, ...Object.fromEntries(clears.map((c) => [c, null])) })}
            preventScrollReset
            active={value === o.value}
            aria-pressed={value === o.value}
          >
            {o.label}
          </Button>
        ))}
      </Button.Group>
    </div>
  );
}

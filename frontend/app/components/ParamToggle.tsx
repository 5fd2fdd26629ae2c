/** A button group of links that each set one URL param (a panel's own toggle), optionally dropping others that no longer apply. */
import { Link, useLocation } from '@remix-run/react';
import { Button } from 'semantic-ui-react';

import { withParams } from '~/utils/sale-volume-query';

interface ParamToggleProps<T extends string | number> {
  param: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** The chosen value; none pressed when the address names one the options lack. */
  value: T | null;
  /** The group's accessible name. */
  label?: string;
  /** The value that leaves the param out of the URL (the page's default), if any. */
  omit?: T;
  /** Params removed with a change (picked members of another dimension). */
  clears?: readonly string[];
}

export function ParamToggle<T extends string | number>({ param, options, value, label, omit, clears = [] }: ParamToggleProps<T>) {
  const location = useLocation();
  return (
    <Button.Group size="mini" basic aria-label={label} role={label ? 'group' : undefined}>
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
  );
}

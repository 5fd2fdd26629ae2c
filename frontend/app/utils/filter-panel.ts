/**
 * The right-hand filter panel's visibility, by route name (the last segment of the path), as the spec states it.
 * A page offers its panel through its route `handle` (see shell-context.ts); pages without one show none.
 */

/** Routes where the panel never shows. */
const HIDDEN_ON: ReadonlySet<string> = new Set(['cityretailexport', 'pricevolumeexport', 'reportdownload']);
/** Routes where the panel shows without its collapse toggle. */
const TOGGLE_HIDDEN_ON: ReadonlySet<string> = new Set(['configquery']);

export type FilterPanelMode = 'none' | 'fixed' | 'collapsible';

export function routeNameOf(pathname: string): string {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return segments[segments.length - 1] ?? '';
}

export function filterPanelMode(pathname: string, pageHasPanel: boolean): FilterPanelMode {
  const name = routeNameOf(pathname);
  if (!pageHasPanel || HIDDEN_ON.has(name)) return 'none';
  return TOGGLE_HIDDEN_ON.has(name) ? 'fixed' : 'collapsible';
}

/** Charts listen for `resize`; the side panels animate for about this long before they settle. */
export const REFLOW_DELAY_MS = 250;

/**
 * How the pages colour figures. The rules themselves (the dash rule, one-decimal percents, thousands
 * separators, share-change arrows, rank arrows) are the contract's, shared with the API and the
 * workbooks: import them from @car/contracts (display.ts).
 */
import { growthDirection } from '@car/contracts';

/** CSS class of a growth sent as a percent number: `is-up` teal, `is-down` pink (CHANGE_COLORS, decision 269), none for a dash. */
export function growthClass(percent: number | null | undefined): string {
  const direction = growthDirection(percent);
  return direction === null ? '' : `is-${direction}`;
}

/** CSS class of a change by its sign alone (归因分析's changes and effects): `is-up` teal, `is-down` pink, none at zero or unknown. */
export function signClass(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return '';
  return value > 0 ? 'is-up' : 'is-down';
}

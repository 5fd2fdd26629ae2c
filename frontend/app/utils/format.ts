/**
 * How figures read on every page (spec 000 §4, §9): thousand separators, one-decimal percents, the dash
 * rule (a growth of zero, unknown, or outside ±1000 % shows '-'), green for growth and red for decline.
 */

/** '-' for what the dash rule hides. */
export const DASH = '-';

/** The API sends growths as one-decimal percent numbers (2.0 = 2.0 %), null when it has none. */
export function isGrowthShown(percent: number | null | undefined): percent is number {
  return typeof percent === 'number' && Number.isFinite(percent) && percent !== 0 && Math.abs(percent) < 1000;
}

export function growthText(percent: number | null | undefined): string {
  return isGrowthShown(percent) ? `${percent.toFixed(1)}%` : DASH;
}

/** A share (never dashed for zero: 0.0 % is a real share). */
export function shareText(percent: number | null | undefined): string {
  return typeof percent === 'number' && Number.isFinite(percent) ? `${percent.toFixed(1)}%` : DASH;
}

/** CSS class of a growth: `is-up` green, `is-down` red, none for a dash. */
export function growthClass(percent: number | null | undefined): string {
  if (!isGrowthShown(percent)) return '';
  return percent > 0 ? 'is-up' : 'is-down';
}

export function thousands(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : DASH;
}

/** A share change as an arrow and its size: ↑1.9% / ↓2.9%; zero or unknown is a dash. */
export function shareChangeParts(percent: number | null | undefined): { arrow: 'up' | 'down' | null; text: string } {
  if (!isGrowthShown(percent)) return { arrow: null, text: DASH };
  return { arrow: percent > 0 ? 'up' : 'down', text: `${Math.abs(percent).toFixed(1)}%` };
}

export type RankArrow = 'up' | 'down' | 'flat' | null;

/** The arrow beside a rank by rankingStatus (1 up, −1 down, 0 flat): none for −2 or no rank at all. */
export function rankArrow(row: { ranking: number | null | undefined; rankingStatus?: number }): RankArrow {
  if (row.ranking === null || row.ranking === undefined) return null;
  switch (row.rankingStatus) {
    case 1:
      return 'up';
    case -1:
      return 'down';
    case 0:
      return 'flat';
    default:
      return null;
  }
}

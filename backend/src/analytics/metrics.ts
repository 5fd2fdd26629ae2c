/**
 * The metric definitions of DESIGN.md, in one place. Growth and shares are fractions here
 * (0.123 = 12.3 %); the display helpers turn them into the spec's strings.
 */

/** 同比 / 环比 / 累计同比: current / previous − 1, or null when there is nothing to compare with. */
export function growth(current: number, previous: number): number | null {
  if (!(previous > 0)) return null;
  return current / previous - 1;
}

/** 份额 mix: a row's part of the filtered market, or null when the market is empty. */
export function share(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return part / whole;
}

/** 份额变化: mix − last year's mix, in percentage points as a fraction (0.012 = +1.2 pt). */
export function shareChange(mix: number | null, tqMix: number | null): number | null {
  if (mix === null || tqMix === null) return null;
  return mix - tqMix;
}

/**
 * The dash rule: a growth of zero, or outside (−1000 %, 1000 %), or unknown, shows '-'.
 * Otherwise one decimal with a percent sign.
 */
export function percentText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '-';
  const percent = value * 100;
  if (percent === 0 || Math.abs(percent) >= 1000) return '-';
  // Whole tenths, written out by hand: the same text as toFixed(1) of the rounded value, several times
  // faster (ranking tables format thousands of cells). A change too small to show is 0.0%, never -0.0%.
  const tenths = Math.round(percent * 10);
  const magnitude = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(magnitude / 10)}.${magnitude % 10}%`;
}

/** A fraction as the spec's percent number with one decimal (0.1234 → 12.3), or null when unknown. */
export function percentNumber(fraction: number | null): number | null {
  return fraction === null ? null : Math.round(fraction * 1000) / 10 || 0;
}

/** A growth as the spec's number: percent with one decimal, or null where the display is a dash. */
export function growthNumber(value: number | null): number | null {
  return percentText(value) === '-' ? null : percentNumber(value);
}

/** Whether a growth value counts as shown (not a dash); colours apply only then. */
export function isShown(value: number | null): boolean {
  return percentText(value) !== '-';
}

/** A share as one-decimal percent; zero shares show 0.0%, unknown '-'. */
export function shareText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '-';
  return `${(value * 100).toFixed(1)}%`;
}

/** Thousand-separated whole number: 1234567 → '1,234,567'. By hand: toLocaleString is slow in bulk. */
export function thousands(value: number): string {
  const whole = Math.round(value);
  if (!Number.isSafeInteger(whole) || Object.is(whole, -0)) return whole.toLocaleString('en-US');
  const digits = String(Math.abs(whole));
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = text.length; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return whole < 0 ? `-${text}` : text;
}

/**
 * Competition ranks (1, 2, 2, 4) by value, largest first; rows with no value rank last together.
 * Returns ranks in the input order.
 */
export function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v);
  const result = new Array<number>(values.length);
  order.forEach((entry, position) => {
    const previous = order[position - 1];
    result[entry.i] = previous && previous.v === entry.v ? result[previous.i] : position + 1;
  });
  return result;
}

/**
 * rankingStatus: 1 up, −1 down, 0 unchanged, −2 no arrow (no previous rank to compare with).
 * A smaller rank number is a better place.
 */
export function rankingStatus(rank: number, previousRank: number | null): -2 | -1 | 0 | 1 {
  if (previousRank === null) return -2;
  if (rank < previousRank) return 1;
  if (rank > previousRank) return -1;
  return 0;
}

/** Bar width of a table cell: the value relative to the column's largest, as a percentage 0-100. */
export function barWidth(value: number, largest: number): number {
  if (!(largest > 0) || !(value > 0)) return 0;
  return Math.round((value / largest) * 1000) / 10;
}

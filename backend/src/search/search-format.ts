/** Display forms the pick-lists share with the tables: the spec groups prices by thousands and shows shares with one decimal. */

const THOUSANDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 119800 → '119,800'. */
export function thousands(value: number): string {
  return THOUSANDS.format(Math.round(value));
}

/** part / whole as a percentage with one decimal, '12.3%'; '-' when the part or the whole is zero. */
export function share(part: number, whole: number): string {
  if (!(part > 0) || !(whole > 0)) return '-';
  return `${((part / whole) * 100).toFixed(1)}%`;
}

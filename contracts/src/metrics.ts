/**
 * The metric definitions of DESIGN.md, in one place for the API, every workbook and the pages. Growth
 * and shares are fractions here (0.123 = 12.3 %); `display.ts` turns them into what is shown.
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
 * A competitor set's 组内份额 and 组内排名 (issue 49): each member's share of the members' sum, and its competition rank
 * among them by volume, none where it sold nothing. In the input order.
 */
export function withinSet(volumes: readonly number[]): Array<{ share: number | null; rank: number | null }> {
  const total = volumes.reduce((sum, v) => sum + v, 0);
  const placed = ranks([...volumes]);
  return volumes.map((v, i) => ({ share: share(v, total), rank: v > 0 ? placed[i] : null }));
}

/** rankingStatus: 1 up, −1 down, 0 unchanged, −2 no arrow (no previous rank to compare with). */
export type RankingStatus = -2 | -1 | 0 | 1;

/** A smaller rank number is a better place. */
export function rankingStatus(rank: number, previousRank: number | null): RankingStatus {
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

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

/**
 * A computed value with a few ulps of float error read as none, to 12 significant digits: 10,125 ÷ 10,000 − 1 is
 * 0.012499999999999956 in floats and 0.0125 here, so it rounds as the figures it came from say (1.3 %, not 1.2 %).
 */
export function settled(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * Math.round of a computed value, float noise read as none (`settled`), at the cost of `settled` only where the value
 * lies within a hair below a half: tables round thousands of cells, and toPrecision is twenty times Math.round's cost.
 */
export function roundSettled(value: number): number {
  const rounded = Math.round(value);
  return value - rounded > 0.4999999 ? Math.round(settled(value)) : rounded;
}

/**
 * Parts rounded so that they add up to their rounded total (归因分析, decision 302): each part to `decimals`, the
 * largest-remainder rule (Hamilton's). Every part is first rounded down; the units still missing to the total's rounded
 * value go one each to the parts that lost most in rounding down (ties: the larger part, then the earlier). A part moves
 * by less than one unit of the last decimal, and the rounded parts' sum is exactly the rounded total, so a column shown
 * to one decimal adds up to its total shown to one decimal. `total` defaults to the parts' exact sum.
 */
export function roundToTotal(parts: readonly number[], decimals: number, total?: number): number[] {
  const scale = 10 ** decimals;
  const scaled = parts.map((p) => p * scale);
  const exactTotal = total ?? parts.reduce((sum, p) => sum + p, 0);
  // The exact parts' sum is the total: a few ulps of float error are read as none (0.1 + 0.2 is 0.3).
  const target = roundSettled(exactTotal * scale);
  const floors = scaled.map((v) => Math.floor(settled(v)));
  let missing = target - floors.reduce((sum, f) => sum + f, 0);
  const order = scaled
    .map((v, i) => ({ i, remainder: settled(v) - floors[i], size: Math.abs(v) }))
    .sort((a, b) => b.remainder - a.remainder || b.size - a.size || a.i - b.i);
  const units = [...floors];
  // Where `total` is not the parts' sum (never in the splits) the gap may exceed one unit a part: spread it round.
  for (let k = 0; missing !== 0 && order.length > 0; k++) {
    const step = Math.sign(missing);
    units[order[step > 0 ? k % order.length : order.length - 1 - (k % order.length)].i] += step;
    missing -= step;
  }
  return units.map((u) => u / scale || 0);
}

/**
 * The shape of the market the demo data follows, from ../shared/anchors/cpca-retail.md (CPCA
 * passenger-car retail). Monthly totals are in thousands of units; each complete year is scaled to its
 * published total, so the months carry the shape (New Year dip, December peak, the April 2022
 * Shanghai lockdown, February 2020) and the year carries the level. The latest, partial year is no
 * target: its months continue the trend from the same months a year earlier, the New Year's date
 * moving the January and February figures (decision 186).
 */

/** Published (2020-2025) or trend-continued (2019) annual retail, in thousands. */
const PUBLISHED_RETAIL: Record<number, number> = {
  2019: 20_720,
  2020: 19_300,
  2021: 20_146,
  2022: 20_540,
  2023: 21_699,
  2024: 22_894,
  2025: 23_779,
};

/**
 * Each complete year's total lands a little off the published figure, as a count of a real market
 * would: a published total is rounded to thousands (or to 0.1 M), and an exact 19,300,000 reads as a
 * generator's. Fixed, well under the 1 % the anchors allow.
 */
const OFF_PUBLISHED: Record<number, number> = {
  2019: 0.00231,
  2020: -0.00173,
  2021: 0.00089,
  2022: -0.00127,
  2023: 0.00063,
  2024: -0.00041,
  2025: 0.00117,
};

/** Annual retail in thousands each complete year is scaled to (the partial year has none: PARTIAL_GROWTH). */
export const ANNUAL_RETAIL: Record<number, number> = Object.fromEntries(
  Object.entries(PUBLISHED_RETAIL).map(([year, total]) => [Number(year), total * (1 + OFF_PUBLISHED[Number(year)])]),
);

/** Month shapes (thousands) before scaling; the anchors' named months are exact in them. */
const MONTH_SHAPE: Record<number, number[]> = {
  // CNY 5 Feb 2019
  2019: [2160, 1310, 1690, 1500, 1590, 1830, 1500, 1620, 1770, 1750, 1920, 2200],
  // CNY 25 Jan 2020, then the February lockdown
  2020: [1840, 250, 1040, 1430, 1630, 1680, 1620, 1700, 1910, 1940, 2030, 2270],
  // CNY 12 Feb 2021
  2021: [2060, 1400, 1610, 1550, 1570, 1550, 1510, 1520, 1460, 1660, 1730, 2080],
  // CNY 1 Feb 2022; April and May: the Shanghai lockdown
  2022: [2060, 1390, 1570, 1040, 1350, 1940, 1840, 1870, 1920, 1830, 1650, 2160],
  // CNY 21 Jan 2023: January 1.29 M, February 1.39 M, December 2.353 M
  2023: [1290, 1390, 1690, 1630, 1740, 1890, 1770, 1920, 2020, 2020, 2060, 2353],
  // CNY 10 Feb 2024: February 1.095 M, −46.2 % on January; December 2.635 M
  2024: [2035, 1095, 1690, 1550, 1710, 1770, 1720, 1900, 2110, 2260, 2430, 2635],
  // CNY 29 Jan 2025: January 1.794 M (−31.9 % on Dec 2024); June 2.08 M; December 2.296 M
  2025: [1794, 1380, 1940, 1750, 1930, 2080, 1830, 1990, 2240, 2250, 2264, 2296],
};

/**
 * The partial year, January to October 2026, against the same months of 2025 (growth on the year, as a
 * fraction). The New Year fell on 29 Jan 2025 and falls on 17 Feb 2026: January 2026 keeps its whole
 * pre-holiday rush and gains on a January 2025 that lost its last days, February 2026 loses the
 * festival's fortnight; the NEV purchase tax's move from nothing to 5 % in 2026 drew purchases into late
 * 2025, so the spring is soft, and the year recovers from the summer.
 */
const PARTIAL_YEAR = 2026;
const PARTIAL_GROWTH = [0.118, -0.214, -0.047, -0.021, 0.013, -0.006, 0.024, 0.031, 0.017, 0.009];

/** NEV share of retail by month, before each year is scaled to its annual share. */
const NEV_SHARE_SHAPE: Record<number, number[]> = {
  2019: [4.2, 4.0, 5.6, 5.4, 5.8, 7.8, 4.8, 4.5, 4.3, 4.0, 4.6, 5.2],
  2020: [2.6, 4.2, 4.4, 4.7, 4.8, 4.6, 5.0, 5.4, 6.2, 7.2, 8.4, 9.0],
  2021: [8.0, 7.8, 9.0, 9.4, 10.4, 12.4, 14.6, 15.6, 17.5, 19.2, 20.9, 22.6],
  2022: [17.0, 18.0, 21.7, 25.2, 24.0, 25.5, 27.6, 28.0, 31.8, 31.1, 32.2, 35.1],
  2023: [24.7, 31.6, 34.2, 32.3, 32.4, 34.8, 36.0, 36.9, 36.1, 37.4, 40.0, 40.2],
  2024: [32.8, 35.4, 41.5, 43.5, 47.0, 48.5, 51.1, 53.9, 53.3, 52.9, 52.3, 49.4],
  2025: [41.5, 50.0, 51.1, 51.5, 52.9, 53.4, 55.3, 55.3, 58.1, 57.2, 59.8, 60.4],
  2026: [47.6, 52.3, 55.4, 56.8, 57.9, 58.6, 59.7, 60.1, 61.2, 61.9],
};

/** Annual NEV share (%) each year's months are scaled to. */
export const ANNUAL_NEV_SHARE: Record<number, number> = {
  2019: 5.1,
  2020: 5.8,
  2021: 14.8,
  2022: 27.6,
  2023: 35.7,
  2024: 47.6,
  2025: 54.1,
  2026: 58.8,
};

/**
 * BEV's part of NEV retail over a year (the rest is PHEV and EREV); Jan-Nov 2024 was 58 / 42, June 2025
 * 661 k / 450 k (59.5 %). A year's figure only: the months' split follows the makers sold and moves
 * month to month (facts.ts).
 */
export const BEV_PART_OF_NEV: Record<number, number> = {
  2019: 0.78,
  2020: 0.8,
  2021: 0.81,
  2022: 0.745,
  2023: 0.668,
  2024: 0.583,
  2025: 0.594,
  2026: 0.602,
};

export const FIRST_MONTH = 201901;
export const LAST_MONTH = 202610;

/** Every month of the data set, as YYYYMM, oldest first. */
export function allMonths(): number[] {
  const months: number[] = [];
  for (let m = FIRST_MONTH; m <= LAST_MONTH; m = nextMonth(m)) months.push(m);
  return months;
}

export function nextMonth(month: number): number {
  return month % 100 === 12 ? month + 89 : month + 1;
}

/** Whole months from a to b (b − a). */
export function monthsBetween(a: number, b: number): number {
  return (Math.floor(b / 100) - Math.floor(a / 100)) * 12 + ((b % 100) - (a % 100));
}

export function parseMonth(text: string): number {
  const [y, m] = text.split('-').map(Number);
  return y * 100 + m;
}

export interface MonthTarget {
  month: number;
  /** Units of retail this month: new energy (BEV, PHEV and EREV), and everything else. */
  nev: number;
  ice: number;
}

/** The monthly totals (thousands) of every year: complete years scaled to their total, the partial year from a year earlier. */
function monthTotals(): Map<number, number[]> {
  const totals = new Map<number, number[]>();
  for (const yearText of Object.keys(MONTH_SHAPE)) {
    const year = Number(yearText);
    const shape = MONTH_SHAPE[year];
    const shapeSum = shape.reduce((a, b) => a + b, 0);
    totals.set(
      year,
      shape.map((v) => (v / shapeSum) * ANNUAL_RETAIL[year]),
    );
  }
  const before = totals.get(PARTIAL_YEAR - 1) ?? [];
  totals.set(
    PARTIAL_YEAR,
    PARTIAL_GROWTH.map((g, i) => before[i] * (1 + g)),
  );
  return totals;
}

/**
 * `d` pulled towards zero and held within ±limit (an arctangent, so two years far from their anchors still
 * land apart): how far a calibrated share may land from its anchor.
 */
export function settle(d: number, limit: number): number {
  return ((2 * limit) / Math.PI) * Math.atan(d / limit);
}

/** How far (points of a percentage) a complete year's NEV share, or BEV part of NEV, may land from its anchor (settle). */
export const SHARE_LANDING_POINTS = 0.28;

/** The national retail target of each month, split into new energy and the rest. */
export function monthlyTargets(): MonthTarget[] {
  const targets: MonthTarget[] = [];
  for (const [year, months] of monthTotals()) {
    const totals = months.map((t) => t * 1000);
    const yearTotal = totals.reduce((a, b) => a + b, 0);
    const nevShape = NEV_SHARE_SHAPE[year];
    const nevShaped = totals.reduce((acc, t, i) => acc + t * nevShape[i], 0) / yearTotal;
    // The months' shape sets the year's share, pulled to within 0.3 points of the published one: near the
    // anchor, and where the model puts it rather than on the anchor's one decimal.
    const scale = (ANNUAL_NEV_SHARE[year] + settle(nevShaped - ANNUAL_NEV_SHARE[year], SHARE_LANDING_POINTS)) / nevShaped;
    totals.forEach((total, i) => {
      const nev = total * Math.min(0.95, (nevShape[i] * scale) / 100);
      targets.push({ month: year * 100 + i + 1, nev, ice: total - nev });
    });
  }
  return targets.sort((a, b) => a.month - b.month);
}

/**
 * Average discount (优惠率, share of MSRP) of a trim in a month, before the trim's own offset and city
 * noise: the 2023-2024 price war deepens it (Hubei's March 2023 subsidy war, then 2024's cuts), and the
 * 2025 "anti-involution" campaign eases it a little.
 */
export function marketDiscount(month: number, kind: 'jv-ice' | 'domestic-ice' | 'luxury' | 'nev' | 'direct'): number {
  const t = monthsBetween(FIRST_MONTH, month) / 12 + 2019; // fractional year
  // Direct sales (Tesla, the new forces) sell near list: their "war" is financing offers and small official cuts.
  const base = { 'jv-ice': 0.1, 'domestic-ice': 0.06, luxury: 0.14, nev: 0.025, direct: 0.01 }[kind];
  const war = { 'jv-ice': 0.09, 'domestic-ice': 0.045, luxury: 0.1, nev: 0.055, direct: 0.03 }[kind];
  // 0 before 2023-03, rising to 1 by the end of 2024, easing to 0.75 through 2025.
  let intensity = 0;
  if (t >= 2023.17) intensity = Math.min(1, (t - 2023.17) / 1.8);
  if (t >= 2025.5) intensity = Math.max(0.75, 1 - (t - 2025.5) * 0.25);
  // 2020's weak months brought a smaller, earlier push.
  const covid = t >= 2020.1 && t < 2020.6 ? 0.015 : 0;
  // February 2024: BYD's "电比油低" cuts opened the year's price war at a stroke, and the rest followed.
  const cut2024 = month >= 202402 ? { 'jv-ice': 0.012, 'domestic-ice': 0.015, luxury: 0.01, nev: 0.015, direct: 0.005 }[kind] : 0;
  return base + war * intensity + covid + cut2024;
}

import { roundSettled } from './metrics';

/**
 * How every figure reads, on the API's display strings, in every workbook and on the pages (spec 000
 * §4, §9; DESIGN.md "Display"). One rule each, decided once (decision "One display rule"):
 *
 * - Percents have one decimal. The API sends them as numbers (12.3 = 12.3 %) beside their display string.
 * - The dash rule: a growth (同比, 环比, 累计同比) or a share change that shows as 0.0 %, or lies outside
 *   (−1000 %, 1000 %), or is unknown, shows '-'. A fall to nothing is a real −100.0 %.
 * - Shares are never dashed for zero (0.0 % is a real share); only an unknown share is '-'.
 * - A point change (份额变化, MIX变化, 渗透率同比: any difference of two percents) is in percentage points,
 *   never a percent: signed, one decimal, no '%' ('+1.9', '-2.9') in a table whose header carries the unit
 *   ('份额变化(百分点)', `pointsHeader`), '+4.9个百分点' in a card; the dash rule as for a growth
 *   (decision 173).
 * - Whole numbers have thousands separators; an unknown one is '-'.
 */

export const DASH = '-';

/** A fraction as a percent with one decimal (0.1234 → 12.3), or null when unknown. Never −0. */
export function percentNumber(fraction: number | null | undefined): number | null {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return null;
  return roundSettled(fraction * 1000) / 10 || 0;
}

/** The dash rule on a one-decimal percent, as the API sends it: shown unless zero, out of range or unknown. */
export function isGrowthShown(percent: number | null | undefined): percent is number {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return false;
  const shown = Math.round(percent * 10) / 10;
  return shown !== 0 && Math.abs(shown) < 1000;
}

/** A growth (fraction) as the API's number: the one-decimal percent, or null where the display is a dash. */
export function growthNumber(fraction: number | null | undefined): number | null {
  const percent = percentNumber(fraction);
  return isGrowthShown(percent) ? percent : null;
}

/**
 * A one-decimal percent as text, '12.3%'. Written out by hand from whole tenths: several times faster
 * than toFixed (tables format thousands of cells), and never '-0.0%'.
 */
function tenthsText(percent: number): string {
  const tenths = Math.round(percent * 10);
  const magnitude = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(magnitude / 10)}.${magnitude % 10}%`;
}

/** A growth or share change sent as a percent number: '12.3%', or '-' by the dash rule. */
export function growthText(percent: number | null | undefined): string {
  return isGrowthShown(percent) ? tenthsText(percent) : DASH;
}

/** A growth or share change computed as a fraction: the same text as growthText of its percent. */
export function percentText(fraction: number | null | undefined): string {
  return growthText(percentNumber(fraction));
}

/** A share sent as a percent number: '12.3%', '0.0%' for zero, '-' when unknown. */
export function sharePercentText(percent: number | null | undefined): string {
  return percent === null || percent === undefined || !Number.isFinite(percent) ? DASH : tenthsText(percent);
}

/** A share computed as a fraction: the same text as sharePercentText of its percent. */
export function shareText(fraction: number | null | undefined): string {
  return sharePercentText(percentNumber(fraction));
}

/**
 * A shown figure signed as a rise: '+' before one that shows above zero ('12,000元' → '+12,000元', '1.9' → '+1.9');
 * a fall keeps its '-', and zero ('0元', '0.0%') and a dash stay as they are. The one sign rule of every signed text.
 */
export function signedText(text: string): string {
  return text !== DASH && !text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text;
}

/** Thousands-separated whole number: 1234567 → '1,234,567'; unknown → '-'. By hand: toLocaleString is slow in bulk. */
export function thousands(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const whole = Math.round(value) || 0;
  if (!Number.isSafeInteger(whole)) return whole.toLocaleString('en-US');
  const digits = String(Math.abs(whole));
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = text.length; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return whole < 0 ? `-${text}` : text;
}

/** A change in units or yuan, signed as every signed figure ('+12,345', '-800'); zero '0', unknown '-'. */
export function signedThousands(value: number | null | undefined): string {
  return signedText(thousands(value));
}

/** The direction a shown growth points: up or down (tables, cards, charts); none for a dash. */
export type GrowthDirection = 'up' | 'down' | null;

export function growthDirection(percent: number | null | undefined): GrowthDirection {
  if (!isGrowthShown(percent)) return null;
  return percent > 0 ? 'up' : 'down';
}

/**
 * The colour of a change, the one rule of every chart, card, table and deck (decision 269): a rise teal, a fall
 * pink, as spec 000 §9 asks ("chart colours up teal, down pink"; red reads as a rise to many Chinese readers). A
 * growth, a point change and a price's move take the same two colours. Both are text colours at 4.5:1 or more on
 * white and on every row background (#f4f8ff, #f2f4f7, #e8f0fe); the pages' stylesheets read them as `--up` and
 * `--down`, which the root layout sets from here.
 */
export const CHANGE_COLORS: Readonly<{ up: string; down: string }> = { up: '#08797a', down: '#c41d7f' };

/** The colour of a change that shows (the dash rule), or null for a dash. */
export function changeColor(percent: number | null | undefined): string | null {
  const direction = growthDirection(percent);
  return direction === null ? null : CHANGE_COLORS[direction];
}

/** The unit of a point change, written after a table header or a workbook column's title. */
export const POINTS_UNIT = '百分点';

/** A point change's header: '份额变化' → '份额变化(百分点)'. */
export function pointsHeader(label: string): string {
  return `${label}(${POINTS_UNIT})`;
}

/**
 * A point change (a difference of two percents) sent as a number of points, in a table: signed, one
 * decimal, no '%' ('+1.9', '-2.9'); '-' by the dash rule of a growth. Its header says the unit (`pointsHeader`).
 */
export function pointsText(points: number | null | undefined): string {
  if (!isGrowthShown(points)) return DASH;
  return signedText(tenthsText(points).slice(0, -1));
}

/** A point change computed as a fraction (0.019 = 1.9 points): the same text as pointsText of its points. */
export function pointsTextOf(fraction: number | null | undefined): string {
  return pointsText(percentNumber(fraction));
}

/** A number with two decimals from whole hundredths, as tenthsText: '12.34', never '-0.00'. */
function hundredthsText(value: number): string {
  const hundredths = Math.round(value * 100) || 0;
  const magnitude = Math.abs(hundredths);
  return `${hundredths < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/**
 * A share or weight sent as a percent number to two decimals (份额归因's w and s, decision 302), where its points are
 * split to the hundredth: '12.34%', '0.00%' for zero, '-' when unknown.
 */
export function sharePercent2Text(percent: number | null | undefined): string {
  return percent === null || percent === undefined || !Number.isFinite(percent) ? DASH : `${hundredthsText(percent)}%`;
}

/** A point change to two decimals (份额归因's effects, decision 302): signed, '+0.41', '-1.20'; '-' where it shows as 0.00 or is unknown. */
export function points2Text(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points) || Math.round(points * 100) === 0) return DASH;
  return signedText(hundredthsText(points));
}

/** A point change in a card or a sentence, where no header carries the unit: '+4.9个百分点'; '-' by the dash rule. */
export function pointsCardText(points: number | null | undefined): string {
  const text = pointsText(points);
  return text === DASH ? DASH : `${text}个${POINTS_UNIT}`;
}

/** 份额归因's two-decimal point change in a card: '+0.41个百分点' (points2Text with its unit, as pointsCardText); '-' for none. */
export function points2CardText(points: number | null | undefined): string {
  const text = points2Text(points);
  return text === DASH ? DASH : `${text}个${POINTS_UNIT}`;
}

export type RankArrow = 'up' | 'down' | 'flat' | null;

/** The arrow beside a rank by rankingStatus (a RankingStatus, or any number from the wire): none for −2 or no rank at all. */
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

/**
 * Vehicles in 千辆 with one decimal and thousands separators (the dashboard's and mobile page's unit):
 * 1234567 → '1,234.6'; `signed` adds '+' to a rise ('+12.3'). Unknown → '-'.
 */
export function kiloVehicles(value: number | null | undefined, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const tenths = Math.round(value / 100) || 0;
  const magnitude = Math.abs(tenths);
  const text = `${thousands(Math.floor(magnitude / 10))}.${magnitude % 10}`;
  if (tenths < 0) return `-${text}`;
  return signed ? signedText(text) : text;
}

/**
 * 万元 with two decimals and thousands separators, from a number already in 万元: 11.98 → '11.98';
 * unknown → '-'.
 */
export function tenThousandText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const cents = Math.round(value * 100) || 0;
  const magnitude = Math.abs(cents);
  const text = `${thousands(Math.floor(magnitude / 100))}.${String(magnitude % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

// ------------------------------------------------------------------------------------------------
// Figures in workbooks (decision 141)
// ------------------------------------------------------------------------------------------------

/**
 * The kinds of figure a workbook writes, each read by one display rule above:
 * - count: a whole number (volumes, yuan, ranks) with thousands separators (`thousands`);
 * - percent: a share or rate sent as a one-decimal percent number; zero is real (`sharePercentText`);
 * - growth: a growth sent as a one-decimal percent number; the dash rule (`growthText`);
 * - points: a point change (份额变化, MIX变化) sent as one-decimal points; the dash rule; no '%': the cell
 *   holds 1.9, not 0.019 (`pointsText`), and its header says (百分点);
 * - tenThousand: 万元 with two decimals (`tenThousandText`);
 * - percent2, points2: a share and a point change to two decimals, where a split is exact to the hundredth of a point
 *   (份额归因, decision 302: `sharePercent2Text`, `points2Text`); otherwise as percent and points.
 */
export type FigureKind = 'count' | 'percent' | 'growth' | 'points' | 'tenThousand' | 'percent2' | 'points2';

interface FigureRule {
  /** Decimals shown. */
  decimals: number;
  /** Thousands separators. */
  grouped: boolean;
  /** Sent as a percent number (12.3), shown with '%': the cell holds the fraction (0.123). */
  percent: boolean;
  /** A rise shows its '+' (a point change: '+1.9'). */
  signed?: boolean;
  /** The page's text of the value: a dash where the rule says there is no value. */
  text: (value: number | null | undefined) => string;
}

/** One rule per kind: the text the pages show and the workbook's number format both come from it. */
export const FIGURE_RULES: Readonly<Record<FigureKind, FigureRule>> = {
  count: { decimals: 0, grouped: true, percent: false, text: thousands },
  percent: { decimals: 1, grouped: false, percent: true, text: sharePercentText },
  growth: { decimals: 1, grouped: false, percent: true, text: growthText },
  points: { decimals: 1, grouped: false, percent: false, signed: true, text: pointsText },
  tenThousand: { decimals: 2, grouped: true, percent: false, text: tenThousandText },
  percent2: { decimals: 2, grouped: false, percent: true, text: sharePercent2Text },
  points2: { decimals: 2, grouped: false, percent: false, signed: true, text: points2Text },
};

/** The kind's spreadsheet number format, built from its rule: '#,##0', '0.0%', '+0.0;-0.0;0.0', '#,##0.00'. */
export function figureFormat(kind: FigureKind): string {
  const rule = FIGURE_RULES[kind];
  const number = `${rule.grouped ? '#,##0' : '0'}${rule.decimals > 0 ? `.${'0'.repeat(rule.decimals)}` : ''}${rule.percent ? '%' : ''}`;
  return rule.signed ? `+${number};-${number};${number}` : number;
}

/** Zero as a figure of `kind` reads where its dash rule would hide it (a waterfall's bar that moved nothing): '0', '0.0', '0.00', '0.0%'. */
export function zeroFigureText(kind: FigureKind): string {
  const rule = FIGURE_RULES[kind];
  return `0${rule.decimals > 0 ? `.${'0'.repeat(rule.decimals)}` : ''}${rule.percent ? '%' : ''}`;
}

/**
 * The format of a chart axis of percent numbers as the API sends them (12.3 reads 12.3%, not a fraction): the
 * decimals of a growth, the '%' written as text. The decks' percent axis (issue 31).
 */
export function percentNumberFormat(): string {
  return `0.${'0'.repeat(FIGURE_RULES.growth.decimals)}"%"`;
}

/**
 * A figure as a spreadsheet cell: the number its format shows as the page's text (a percent as its
 * fraction, rounded to what is shown), or DASH exactly where the page's text is a dash.
 */
export function figureCell(kind: FigureKind, value: number | null | undefined): number | typeof DASH {
  if (value === null || value === undefined || FIGURE_RULES[kind].text(value) === DASH) return DASH;
  const rule = FIGURE_RULES[kind];
  const scale = 10 ** rule.decimals;
  const shown = Math.round(value * scale) / scale || 0;
  return rule.percent ? Math.round(shown * scale) / (scale * 100) : shown;
}

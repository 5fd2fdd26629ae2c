import {
  growth,
  growthNumber,
  percentNumber,
  percentText,
  pointsCardText,
  type PriceTableMeasure,
  type PriceTraceMeasure,
  sharePercentText,
  yuanText,
} from '@car/contracts';
import type { AnalyticsRow } from '../analytics/analytics.service';
import type { MeasureRequest } from '../analytics/query';

/**
 * A group's prices of one month as shown: MSRP and TP weighted over the volume (whole yuan), discount =
 * MSRP − TP of those whole yuan, rate = discount / MSRP (a fraction). Null where nothing was priced.
 */
export interface PriceFigures {
  msrp: number | null;
  tp: number | null;
  discount: number | null;
  /** A fraction: 0.123 = 12.3 %. */
  rate: number | null;
  qty: number;
}

/**
 * The measures a group's price figures read, each named with `suffix`: weighted MSRP and TP, the discount and
 * its rate (the query layer's one definition), and the volume under them; over a span or under a shift. Ask
 * for them with `pricesInWholeYuan` (PRICES_AS_SHOWN), so the discount is the MSRP shown less the TP shown.
 */
export const priceMeasures = (suffix = '', months: Pick<MeasureRequest, 'span' | 'shift'> = {}): MeasureRequest[] => [
  { measure: 'msrp', ...months, as: `msrp${suffix}` },
  { measure: 'tp', ...months, as: `tp${suffix}` },
  { measure: 'discount', ...months, as: `discount${suffix}` },
  { measure: 'discountRate', ...months, as: `rate${suffix}` },
  { measure: 'qty', ...months, as: `qty${suffix}` },
];

/** The part of a price question that makes its prices the pages' whole yuan (decision 54). */
export const PRICES_AS_SHOWN = { pricesInWholeYuan: true } as const;

/** A group's figures from the values of `priceMeasures(suffix)`; none where the group has no row. */
export function priceFigures(values: AnalyticsRow['values'] | undefined, suffix = ''): PriceFigures {
  if (!values) return NO_PRICES;
  const at = (name: string): number | null => values[`${name}${suffix}`] ?? null;
  return { msrp: at('msrp'), tp: at('tp'), discount: at('discount'), rate: at('rate'), qty: at('qty') ?? 0 };
}

export const NO_PRICES: PriceFigures = { msrp: null, tp: null, discount: null, rate: null, qty: 0 };

/**
 * A TP gap (decision 276): 本品's TP less the rival's, in yuan, and that gap as a one-decimal percent of the rival's TP;
 * null without both prices.
 */
export function tpGapOf(mine: number | null, theirs: number | null): { gap: number | null; percent: number | null } {
  if (mine === null || theirs === null) return { gap: null, percent: null };
  const gap = mine - theirs;
  return { gap, percent: theirs ? percentNumber(gap / theirs) : null };
}

/** A relative change of a price (环比, since January): a fraction, null without both prices. */
export function priceChange(current: number | null, base: number | null): number | null {
  return current === null || base === null ? null : growth(current, base);
}

/** The change of a rate in percentage points as a fraction (0.012 = +1.2 pt), null without both. */
export function rateChange(current: number | null, base: number | null): number | null {
  return current === null || base === null ? null : current - base;
}

/** The value a month table shows for a measure: TP or discount in yuan, the rate as a one-decimal percent. */
export function measureValue(figures: PriceFigures, measure: PriceTableMeasure): number | null {
  if (measure === 2) return figures.tp;
  if (measure === 0) return figures.discount;
  return percentNumber(figures.rate);
}

/** The value the trace chart draws for its measure (PRICE_TRACE_MEASURES): a month table's, or the MSRP (3). */
export function traceMeasureValue(figures: PriceFigures, measure: PriceTraceMeasure): number | null {
  return measure === 3 ? figures.msrp : measureValue(figures, measure);
}

export function measureText(figures: PriceFigures, measure: PriceTableMeasure): string {
  return measure === 1 ? sharePercentText(percentNumber(figures.rate)) : yuanText(measureValue(figures, measure));
}

/** A change as the API sends it: the one-decimal percent (null by the dash rule) and its text. */
export function changeFields(change: number | null): { value: number | null; text: string } {
  return { value: growthNumber(change), text: percentText(change) };
}

/** A change of a rate as the API sends it for a card: its points (null by the dash rule) and '+1.2个百分点' (decision 173). */
export function pointChangeFields(change: number | null): { value: number | null; text: string } {
  return { value: growthNumber(change), text: pointsCardText(percentNumber(change)) };
}

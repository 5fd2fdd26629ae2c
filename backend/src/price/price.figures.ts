import { growth, growthNumber, percentNumber, percentText, type PriceTableMeasure, sharePercentText, wholeYuan, yuanText } from '@car/contracts';

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

/** The figures of weighted MSRP and TP in yuan (the query layer's `msrp`, `tp`), with the volume behind them. */
export function priceFigures(msrp: number | null | undefined, tp: number | null | undefined, qty: number | null | undefined): PriceFigures {
  const m = wholeYuan(msrp);
  const t = wholeYuan(tp);
  const discount = m === null || t === null ? null : m - t;
  const rate = discount === null || !m ? null : discount / m;
  return { msrp: m, tp: t, discount, rate, qty: qty ?? 0 };
}

export const NO_PRICES: PriceFigures = { msrp: null, tp: null, discount: null, rate: null, qty: 0 };

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

export function measureText(figures: PriceFigures, measure: PriceTableMeasure): string {
  return measure === 1 ? sharePercentText(percentNumber(figures.rate)) : yuanText(measureValue(figures, measure));
}

/** A change as the API sends it: the one-decimal percent (null by the dash rule) and its text. */
export function changeFields(change: number | null): { value: number | null; text: string } {
  return { value: growthNumber(change), text: percentText(change) };
}

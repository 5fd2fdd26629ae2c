import {
  type AlertFigure,
  alertChangeText,
  alertValueText,
  growthNumber,
  percentNumber,
  type PickableRowKind,
  pointsCardText,
  type RivalTpFall,
  rivalTpFallTexts,
  type TableRow,
  thousands,
} from '@car/contracts';
import type { DimensionKey } from '../analytics/model';
import type { SetFigures } from '../competitorSets/competitor-monitor.figures';
import { type PriceFigures, priceChange, rateChange } from '../price/price.figures';

/** The query layer's dimension of each row kind of the market: one query per group of subscriptions answers every row of it. */
export const ROW_DIMENSIONS: Record<PickableRowKind, DimensionKey> = {
  producer: 'producer',
  brand: 'brand',
  subSeries: 'subSeries',
  province: 'province',
  city: 'city',
};

/** A row's figure with its texts: what a condition compares and a notification says. */
export interface ShownFigure extends AlertFigure {
  valueText: string;
  changeText: string;
  /** The notification's whole figure sentence, where it is not '<row> <month> <measure> <value>' (a rival's TP fall). */
  figureText?: string;
}

/**
 * A sales figure of a ranking row as the sales pages show it (SaleVolumeService's rows, the tables' one rule):
 * 销量 and its 同比, 份额 and its 份额变化, 同比 beside the same month a year earlier, 份额变化 beside both shares.
 */
export function salesFigure(measure: 'sales' | 'share' | 'yoy' | 'shareChange', row: TableRow): ShownFigure {
  switch (measure) {
    case 'sales':
      return { value: row.sales, change: row.yoy, valueText: alertValueText('sales', row.sales), changeText: alertChangeText('sales', row.yoy) };
    case 'share':
      return { value: row.mix, change: row.mixChange, valueText: alertValueText('share', row.mix), changeText: alertChangeText('share', row.mixChange) };
    case 'yoy':
      return { value: row.yoy, change: row.yoy, valueText: alertValueText('yoy', row.yoy), changeText: `同期销量 ${thousands(row.tqSales)}辆` };
    case 'shareChange':
      return {
        value: row.mixChange,
        change: row.mixChange,
        valueText: alertValueText('shareChange', row.mixChange),
        changeText: `份额 ${row.mixs}（同期 ${row.tqMixs}）`,
      };
  }
}

/**
 * A price figure of a row as the price cards show it (price.figures' rules): 成交价 in whole yuan and its 环比 in
 * percent, 优惠率 in percent and its 环比 in points.
 */
export function priceFigure(measure: 'tp' | 'discountRate', now: PriceFigures, previous: PriceFigures): ShownFigure {
  if (measure === 'tp') {
    const change = growthNumber(priceChange(now.tp, previous.tp));
    return { value: now.tp, change, valueText: alertValueText('tp', now.tp), changeText: alertChangeText('tp', change) };
  }
  const value = percentNumber(now.rate);
  const change = growthNumber(rateChange(now.rate, previous.rate));
  return { value, change, valueText: alertValueText('discountRate', value), changeText: `优惠率环比 ${pointsCardText(change)}` };
}

// ---------- a competitor set's (decision 298) ----------

/** The last of a set's months (the month evaluated; the one before it is the month before). */
const lastOf = (values: readonly unknown[]): number => values.length - 1;

/**
 * 本品's share within the set as 竞品监控's card shows it (the page's own figures, monitorFigures): the month's
 * one-decimal percent, and its change on the month before in points.
 */
export function setShareFigure(figures: SetFigures): ShownFigure {
  const value = figures.own.shares[lastOf(figures.own.shares)] ?? null;
  const change = figures.own.shareChange;
  return { value, change, valueText: alertValueText('setShare', value), changeText: alertChangeText('setShare', change) };
}

/**
 * The rivals whose national TP (whole yuan, as the page's price table) fell on the month before: the fall in yuan and
 * in percent of the month before's TP (one decimal, the price cards' 环比 rule), the largest first in `measure`'s unit
 * (the page's order of the members on a tie). A rival without both months' TP did not fall.
 */
export function rivalTpFalls(figures: SetFigures, measure: 'rivalTpFall' | 'rivalTpFallRate'): RivalTpFall[] {
  const falls: RivalTpFall[] = [];
  for (const member of figures.members) {
    const last = lastOf(member.tp);
    const [previousTp, tp] = [member.tp[last - 1] ?? null, member.tp[last]];
    if (member.own || tp === null || previousTp === null || !(tp < previousTp)) continue;
    const rate = growthNumber(priceChange(tp, previousTp));
    falls.push({ name: member.name, tp, previousTp, fall: previousTp - tp, fallRate: rate === null ? null : -rate });
  }
  const size = (r: RivalTpFall) => (measure === 'rivalTpFall' ? r.fall : (r.fallRate ?? -1));
  return falls.sort((a, b) => size(b) - size(a));
}

/**
 * A rival's TP fall as a condition reads it: the largest fall (yuan, or percent), null when no rival fell — so that
 * 变动超过 N holds when some rival fell by more than N — and the texts naming the rivals that did, largest first.
 */
export function rivalTpFallFigure(
  measure: 'rivalTpFall' | 'rivalTpFallRate',
  threshold: number,
  figures: SetFigures,
  setName: string,
  month: number,
): ShownFigure {
  const size = (r: RivalTpFall) => (measure === 'rivalTpFall' ? r.fall : r.fallRate);
  const falls = rivalTpFalls(figures, measure).filter((r) => size(r) !== null);
  const value = falls.length > 0 ? size(falls[0]) : null;
  const texts = rivalTpFallTexts(
    setName,
    month,
    falls.filter((r) => size(r)! > threshold),
  );
  return { value, change: value, valueText: alertValueText(measure, value), changeText: texts.changeText, figureText: texts.figureText };
}

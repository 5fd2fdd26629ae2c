import {
  type AlertFigure,
  type AlertMeasure,
  type AlertRowKind,
  alertChangeText,
  alertValueText,
  growthNumber,
  percentNumber,
  pointsCardText,
  type TableRow,
  thousands,
} from '@car/contracts';
import type { DimensionKey } from '../analytics/model';
import { type PriceFigures, priceChange, rateChange } from '../price/price.figures';

/** The query layer's dimension of each row kind: one query per group of subscriptions answers every row of it. */
export const ROW_DIMENSIONS: Record<AlertRowKind, DimensionKey> = {
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
}

/**
 * A sales figure of a ranking row as the sales pages show it (SaleVolumeService's rows, the tables' one rule):
 * 销量 and its 同比, 份额 and its 份额变化, 同比 beside the same month a year earlier, 份额变化 beside both shares.
 */
export function salesFigure(measure: Exclude<AlertMeasure, 'tp' | 'discountRate'>, row: TableRow): ShownFigure {
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

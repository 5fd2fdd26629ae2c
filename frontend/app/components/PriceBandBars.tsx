/**
 * One cell of the price-band table (车型价格段销量): this period's and last year's sales or MIX as two
 * bars, their widths as the API gives them (percent of the column's largest).
 */
import { type DimensionCell, sharePercentText, thousands } from '@car/contracts';

export function PriceBandBars({ cell, percent }: { cell: DimensionCell; percent: boolean }) {
  const [value, lastYear, width, lastWidth] = cell.data as [number | null, number | null, number, number];
  const show = (v: number | null) => (percent ? sharePercentText(v) : thousands(v));
  return (
    <div className="band-bars">
      <div className="band-bars__row">
        <span className="band-bars__bar band-bars__bar--current" style={{ width: `${width}%` }} />
        <span className="band-bars__value">{show(value)}</span>
      </div>
      <div className="band-bars__row">
        <span className="band-bars__bar band-bars__bar--last" style={{ width: `${lastWidth}%` }} />
        <span className="band-bars__value band-bars__value--last">{show(lastYear)}</span>
      </div>
    </div>
  );
}

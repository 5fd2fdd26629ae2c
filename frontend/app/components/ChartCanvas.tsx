/**
 * A chart's drawing area, the same on every chart of the pages: the canvas of `useChartCanvas` (its
 * `data-drawn` says it is painted, the PNG button's and the tests' signal) and 暂无数据 over an empty chart.
 */
import type { RefObject } from 'react';

export function ChartCanvas({
  canvas,
  label,
  drawn,
  height,
  empty = false,
  className,
}: {
  canvas: RefObject<HTMLCanvasElement>;
  label: string;
  drawn: boolean;
  height: number;
  empty?: boolean;
  className?: string;
}) {
  return (
    <div className={className ? `trend-chart__canvas ${className}` : 'trend-chart__canvas'} style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} data-drawn={drawn ? 'true' : 'false'} />
      {empty ? <div className="trend-chart__empty">暂无数据</div> : null}
    </div>
  );
}

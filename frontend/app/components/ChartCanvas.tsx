/**
 * A chart's drawing area, the same on every chart of the pages: the canvas of `useChartCanvas` (its
 * `data-drawn` says it is painted, the PNG button's and the tests' signal; `data-labels` and `data-datasets` what
 * it draws: its categories and its shown series, in order) and 暂无数据 over an empty chart.
 * Its text alternative (role img): the title and the latest figures of each series (chartSummary), so a
 * screen reader hears what the chart says.
 */
import type { RefObject } from 'react';

import { chartSummary } from '~/utils/chart-result';
import type { ChartFigures } from './useChartCanvas';

export function ChartCanvas({
  canvas,
  label,
  drawn,
  height,
  empty = false,
  className,
  figures,
}: {
  canvas: RefObject<HTMLCanvasElement>;
  label: string;
  drawn: boolean;
  height: number;
  empty?: boolean;
  className?: string;
  /** What the chart draws (useChartCanvas); omitted, the label alone names it. */
  figures?: ChartFigures | null;
}) {
  const name = figures && !empty ? chartSummary(label, figures.labels, figures.datasets) : label;
  return (
    <div className={className ? `trend-chart__canvas ${className}` : 'trend-chart__canvas'} style={{ height }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={name}
        data-drawn={drawn ? 'true' : 'false'}
        data-labels={figures ? JSON.stringify(figures.labels) : undefined}
        data-datasets={figures ? JSON.stringify(figures.datasets.filter((d) => !d.hidden).map((d) => d.label ?? '')) : undefined}
      />
      {empty ? <div className="trend-chart__empty">暂无数据</div> : null}
    </div>
  );
}

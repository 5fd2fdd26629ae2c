/**
 * The mobile page's combo chart (spec 001 §2.13, §9): columns plus lines, height 400, the 环比 line hidden
 * at first. The sales chart's configuration (trendChartConfig) on the shared canvas lifecycle, without
 * the desktop panel's controls: the page carries no Semantic UI, so it paints sooner on a phone.
 */
import type { ChartResult } from '@car/contracts';
import { trendChartConfig } from '~/utils/chart-result';
import { useChartCanvas } from './useChartCanvas';

export function MpChart({ title, chart, height }: { title: string; chart: ChartResult; height: number }) {
  const { canvas, drawn } = useChartCanvas(chart, (c) => trendChartConfig(c, false));
  return (
    <section className="trend-chart mp-chart">
      <h3>{title}</h3>
      <div className="trend-chart__canvas" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={title} data-drawn={drawn ? 'true' : 'false'} />
      </div>
    </section>
  );
}

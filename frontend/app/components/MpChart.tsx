/**
 * The mobile page's combo chart (spec 001 §2.13, §9): columns plus lines, height 400, the 环比 line hidden
 * at first. The sales chart's configuration (trendChartConfig) on the shared canvas lifecycle, without
 * the desktop panel's controls: the page carries no Semantic UI, so it paints sooner on a phone. Its
 * tooltips, text alternative and sign legend are the kit's.
 */
import type { ChartResult } from '@car/contracts';
import { colorsByGrowth, trendChartConfig } from '~/utils/chart-result';
import { ChartCanvas } from './ChartCanvas';
import { SignLegend } from './SignLegend';
import { useChartCanvas } from './useChartCanvas';

export function MpChart({ title, chart, height }: { title: string; chart: ChartResult; height: number }) {
  const { canvas, drawn, figures } = useChartCanvas(chart, (c) => trendChartConfig(c, false));
  return (
    <section className="trend-chart mp-chart">
      <h3>{title}</h3>
      <ChartCanvas canvas={canvas} label={title} drawn={drawn} height={height} figures={figures} />
      {colorsByGrowth(chart) ? <SignLegend kind="growth" /> : null}
    </section>
  );
}

/**
 * A price × figure chart of the sales-proportion page (spec 001 §2.3): each point a trim at its weighted
 * TP or MSRP (x, 万) against its sales or MIX (y), as bubbles sized by volume or as plain points, one
 * colour per series; the largest points carry their trim's name (contracts `labelledPoints`, the deck's rule too;
 * never over one another), the tooltip names any trim and its series on hover. Drawn with chart.js in the browser
 * into a box of fixed height.
 */
import type { Chart, Plugin } from 'chart.js';
import type { ReactNode } from 'react';

import { CHART_PALETTE as PALETTE, labelledPoints, type PriceScatter, thousands } from '@car/contracts';
import { chartAnimation } from '~/utils/motion';
import { ChartCanvas } from './ChartCanvas';
import { ChartExportButton } from './ChartExportButton';
import { PanelBusy } from './PanelBusy';
import { useChartCanvas } from './useChartCanvas';

/** The largest bubble's radius in pixels; the others by the square root of their volume. */
const MAX_RADIUS = 24;
const MIN_RADIUS = 3;
const LABEL_FONT = '12px "PingFang SC", "Microsoft YaHei", sans-serif';
const LABEL_GAP = 3;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Names the points `labelledPoints` chooses (the largest by sales, a name once, at most six: the deck names the same),
 * each above its point or else below it; one whose name would cross a name already written or leave the plot is left
 * to its tooltip, not replaced by a smaller point, so the page never names a point the deck does not. What it wrote
 * is left on the canvas (`data-point-labels`, `data-point-label-boxes`) for the tests and the text alternative.
 * Typed as a plugin of any chart (it reads only points and their names): the bubble-or-scatter type checked or
 * failed by the order TypeScript 7's parallel checkers met the chart types in.
 */
const pointLabels: Plugin = {
  id: 'pointLabels',
  afterDatasetsDraw(chart: Chart) {
    const { ctx, chartArea } = chart;
    const candidates = chart.data.datasets.flatMap((dataset, d) => {
      const meta = chart.getDatasetMeta(d);
      if (!chart.isDatasetVisible(d)) return [];
      return meta.data.map((element, i) => {
        const raw = dataset.data[i] as unknown as { name: string; sales: number; r?: number };
        const { x, y } = element.getProps(['x', 'y'], true) as { x: number; y: number };
        return { name: raw.name, sales: raw.sales, x, y, r: (element.options as { radius?: number }).radius ?? raw.r ?? 4 };
      });
    });
    ctx.save();
    ctx.font = LABEL_FONT;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const placed: Array<{ name: string; box: Box }> = [];
    const inside = (b: Box) => b.left >= chartArea.left && b.right <= chartArea.right && b.top >= chartArea.top && b.bottom <= chartArea.bottom;
    for (const point of labelledPoints(candidates)) {
      const width = ctx.measureText(point.name).width + 4;
      const height = 14;
      // Centred on the point, moved sideways as far as needed to stay inside the plot (a bubble near an edge).
      const left = Math.max(chartArea.left, Math.min(point.x - width / 2, chartArea.right - width));
      const at = (centreY: number): Box => ({ left, right: left + width, top: centreY - height / 2, bottom: centreY + height / 2 });
      const above = at(point.y - point.r - LABEL_GAP - height / 2);
      const below = at(point.y + point.r + LABEL_GAP + height / 2);
      const box = [above, below].find((b) => inside(b) && placed.every((p) => !overlaps(p.box, b)));
      if (!box) continue;
      ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
      ctx.fillRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
      ctx.fillStyle = '#1f2d3d';
      ctx.fillText(point.name, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
      placed.push({ name: point.name, box });
    }
    ctx.restore();
    chart.canvas.dataset.pointLabels = JSON.stringify(placed.map((p) => p.name));
    chart.canvas.dataset.pointLabelBoxes = JSON.stringify(placed.map((p) => [p.box.left, p.box.top, p.box.right, p.box.bottom].map(Math.round)));
  },
};

/** The canvas's accessible name: the title and each series with its number of trims drawn ('时间段对比：2026-10（5个车型），…'). */
function chartLabel(title: string, chart: PriceScatter | null): string {
  if (!chart || chart.series.length === 0) return title;
  const drawn = (s: PriceScatter['series'][number]) => s.points.filter((p) => p.x !== null && p.y !== null).length;
  return `${title}：${chart.series.map((s) => `${s.name}（${drawn(s)}个车型）`).join('，')}`;
}

interface ScatterChartProps {
  title: string;
  chart: PriceScatter | null;
  /** 0 bubble, 1 scatter. */
  type: 0 | 1;
  /** The y axis is a MIX percent. */
  percent: boolean;
  height: number;
  loading: boolean;
  tools?: ReactNode;
  label: string;
}

export function ScatterChart({ title, chart, type, percent, height, loading, tools, label }: ScatterChartProps) {
  const { canvas, drawn, exportPng } = useChartCanvas(
    chart,
    (chart) => {
      const largest = Math.max(1, ...chart.series.flatMap((s) => s.points.map((p) => p.sales)));
      const datasets = chart.series.map((s, i) => ({
        label: s.name,
        backgroundColor: `${PALETTE[i % PALETTE.length]}99`,
        borderColor: PALETTE[i % PALETTE.length],
        data: s.points
          .filter((p) => p.x !== null && p.y !== null)
          .map((p) => ({
            x: p.x as number,
            y: p.y as number,
            r: type === 0 ? Math.max(MIN_RADIUS, MAX_RADIUS * Math.sqrt(p.sales / largest)) : 4,
            name: p.name,
            sales: p.sales,
          })),
      }));
      return {
        type: type === 0 ? 'bubble' : 'scatter',
        data: { datasets },
        plugins: [pointLabels],
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: chartAnimation(),
          plugins: {
            legend: { position: 'top' },
            tooltip: {
              callbacks: {
                label: (item) => {
                  const raw = item.raw as { x: number; y: number; name: string; sales: number };
                  const figure = percent ? `${raw.y.toFixed(1)}%` : thousands(raw.y);
                  return `${item.dataset.label} ${raw.name}：${raw.x.toFixed(2)}万，${figure}（销量 ${thousands(raw.sales)}）`;
                },
              },
            },
          },
          scales: {
            x: { title: { display: true, text: chart.xTitle }, ticks: { callback: (v) => `${v}万` } },
            y: { beginAtZero: true, title: { display: true, text: chart.yTitle }, ticks: { callback: (v) => (percent ? `${v}%` : thousands(Number(v))) } },
          },
        },
      };
    },
    [type, percent],
  );

  const empty = chart !== null && chart.series.every((s) => s.points.length === 0);
  return (
    <section className="panel trend-chart scatter-chart" aria-busy={loading} aria-label={label}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools">
          {tools}
          <ChartExportButton onClick={() => exportPng(title, { title })} disabled={!drawn} />
        </div>
      </header>
      <ChartCanvas canvas={canvas} label={chartLabel(title, chart)} drawn={drawn} height={height} empty={empty} className="scatter-chart__canvas" />
      <PanelBusy active={loading} />
    </section>
  );
}

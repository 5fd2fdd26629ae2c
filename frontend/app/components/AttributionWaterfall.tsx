/**
 * 归因分析's waterfall (issue 50): the base level, the movers (the largest members, the rest as 其他, or the effects) as
 * floating bars from the level before them to the level after, and the current level; the base grey, the current the
 * brand blue, a rise teal and a fall pink (CHANGE_COLORS), each bar labelled — the ends with their level, the changes
 * signed. Drawn by the chart kit (useChartCanvas) into a box of fixed height; the PNG export as every chart's.
 */
import type { Chart, ChartConfiguration, Plugin } from 'chart.js';

import { CHANGE_COLORS, CHART_PALETTE, type WaterfallBar } from '@car/contracts';
import { waterfallLabel, waterfallRange, type WaterfallText } from '~/utils/attribution';
import { chartAnimation } from '~/utils/motion';
import { ChartCanvas } from './ChartCanvas';
import { ChartExportButton } from './ChartExportButton';
import { PanelBusy } from './PanelBusy';
import { useChartCanvas } from './useChartCanvas';

const BASE_COLOR = '#9aa5b1';
const LABEL_FONT = '12px "PingFang SC", "Microsoft YaHei", sans-serif';

/** A bar's colour by its kind, a change by its sign. */
function barColor(bar: WaterfallBar): string {
  if (bar.kind === 'base') return BASE_COLOR;
  if (bar.kind === 'current') return CHART_PALETTE[0];
  return bar.to >= bar.from ? CHANGE_COLORS.up : CHANGE_COLORS.down;
}

/** Writes each bar's label above its top (a fall: under its bottom), as the deck's data labels do. */
function labelsPlugin(labels: readonly string[], bars: readonly WaterfallBar[]): Plugin {
  return {
    id: 'waterfallLabels',
    afterDatasetsDraw(chart: Chart) {
      const { ctx } = chart;
      const meta = chart.getDatasetMeta(0);
      ctx.save();
      ctx.font = LABEL_FONT;
      ctx.textAlign = 'center';
      meta.data.forEach((element, i) => {
        const { x, y, base } = element.getProps(['x', 'y', 'base'], true) as { x: number; y: number; base: number };
        const falls = bars[i].kind !== 'base' && bars[i].kind !== 'current' && bars[i].to < bars[i].from;
        ctx.fillStyle = falls ? CHANGE_COLORS.down : '#1f2d3d';
        ctx.textBaseline = falls ? 'top' : 'bottom';
        const top = Math.min(y, base);
        const bottom = Math.max(y, base);
        ctx.fillText(labels[i], x, falls ? bottom + 3 : top - 3);
      });
      ctx.restore();
      chart.canvas.dataset.barLabels = JSON.stringify(labels);
    },
  };
}

function waterfallConfig(bars: readonly WaterfallBar[], text: WaterfallText): ChartConfiguration {
  const labels = bars.map((b) => waterfallLabel(b, text));
  const range = waterfallRange(bars);
  return {
    type: 'bar',
    data: {
      labels: bars.map((b) => b.name),
      datasets: [
        {
          label: '',
          // Floating bars: each from the level before it to the level after (the ends from zero).
          data: bars.map((b) => [b.from, b.to] as [number, number]),
          backgroundColor: bars.map(barColor),
          borderWidth: 0,
          maxBarThickness: 56,
        },
      ],
    },
    plugins: [labelsPlugin(labels, bars)],
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: chartAnimation(),
      layout: { padding: { top: 22, bottom: 4 } },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => `${bars[item.dataIndex].name}：${labels[item.dataIndex]}` } },
      },
      scales: {
        x: { grid: { display: false }, ticks: { autoSkip: false, maxRotation: 30 } },
        y: { min: range.min, max: range.max, ticks: { stepSize: range.step, callback: (v) => text.level(Number(v)) } },
      },
    },
  };
}

interface AttributionWaterfallProps {
  title: string;
  bars: readonly WaterfallBar[] | null;
  text: WaterfallText;
  height: number;
  loading: boolean;
  fileName: string;
}

/** The canvas's text alternative: every bar with its label, as the chart writes them ('基期 1,000，纯电动 +200，…'). */
function waterfallName(title: string, bars: readonly WaterfallBar[] | null, text: WaterfallText): string {
  return bars && bars.length > 0 ? `${title}：${bars.map((b) => `${b.name} ${waterfallLabel(b, text)}`).join('，')}` : title;
}

export function AttributionWaterfall({ title, bars, text, height, loading, fileName }: AttributionWaterfallProps) {
  // The figures' formats are the tab's, fixed for a tab: the chart is drawn again when its bars change.
  const { canvas, drawn, exportPng } = useChartCanvas(bars, (b) => waterfallConfig(b, text));
  const empty = bars !== null && bars.length === 0;
  return (
    <section className="panel trend-chart attribution-waterfall" aria-busy={loading}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools">
          <span className="attribution-legend" aria-hidden="true">
            <i style={{ background: BASE_COLOR }} />
            基期
            <i style={{ background: CHANGE_COLORS.up }} />
            增加
            <i style={{ background: CHANGE_COLORS.down }} />
            减少
            <i style={{ background: CHART_PALETTE[0] }} />
            本期
          </span>
          <ChartExportButton onClick={() => exportPng(fileName, { title, note: '青色 增加，粉色 减少' })} disabled={!drawn} />
        </div>
      </header>
      <ChartCanvas canvas={canvas} label={waterfallName(title, bars, text)} drawn={drawn} height={height} empty={empty} />
      <PanelBusy active={loading} />
    </section>
  );
}

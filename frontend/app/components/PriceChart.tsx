/**
 * The price trend chart (spec 001 §2.1, §2.2, §9): MSRP and TP columns on the price axis (元), the
 * discount (元) or discount rate (%) line on the second axis, the rate axis broken from 50 to 100 (floor
 * 55) when a value needs it. A line's point is teal where it rose on the month before and pink where it
 * fell, as the legend under the chart says (decision 176). Tooltips give each value with its unit and 环比.
 * PNG export; the server renders the box at its final height.
 * The trace page's chart (`linePerCar`: one measure, every series a line on the one axis; decision 275) draws a line
 * per car in the colour of its place in the pick, the subject's thicker with larger points (traceLineStyle, the
 * deck's rule too); the right axis stays hidden.
 */
import type { Chart, LegendItem } from 'chart.js';
import type { ReactNode } from 'react';

import {
  CHART_PALETTE,
  type ChartResult,
  priceAxisTickText,
  priceAxisTitle,
  priceChartAxes,
  priceSeriesLabel,
  toBrokenAxis,
  traceLineStyle,
} from '@car/contracts';
import { changeOnBefore, comboOptions, lineShape, signColor, signLegendText, tooltipText } from '~/utils/chart-result';
import { ChartCanvas } from './ChartCanvas';
import { ChartExportButton } from './ChartExportButton';
import { PanelBusy } from './PanelBusy';
import { SignLegend } from './SignLegend';
import { useChartCanvas } from './useChartCanvas';

const COLUMN_COLORS = ['#91a7ff', '#1a5fd0'];

/** The k-th line of a chart that is not the trace's: the palette from its second colour (its first is TP's column). */
function lineColor(k: number): string {
  return CHART_PALETTE[(1 + k) % CHART_PALETTE.length];
}

/** Teal where a line rose on the point before, pink where it fell; its own colour at the first point or a gap (decision 176). */
export function pointColors(data: ReadonlyArray<number | null>, neutral: string): string[] {
  return data.map((v, i) => {
    const before = i > 0 ? data[i - 1] : null;
    return v === null || before === null || before === undefined ? neutral : signColor(v - before, neutral);
  });
}

/** Legend entries as the series are drawn: columns as boxes, lines as short strokes (an MSRP line dashed). */
function strokeLegend(chart: Chart): LegendItem[] {
  const { defaults } = chart.constructor as typeof Chart;
  return defaults.plugins.legend.labels.generateLabels(chart).map((item) => {
    const line = (chart.data.datasets[item.datasetIndex ?? 0] as { type?: string } | undefined)?.type === 'line';
    return { ...item, pointStyle: line ? 'line' : 'rect', lineWidth: line ? 2 : item.lineWidth };
  });
}

/** The trace's lines as drawn, for the tests and the colours' check: each its name, colour and width. */
function drawnLines(chart: ChartResult | null, linePerCar: boolean): string | undefined {
  if (!chart || !linePerCar) return undefined;
  return JSON.stringify(
    chart.series.map((s, i) => {
      const { color, width } = traceLineStyle(i);
      return { name: s.name, color, width };
    }),
  );
}

interface PriceChartProps {
  title: string;
  chart: ChartResult | null;
  height: number;
  fileName: string;
  loading?: boolean;
  /** Controls in the panel's head (the discount / rate toggle, pickers). */
  extra?: ReactNode;
  /** The trace page's chart: one measure on one axis, a line per car in its place's style (decision 275). */
  linePerCar?: boolean;
  children?: ReactNode;
}

export function PriceChart({ title, chart, height, fileName, loading = false, extra, linePerCar = false, children }: PriceChartProps) {
  const { canvas, drawn, figures, exportPng } = useChartCanvas(
    chart,
    (chart) => {
      // The axes' rule is the deck's too (contracts price-axis.ts): units, from zero, the break, the tick text.
      const [left, right] = priceChartAxes(chart);
      const rightUnit = right.unit;
      const leftUnit = left.unit;
      const draw = (onRight: boolean) => (v: number | null) => (v === null || !(onRight ? right : left).broken ? v : toBrokenAxis(v));
      let column = 0;
      let line = 0;
      const datasets = chart.series.map((s, index) => {
        if (s.type === 'column') {
          const color = COLUMN_COLORS[column++ % COLUMN_COLORS.length];
          const label = priceSeriesLabel(s);
          return {
            type: 'bar' as const,
            label,
            data: s.data,
            yAxisID: 'y',
            backgroundColor: color,
            borderColor: color,
            order: 2,
            unit: leftUnit,
            values: s.data,
          };
        }
        const style = linePerCar ? traceLineStyle(index) : undefined;
        const color = style?.color ?? lineColor(line++);
        const right = s.yAxis === 1;
        const points = pointColors(s.data, color);
        return {
          type: 'line' as const,
          label: s.name,
          data: s.data.map(draw(right)),
          yAxisID: right ? 'y1' : 'y',
          borderColor: color,
          backgroundColor: color,
          borderWidth: style?.width ?? (right ? 2 : 1.5),
          pointBackgroundColor: points,
          pointBorderColor: points,
          pointRadius: style?.pointRadius ?? (right ? 4 : 3),
          ...lineShape(s.type),
          spanGaps: true,
          order: 1,
          unit: right ? rightUnit : leftUnit,
          values: s.data,
        };
      });
      const options = comboOptions(
        (item) => {
          const spec = datasets[item.datasetIndex];
          const values = spec?.values ?? [];
          // Prices and discounts in 元 with their 环比; a rate in % (its move is in points, read off the chart).
          const growth = spec && spec.unit !== '%' ? { label: '环比', percent: changeOnBefore(values, item.dataIndex) } : undefined;
          return tooltipText(item.dataset.label ?? '', values[item.dataIndex] ?? null, spec?.unit ?? '', growth);
        },
        {
          y: {
            beginAtZero: true,
            min: left.min,
            title: { display: true, text: priceAxisTitle(left) },
            ticks: { callback: (v) => priceAxisTickText(left, Number(v)) },
          },
          y1: {
            display: chart.series.some((s) => s.yAxis === 1),
            position: 'right',
            beginAtZero: true,
            min: right.min,
            grid: { drawOnChartArea: false },
            title: { display: true, text: priceAxisTitle(right) },
            ticks: { callback: (v) => priceAxisTickText(right, Number(v)) },
          },
        },
      );
      return {
        type: 'bar',
        data: { labels: chart.xAxis[0]?.categories ?? [], datasets },
        options: { ...options, plugins: { ...options?.plugins, legend: { position: 'top', labels: { usePointStyle: true, generateLabels: strokeLegend } } } },
      };
    },
    [linePerCar],
  );

  const empty = chart !== null && chart.series.every((s) => s.data.every((v) => v === null));

  return (
    <section className="panel trend-chart price-chart" aria-busy={loading} data-lines={drawnLines(chart, linePerCar)}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools">
          {extra}
          <ChartExportButton onClick={() => exportPng(fileName, { title, note: signLegendText('price') })} disabled={!drawn} />
        </div>
      </header>
      {children}
      <ChartCanvas canvas={canvas} label={title} drawn={drawn} height={height} empty={empty} figures={figures} />
      {chart && !empty ? <SignLegend kind="price" /> : null}
      <PanelBusy active={loading} />
    </section>
  );
}

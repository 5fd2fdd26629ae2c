/**
 * The price trend chart (spec 001 §2.1, §2.2, §9): MSRP and TP columns on the price axis (元), the
 * discount (元) or discount rate (%) lines on the second axis, the rate axis broken from 50 to 100 (floor
 * 55) when a value needs it. A line's point is teal where it rose on the month before and pink where it
 * fell. PNG export; the server renders the box at its final height.
 */
import type { ReactNode } from 'react';

import { type ChartResult, thousands } from '@car/contracts';
import { comboOptions, signColor } from '~/utils/chart-result';
import { fromBrokenAxis, needsBreak, toBrokenAxis } from '~/utils/price-axis';
import { ChartCanvas } from './ChartCanvas';
import { ChartExportButton } from './ChartExportButton';
import { PanelBusy } from './PanelBusy';
import { useChartCanvas } from './useChartCanvas';

const COLUMN_COLORS = ['#91a7ff', '#1a5fd0'];
const LINE_COLORS = ['#f59f00', '#7048e8', '#37b24d', '#e8590c', '#0c8599', '#c2255c', '#5c940d', '#364fc7', '#862e9c', '#495057', '#d9480f'];

/** Teal where a line rose on the point before, pink where it fell; its own colour at the first point or a gap. */
export function pointColors(data: ReadonlyArray<number | null>, neutral: string): string[] {
  return data.map((v, i) => {
    const before = i > 0 ? data[i - 1] : null;
    return v === null || before === null || before === undefined ? neutral : signColor(v - before, neutral);
  });
}

interface PriceChartProps {
  title: string;
  chart: ChartResult | null;
  height: number;
  fileName: string;
  loading?: boolean;
  /** Controls in the panel's head (the discount / rate toggle, pickers). */
  extra?: ReactNode;
  children?: ReactNode;
}

export function PriceChart({ title, chart, height, fileName, loading = false, extra, children }: PriceChartProps) {
  const { canvas, drawn, exportPng } = useChartCanvas(
    chart,
    (chart) => {
      const percent = /%/.test(chart.yAxis[1]?.title ?? '');
      const lines = chart.series.filter((s) => s.yAxis === 1);
      const broken = percent && needsBreak(lines.flatMap((s) => s.data));
      const draw = (v: number | null) => (v === null || !broken ? v : toBrokenAxis(v));
      let column = 0;
      let line = 0;
      const datasets = chart.series.map((s) => {
        if (s.type === 'column') {
          const color = COLUMN_COLORS[column++ % COLUMN_COLORS.length];
          return { type: 'bar' as const, label: s.name, data: s.data, yAxisID: 'y', backgroundColor: color, borderColor: color, order: 2 };
        }
        const color = LINE_COLORS[line++ % LINE_COLORS.length];
        const colors = pointColors(s.data, color);
        return {
          type: 'line' as const,
          label: s.name,
          data: s.data.map(draw),
          yAxisID: 'y1',
          borderColor: color,
          backgroundColor: color,
          pointBackgroundColor: colors,
          pointBorderColor: colors,
          pointRadius: 4,
          tension: s.type === 'spline' ? 0.35 : 0,
          spanGaps: true,
          order: 1,
        };
      });
      const real = (item: { dataIndex: number; datasetIndex: number }) => chart.series[item.datasetIndex]?.data[item.dataIndex] ?? null;
      return {
        type: 'bar',
        data: { labels: chart.xAxis[0]?.categories ?? [], datasets },
        options: comboOptions(
          (item, right) => {
            const value = real(item);
            return `${item.dataset.label}: ${value === null ? '-' : right && percent ? `${value.toFixed(1)}%` : `${thousands(value)}元`}`;
          },
          {
            y: { beginAtZero: true, title: { display: true, text: chart.yAxis[0]?.title ?? '' }, ticks: { callback: (v) => thousands(Number(v)) } },
            y1: {
              position: 'right',
              beginAtZero: true,
              grid: { drawOnChartArea: false },
              title: { display: true, text: `${chart.yAxis[1]?.title ?? ''}${broken ? '（50-100 压缩）' : ''}` },
              ticks: { callback: (v) => (percent ? `${Math.round(broken ? fromBrokenAxis(Number(v)) : Number(v))}%` : thousands(Number(v))) },
            },
          },
        ),
      };
    },
    [],
  );

  const empty = chart !== null && chart.series.every((s) => s.data.every((v) => v === null));

  return (
    <section className="panel trend-chart price-chart" aria-busy={loading}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools">
          {extra}
          <ChartExportButton onClick={() => exportPng(fileName)} disabled={!drawn} />
        </div>
      </header>
      {children}
      <ChartCanvas canvas={canvas} label={title} drawn={drawn} height={height} empty={empty} />
      <PanelBusy active={loading} />
    </section>
  );
}

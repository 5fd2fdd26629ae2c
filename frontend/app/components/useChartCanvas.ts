/**
 * The canvas lifecycle every chart.js chart of the pages shares (TrendChart, PriceChart, ScatterChart and
 * through TrendChart the mobile page's chart): chart.js loaded on first use, the chart drawn again when
 * its data changes (the old one destroyed first), destroyed on unmount, `drawn` once it is on the
 * canvas (the PNG button's and the tests' signal), the figures drawn (the canvas's accessible name,
 * ChartCanvas), and the PNG export with the title, the page's filters and the data date above the chart.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';

import { loadChartJs } from '~/utils/chart-js';
import { exportCaption, type ExportTag, wrapText } from '~/utils/chart-export';

type ChartInstance = import('chart.js').Chart;

/** What a chart draws, for its text alternative: the categories and each dataset's values and unit. */
export interface ChartFigures {
  labels: string[];
  datasets: Array<{ label?: string; data: unknown[]; values?: unknown[]; unit?: string; hidden?: boolean }>;
}

/** What the exported image carries besides the chart: its title and, under it, a legend line (the sign colours). */
export interface ExportText {
  title: string;
  note?: string;
}

/** The page's header tags as the export caption reads them (HeaderTags' label and detail, or a plain tag). */
function headerTags(from: Element | null): ExportTag[] {
  const root = from?.closest('.sales-page, .price-page, main') ?? document;
  return [...root.querySelectorAll('.header-tags > .label, .header-tags > .ui.label')].map((tag) => {
    const detail = tag.querySelector('.detail')?.textContent?.trim();
    const label = detail ? (tag.firstChild?.textContent ?? '').trim() : (tag.textContent ?? '').trim();
    return { label, value: detail };
  });
}

/** The chart's image with its title, filters and data date above it (and the note below), as a PNG data URL. */
function composeImage(chart: ChartInstance, text: ExportText): string {
  const source = chart.canvas;
  const { filters, dataDate } = exportCaption(headerTags(source), (chart.data.labels ?? []).map(String));
  const scale = source.width / Math.max(1, source.clientWidth || source.width);
  const pad = Math.round(12 * scale);
  const out = document.createElement('canvas');
  const context = out.getContext('2d');
  if (!context) return chart.toBase64Image('image/png', 1);
  const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${Math.round(size * scale)}px "PingFang SC", "Microsoft YaHei", sans-serif`;
  const width = source.width;
  context.font = font(12);
  const filterLines = filters ? wrapText(filters, width - 2 * pad, (t) => context.measureText(t).width) : [];
  const noteLines = text.note ? wrapText(text.note, width - 2 * pad, (t) => context.measureText(t).width) : [];
  const titleHeight = Math.round(26 * scale);
  const lineHeight = Math.round(18 * scale);
  const head = pad + titleHeight + (filterLines.length + (dataDate ? 1 : 0)) * lineHeight + pad / 2;
  out.width = width;
  out.height = head + source.height + (noteLines.length ? noteLines.length * lineHeight + pad : pad / 2);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.textBaseline = 'top';
  context.fillStyle = '#1f2d3d';
  context.font = font(16, true);
  context.fillText(text.title, pad, pad);
  context.font = font(12);
  context.fillStyle = '#4a5563';
  let y = pad + titleHeight;
  for (const line of filterLines) {
    context.fillText(line, pad, y);
    y += lineHeight;
  }
  if (dataDate) context.fillText(dataDate, pad, y);
  context.drawImage(source, 0, head);
  y = head + source.height + pad / 4;
  for (const line of noteLines) {
    context.fillText(line, pad, y);
    y += lineHeight;
  }
  return out.toDataURL('image/png');
}

/**
 * Draws `configure(data)` on the returned canvas whenever `data` or `deps` change; nothing while `data`
 * is null (the previous chart stays until new data comes).
 */
export function useChartCanvas<T>(data: T | null, configure: (data: T) => ChartConfiguration, deps: DependencyList = []) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const instance = useRef<ChartInstance | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [figures, setFigures] = useState<ChartFigures | null>(null);
  // The latest configure, so the effect runs on data and deps only, not on every render's new closure.
  const configureRef = useRef(configure);
  configureRef.current = configure;

  useEffect(() => {
    let cancelled = false;
    if (data === null || !canvas.current) return;
    void loadChartJs().then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      instance.current?.destroy();
      const config = configureRef.current(data);
      instance.current = new Chart(canvas.current, config);
      // The canvas keeps its chart for the tests and for assistive tools reading its figures.
      setFigures({ labels: (config.data.labels ?? []).map(String), datasets: config.data.datasets });
      setDrawn(true);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, ...deps]);

  useEffect(() => () => instance.current?.destroy(), []);

  /** The chart as `${fileName}.png`: its title, the page's filters and the data date above it, the note below. */
  const exportPng = useCallback((fileName: string, text?: ExportText) => {
    if (!instance.current) return;
    const link = document.createElement('a');
    link.href = composeImage(instance.current, text ?? { title: fileName });
    link.download = `${fileName}.png`;
    link.click();
  }, []);

  return { canvas, drawn, figures, exportPng };
}

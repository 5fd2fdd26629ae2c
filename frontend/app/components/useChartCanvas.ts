/**
 * The canvas lifecycle every chart.js chart of the pages shares (TrendChart, PriceChart, ScatterChart and
 * through TrendChart the mobile page's chart): chart.js loaded on first use, the chart drawn again when
 * its data changes (the old one destroyed first), destroyed on unmount, `drawn` once it is on the
 * canvas (the PNG button's and the tests' signal), and the PNG export.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';

import { loadChartJs } from '~/utils/chart-js';

type ChartInstance = import('chart.js').Chart;

/**
 * Draws `configure(data)` on the returned canvas whenever `data` or `deps` change; nothing while `data`
 * is null (the previous chart stays until new data comes).
 */
export function useChartCanvas<T>(data: T | null, configure: (data: T) => ChartConfiguration, deps: DependencyList = []) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const instance = useRef<ChartInstance | null>(null);
  const [drawn, setDrawn] = useState(false);
  // The latest configure, so the effect runs on data and deps only, not on every render's new closure.
  const configureRef = useRef(configure);
  configureRef.current = configure;

  useEffect(() => {
    let cancelled = false;
    if (data === null || !canvas.current) return;
    void loadChartJs().then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      instance.current?.destroy();
      instance.current = new Chart(canvas.current, configureRef.current(data));
      setDrawn(true);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, ...deps]);

  useEffect(() => () => instance.current?.destroy(), []);

  /** The chart as `${fileName}.png`, drawn at its size on screen. */
  const exportPng = useCallback((fileName: string) => {
    if (!instance.current) return;
    const link = document.createElement('a');
    link.href = instance.current.toBase64Image('image/png', 1);
    link.download = `${fileName}.png`;
    link.click();
  }, []);

  return { canvas, drawn, exportPng };
}

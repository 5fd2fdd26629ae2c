/** chart.js, loaded in the browser on first use with every controller registered (one promise for all charts). */
let chartJs: Promise<typeof import('chart.js')> | null = null;

export function loadChartJs(): Promise<typeof import('chart.js')> {
  chartJs ??= import('chart.js').then((module) => {
    module.Chart.register(...module.registerables);
    return module;
  });
  return chartJs;
}

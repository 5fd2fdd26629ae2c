/**
 * 看板's NEV-penetration trend beside the gauges: the penetration of each of the thirteen months ending with
 * the dashboard's month, one line in percent, drawn by the chart kit (TrendChart without its period switch). Its
 * figures come in the dashboard's loader with the rest; the server renders the canvas's box, hydration fills it.
 */
import { Chart, registerables } from 'chart.js';

import type { DashboardNevTrend } from '@car/contracts';
import { TrendChart } from './TrendChart';

// chart.js is part of the dashboard's own code, not fetched when the chart first asks for it (loadChartJs): the page's
// HTML preloads it with the route's modules, so the trend is drawn as the page hydrates, not a round trip after the
// rest (issue 45 §2). loadChartJs's import() then finds the module already loaded; registering twice changes nothing.
Chart.register(...registerables);

export const NEV_TREND_HEIGHT = 170;

export function NevTrendChart({ trend, loading }: { trend: DashboardNevTrend; loading?: boolean }) {
  const months = trend.chart.xAxis[0]?.categories ?? [];
  return (
    <div className="dashboard-trend" data-testid="nev-trend" data-points={trend.chart.series[0]?.data.length ?? 0}>
      <TrendChart
        title={`新能源渗透率走势（近${months.length}个月）`}
        chart={trend.chart}
        height={NEV_TREND_HEIGHT}
        fileName={`新能源渗透率走势_${trend.time}`}
        showGranularity={false}
        percent
        loading={loading}
      />
    </div>
  );
}

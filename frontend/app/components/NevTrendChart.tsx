/**
 * 看板's NEV-penetration trend beside the gauges: the penetration of each of the thirteen months ending with
 * the dashboard's month, one line in percent, drawn by the chart kit (TrendChart without its period switch).
 */
import type { DashboardNevTrend } from '@car/contracts';
import { TrendChart } from './TrendChart';

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

/**
 * The trend chart of the sales pages: month / quarter / year switch, a year-count select (hidden for the
 * year view), PNG export, and the chart drawn in the browser into a box of fixed height, so the page
 * does not move when it appears. The switch and the select change the URL (params `timeDimensionality`
 * and `count`), so a chart view can be bookmarked.
 */
import { Link, useLocation, useNavigate } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button } from 'semantic-ui-react';

import { type ChartResult, GRANULARITIES, type Granularity } from '@car/contracts';
import { trendChartConfig } from '~/utils/chart-result';
import { withParams } from '~/utils/sale-volume-query';
import { ChartCanvas } from './ChartCanvas';
import { ChartExportButton } from './ChartExportButton';
import { PanelBusy } from './PanelBusy';
import { useChartCanvas } from './useChartCanvas';

interface TrendChartProps {
  title: string;
  chart: ChartResult | null;
  height: number;
  granularity?: Granularity;
  /** The year-count select: its options (0 = all years) and value; omit for a chart without one. */
  countOptions?: readonly number[];
  count?: number;
  loading?: boolean;
  /** File name of the PNG export, without extension. */
  fileName: string;
  /** Extra controls beside the switch (comparison mode, company picker …). */
  extra?: ReactNode;
  showGranularity?: boolean;
  /** The left axis holds one-decimal percents (MIX), not counts. */
  percent?: boolean;
}

export function TrendChart({
  title,
  chart,
  height,
  granularity = 0,
  countOptions,
  count,
  loading = false,
  fileName,
  extra,
  showGranularity = true,
  percent = false,
}: TrendChartProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { canvas, drawn, exportPng } = useChartCanvas(chart, (chart) => trendChartConfig(chart, percent), [percent]);

  const empty = chart !== null && chart.series.every((s) => s.data.every((v) => v === null || v === 0));

  return (
    <section className="panel trend-chart" aria-busy={loading}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools">
          {extra}
          {showGranularity ? (
            <Button.Group size="mini" basic>
              {GRANULARITIES.map((g) => (
                <Button
                  key={g.value}
                  as={Link}
                  to={withParams(location.search, { timeDimensionality: g.value })}
                  preventScrollReset
                  active={granularity === g.value}
                  aria-pressed={granularity === g.value}
                >
                  {g.label}
                </Button>
              ))}
            </Button.Group>
          ) : null}
          {countOptions && granularity !== 2 ? (
            <select
              className="trend-chart__count"
              aria-label="年数"
              value={count}
              onChange={(event) => navigate(withParams(location.search, { count: event.target.value }), { preventScrollReset: true })}
            >
              {countOptions.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? '全部年份' : `近${n}年`}
                </option>
              ))}
            </select>
          ) : null}
          <ChartExportButton onClick={() => exportPng(fileName)} disabled={!drawn} />
        </div>
      </header>
      <ChartCanvas canvas={canvas} label={title} drawn={drawn} height={height} empty={empty} />
      <PanelBusy active={loading} />
    </section>
  );
}

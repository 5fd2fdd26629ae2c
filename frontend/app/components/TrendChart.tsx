/**
 * The trend chart of the sales pages: month / quarter / year switch, a year-count select (hidden for the
 * year view), PNG export, and the chart drawn in the browser into a box of fixed height, so the page
 * does not move when it appears. The switch and the select change the URL (params `timeDimensionality`
 * and `count`), so a chart view can be bookmarked; so does 显示去年同期, on by default (`lastYear=0` turns it
 * off), which draws the same periods a year earlier beside each column where the answer carries them. 近N年 is
 * the latest month and the 12·N before it (trendSpan, decision 270). Where columns and points
 * are coloured by the sign of the growth, the legend under the chart says so (decision 176).
 */
import { Link, useLocation, useNavigate } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button } from 'semantic-ui-react';

import { type ChartResult, GRANULARITIES, type Granularity } from '@car/contracts';
import { colorsByGrowth, lastYearShown, signLegendText, trendChartConfig } from '~/utils/chart-result';
import { withParams } from '~/utils/sale-volume-query';
import { ChartCanvas } from './ChartCanvas';
import { ChartExportButton } from './ChartExportButton';
import { PanelBusy } from './PanelBusy';
import { SignLegend } from './SignLegend';
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
  // 显示去年同期: on unless the URL says `lastYear=0`; the toggle shows where the answer carries the year-ago figures.
  const lastYear = lastYearShown(location.search);
  const { canvas, drawn, figures, exportPng } = useChartCanvas(chart, (chart) => trendChartConfig(chart, percent, lastYear), [percent, lastYear]);
  const offersLastYear = chart?.series.some((s) => s.lastYear) ?? false;
  const byGrowth = colorsByGrowth(chart);

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
          {offersLastYear ? (
            <Button size="mini" basic as={Link} to={withParams(location.search, { lastYear: lastYear ? 0 : null })} preventScrollReset toggle active={lastYear}>
              显示去年同期
            </Button>
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
          <ChartExportButton onClick={() => exportPng(fileName, { title, note: byGrowth ? signLegendText('growth') : undefined })} disabled={!drawn} />
        </div>
      </header>
      <ChartCanvas canvas={canvas} label={title} drawn={drawn} height={height} empty={empty} figures={figures} />
      {byGrowth && !empty ? <SignLegend kind="growth" /> : null}
      <PanelBusy active={loading} />
    </section>
  );
}

/**
 * 竞品监控 (/salevolume/competitormonitor, issue 49 §2, decision 297): one competitor set in a month, retail or
 * wholesale, nationwide or in a region, province or city. The set and what its owner does with it; the members'
 * thirteen months on a chart (volume or share within the set) and in a table (share, its change, rank within the set);
 * their national prices by month with 本品's TP gap to each rival; 本品's share within the set on the map with the
 * places where it moved most; and one click to 配置查询, 车系价格追踪 and 销量占比分析 with the set. Without a set
 * (none yet, or the link's set deleted or no longer shared): the suggested sets, and the caller's sets to choose one.
 * State in the URL (`set`, `time`, `source`, `area` + `level`, `chart`, `price`).
 * The loader and the action are in utils/competitor-monitor.server.ts.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { Chart, registerables } from 'chart.js';
import { ChoroplethController, ColorScale, GeoFeature, ProjectionScale } from 'chartjs-chart-geo';
import { useEffect, useMemo, useState } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';

import {
  COMPETITOR_MONITOR_PAGE,
  COMPETITOR_SET_MESSAGES,
  COMPETITOR_SETS,
  MONITOR_CHART_VIEWS,
  monitorChart,
  monitorTags,
  pointsCardText,
  sharePercentText,
  thousands,
} from '@car/contracts';
import { CompetitorSetBar } from '~/components/CompetitorSetBar';
import { DataAsOf } from '~/components/DataAsOf';
import { DeckLink } from '~/components/DeckLink';
import { HeaderTags } from '~/components/HeaderTags';
import { DemoDataNote } from '~/components/DemoDataNote';
import { EmptyState } from '~/components/EmptyState';
import { MonitorShareMap } from '~/components/MonitorShareMap';
import { MonitorMembersTable, MonitorPriceTable } from '~/components/MonitorTables';
import { PanelBusy } from '~/components/PanelBusy';
import { ParamToggle } from '~/components/ParamToggle';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { areaFilterGroup, SaleVolumeFilterPanel } from '~/components/SaleVolumeFilterPanel';
import { SubscribeBell } from '~/components/SubscribeBell';
import { SuggestedSets } from '~/components/SuggestedSets';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { defaultConfigChoice, monitorWithSet, ownShareSubscription, proportionHref, setChoiceLabel, traceHref } from '~/utils/competitor-monitor';
import { competitorSetAction, type CompetitorMonitorData, loadCompetitorMonitor } from '~/utils/competitor-monitor.server';
import { apiDownloadHref } from '~/utils/download';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { writingSalesPageShouldRevalidate } from '~/utils/revalidation';
import { withParams } from '~/utils/sale-volume-query';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import monitorCss from '~/styles/competitor-monitor.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: monitorCss }];

// chart.js and the map's controllers are part of this route's own code, not fetched when a chart first asks for them
// (loadChartJs, ChinaMap's modules): the page's HTML preloads them with the route's modules, so a new browser fetches
// them while it reads the page instead of once it has hydrated (issue 49 §4, decision 297; as 看板's NevTrendChart).
// The dynamic imports then find the modules loaded; registering twice changes nothing.
Chart.register(...registerables, ChoroplethController, GeoFeature, ColorScale, ProjectionScale);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  titled(data?.set ? `${data.set.name} - ${COMPETITOR_MONITOR_PAGE.name}` : COMPETITOR_MONITOR_PAGE.name);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadCompetitorMonitor(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => competitorSetAction(request, context);

export const shouldRevalidate = writingSalesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;

const CHART_HEIGHT = 340;
/** The params the filter panel sends: a change of these redraws every panel. */
const FILTER_KEYS = ['set', 'time', 'source', 'area', 'level'] as const;

function MonitorFilters({ data }: { data: unknown }) {
  const d = data as CompetitorMonitorData;
  const area = d.state.node ? [{ id: d.state.node.id, name: d.areaName, level: d.state.node.level }] : [];
  const filters = { time: d.state.time, source: d.state.source, detailId: -1, producerProperty: -1, fuels: [], newYear: false };
  return (
    <SaleVolumeFilterPanel
      filters={filters}
      lookups={d.lookups}
      show={{ fuels: false }}
      resetTo={d.set ? `${COMPETITOR_MONITOR_PAGE.path}?set=${d.set.id}` : COMPETITOR_MONITOR_PAGE.path}
      keep={{ chart: d.state.chart || null, price: d.state.price || null }}
      extraGroups={[
        {
          title: '竞品组',
          summary: d.set?.name ?? (d.missingSet ? '未选择' : '无'),
          content:
            d.list.mine.length + d.list.shared.length > 0 ? (
              <SetSelect list={d.list} chosen={d.set?.id ?? null} />
            ) : (
              <p className="filter-hint">还没有竞品组：请在页面上新建，或采用建议的竞品组。</p>
            ),
        },
        areaFilterGroup(d.state.source, d.areaName, area),
      ]}
    />
  );
}

/** The caller's sets and those shared with them, to choose the one the page shows (none chosen: the link's set is gone). */
function SetSelect({ list, chosen }: { list: CompetitorMonitorData['list']; chosen: number | null }) {
  return (
    <select name="set" className="ui fluid selection dropdown native-select" defaultValue={chosen ?? ''} aria-label="竞品组">
      {chosen === null ? (
        <option value="" disabled>
          请选择竞品组
        </option>
      ) : null}
      {list.mine.length ? (
        <optgroup label="我的竞品组">
          {list.mine.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      {list.shared.length ? (
        <optgroup label="同事共享的">
          {list.shared.map((s) => (
            <option key={s.id} value={s.id}>
              {setChoiceLabel(s)}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}

export const handle: ShellHandle = { filterPanel: MonitorFilters };

export default function CompetitorMonitor() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const changing = touches(pending, FILTER_KEYS);
  const monitor = data.monitor;
  const [chosen, setChosen] = useState<number[]>(() => (monitor ? defaultConfigChoice(monitor) : []));
  const setKey = monitor ? `${monitor.set.id}:${monitor.members.map((m) => m.id).join(',')}` : '';
  // Another set (or the same set edited) starts the 配置查询 choice again.
  useEffect(() => setChosen(monitor ? defaultConfigChoice(monitor) : []), [setKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const chart = useMemo(() => (monitor ? monitorChart(monitor, data.state.chart) : null), [monitor, data.state.chart]);
  const suggestHref = withParams(location.search, { suggest: 1 });
  const hasSets = data.list.mine.length + data.list.shared.length > 0;

  return (
    <div className="sales-page competitor-monitor">
      <div className="sales-page__head">
        <h2 className="sales-page__title">{data.set ? `${COMPETITOR_MONITOR_PAGE.name} · ${data.set.name}` : COMPETITOR_MONITOR_PAGE.name}</h2>
        <DemoDataNote />
        <DataAsOf source={data.state.source === 1 ? 'wholesale' : 'retail'} />
        {monitor && data.apiParams ? <DeckLink href={apiDownloadHref(COMPETITOR_SETS.ppt, data.apiParams)} /> : null}
      </div>
      {data.missingSet ? (
        <Message warning size="small" role="status">
          {`${COMPETITOR_SET_MESSAGES.goneFromLink}，${hasSets ? '请选择一个竞品组。' : '请新建或采用建议的竞品组。'}`}
        </Message>
      ) : null}
      <CompetitorSetBar
        set={data.set}
        producerName={data.list.producerName}
        suggestHref={suggestHref}
        choices={data.set ? [] : [...data.list.mine, ...data.list.shared]}
        hrefOf={(id) => monitorWithSet(location.search, id)}
      />
      {data.suggestions ? <SuggestedSets suggestions={data.suggestions} producerName={data.list.producerName} /> : null}
      {!data.set ? (
        data.suggestions || data.missingSet ? null : (
          <EmptyState icon="crosshairs" title="还没有竞品组">
            点击「新建」选择本品与竞品子车系，或查看建议的竞品组。
          </EmptyState>
        )
      ) : monitor ? (
        <>
          <div className="monitor-tags">
            <HeaderTags tags={monitorTags(monitor)} />
            <span className="monitor-links">
              <Button size="mini" basic as={Link} to={traceHref(monitor)}>
                <Icon name="chart area" />
                车系价格追踪
              </Button>
              <Button size="mini" basic as={Link} to={proportionHref(monitor)}>
                <Icon name="chart pie" />
                销量占比分析
              </Button>
            </span>
          </div>
          <OwnCards data={monitor} loading={changing} />
          <TrendChart
            title={`${data.state.chart === 1 ? '组内份额' : '销量'}走势（近${monitor.months.length}个月）`}
            chart={chart}
            height={CHART_HEIGHT}
            fileName={`竞品监控_${monitor.set.name}_${monitor.time}`}
            showGranularity={false}
            percent={data.state.chart === 1}
            loading={changing}
            extra={<ParamToggle param="chart" label="走势指标" options={MONITOR_CHART_VIEWS} value={data.state.chart} omit={0} />}
          />
          <MonitorMembersTable data={monitor} loading={changing} chosen={chosen} onToggle={toggle} />
          <MonitorPriceTable data={monitor} view={data.state.price} loading={changing || touches(pending, ['price'])} />
          <MonitorShareMap data={monitor} node={data.state.node} loading={changing} />
        </>
      ) : (
        <EmptyState icon="warning circle" title="暂无数据">
          竞品组的数据未能读取，请稍后重试或更换筛选条件。
        </EmptyState>
      )}
    </div>
  );
}

type Monitor = NonNullable<CompetitorMonitorData['monitor']>;

/** 本品 in the set: its share within the set this month and the change (its bell subscribes to it), its volume and the set's. */
function OwnCards({ data, loading }: { data: Monitor; loading: boolean }) {
  const last = data.months.length - 1;
  const bell = ownShareSubscription(data, useLocation().search);
  const cards = [
    {
      label: '本品组内份额',
      value: sharePercentText(data.own.shares[last]),
      note: `较上月 ${pointsCardText(data.own.shareChange)}`,
      bell: <SubscribeBell figure={bell.figure} search={bell.search} />,
    },
    { label: '本品销量', value: thousands(data.own.volumes[last]), note: `上月 ${thousands(data.own.volumes[last - 1])}` },
    { label: '竞品组销量', value: thousands(data.total[last]), note: `上月 ${thousands(data.total[last - 1])}` },
  ];
  return (
    <div className="monitor-cards" aria-busy={loading}>
      {cards.map((card) => (
        <div key={card.label} className="monitor-card">
          <div className="monitor-card__label">
            {card.label}
            {'bell' in card ? card.bell : null}
          </div>
          <div className="monitor-card__value">{card.value}</div>
          <div className="monitor-card__note">{card.note}</div>
        </div>
      ))}
      <PanelBusy active={loading} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

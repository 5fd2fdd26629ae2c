/**
 * 整体市场表现 (/salevolume/wholemarket): the market's sales for the chosen month, data source, fuels,
 * producer property and segment, as header tags, five cards, a trend chart and a ranking table by segment,
 * family, producer, brand, car series or area (spec 000 §2). Everything the page shows follows the URL.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { Button, Icon, Label, Message } from 'semantic-ui-react';
import { Link } from '@remix-run/react';

import {
  COMPETITOR_SET_MESSAGES,
  type CompetitorSet,
  downloadTypeOf,
  type Granularity,
  SALES_DIMENSIONS,
  salesDimension,
  setTag,
  sortText,
  type TableRow,
  WHOLE_MARKET,
  YEAR_COUNT,
  salesSourceKind,
} from '@car/contracts';
import { CompetitorSetMenu } from '~/components/CompetitorSetMenu';
import { DataAsOf } from '~/components/DataAsOf';
import { DeckLink } from '~/components/DeckLink';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { NewYearToggle } from '~/components/NewYearToggle';
import { RankingTable } from '~/components/RankingTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { SaveAsCompetitorSet } from '~/components/SaveAsCompetitorSet';
import { SaleVolumeFilterPanel } from '~/components/SaleVolumeFilterPanel';
import { SummaryCards } from '~/components/SummaryCards';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { apiGet } from '~/utils/api.server';
import { readChosenSet, setFilterParams } from '~/utils/competitor-set-filter.server';
import { titled } from '~/utils/meta';
import { deckTableParams, effectiveDimension, loadMorePage, pagesByLoadMore, rankingSort, TABLE_PAGE_KEYS, wholeMarketDimensions } from '~/utils/ranking-table';
import { filterApiParams, FILTER_PARAMS, pageSizeOf, readFilters, withParams, withShownMonth } from '~/utils/sale-volume-query';
import { apiDownloadHref } from '~/utils/download';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { loadLookups } from '~/utils/sale-volume-lookups.server';
import { filterTags } from '~/utils/filter-tags';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { urlParams, urlState } from '~/utils/url-state';
import { touches, usePendingChange } from '~/utils/use-pending-change';

export const meta: MetaFunction = () => titled('整体市场表现');

/** Year select of this page: 1-5 and 0 = all years, default 1 (spec 000 §9). */
const COUNT_OPTIONS = YEAR_COUNT.wholeMarket.options;
const CHART_HEIGHT = 445;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = urlParams(request);
  const filters = readFilters(params);
  const chartUrl = urlState(WHOLE_MARKET.highCharts.params, params);
  const granularity = chartUrl.value('timeDimensionality') as Granularity;
  const count = chartUrl.value('count', { allowed: COUNT_OPTIONS });
  const tableUrl = urlState(TABLE_PAGE_KEYS, params);
  // 竞品组 (decision 300): read before the table, whose call takes its members.
  const chosen = await readChosenSet(request, context, params);
  const dimensions = wholeMarketDimensions(filters, chosen.set !== null);
  const dimension = effectiveDimension(tableUrl.value('dimension', { fallback: SALES_DIMENSIONS.segment.code }), dimensions);
  // The set narrows the 车系 table alone.
  const set = dimension === SALES_DIMENSIONS.carSeries.code ? chosen.set : null;
  const setParams = set ? setFilterParams(set) : {};
  const areaLevel = urlState(WHOLE_MARKET.area.params, params).value('dimensionality');
  const paged = pagesByLoadMore(dimension);
  const page = paged ? loadMorePage(tableUrl.value('page', { fallback: 1 })) : 1;
  const api = filterApiParams(filters);
  // A paged table's order goes to its call (SQL), so load more continues it; a whole table sorts in the page (decision 171).
  const order = paged ? rankingSort(params, true) : null;
  const tableParams = {
    ...api,
    currentPage: 1,
    pageSize: paged ? pageSizeOf(page) : 500,
    ...(order ? { sort: sortText(order) } : {}),
    ...(dimension === 4 ? { dimensionality: areaLevel } : {}),
    ...setParams,
  };

  const [lookups, summary, chart, table] = await Promise.all([
    loadLookups(request, context),
    settle(apiGet(request, context, WHOLE_MARKET.whole, api)),
    settle(apiGet(request, context, WHOLE_MARKET.highCharts, { ...api, timeDimensionality: granularity, count })),
    settle(apiGet(request, context, WHOLE_MARKET[salesDimension(dimension).path], tableParams)),
  ]);

  return {
    filters: withShownMonth(filters, summary.value?.time, lookups.value?.months),
    lookups: lookups.value,
    summary: summary.value,
    chart: chart.value,
    table: table.value,
    granularity,
    count,
    dimensions,
    dimension,
    areaLevel,
    page,
    // With a set the 车系 table answers its members whole (no more to load), still sorted by its call.
    paged,
    set,
    missingSet: chosen.missing,
    downloadHref: apiDownloadHref(WHOLE_MARKET.download, {
      type: downloadTypeOf(dimension),
      ...api,
      ...(dimension === 4 ? { dimensionality: areaLevel } : {}),
      ...setParams,
    }),
    // 导出PPT (issue 31, decisions 210-211): the deck of what the page shows, with its filters, chart and table (its
    // columns and order are added from the URL as it is now, deckTableParams).
    deckParams: {
      ...api,
      currentPage: 1,
      pageSize: tableParams.pageSize,
      ...(dimension === 4 ? { dimensionality: areaLevel } : {}),
      type: downloadTypeOf(dimension),
      timeDimensionality: granularity,
      count,
      ...setParams,
    },
    failure: firstFailure(lookups, summary, chart, table),
  };
}

export type WholeMarketData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
// A client-side navigation that cannot reach the server keeps the page as it was, with a toast.
export const clientLoader = keepPageOnNetworkFailure;

function WholeMarketFilters({ data }: { data: unknown }) {
  const d = data as WholeMarketData;
  return (
    <SaleVolumeFilterPanel
      filters={d.filters}
      lookups={d.lookups}
      show={{ producerProperty: true, segment: true }}
      keep={{ timeDimensionality: d.granularity, count: d.count, dimension: d.dimension, dimensionality: d.areaLevel }}
    />
  );
}

export const handle: ShellHandle = { filterPanel: WholeMarketFilters };

export default function WholeMarket() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const filtersChanging = touches(pending, FILTER_PARAMS);
  const [ticked, setTicked] = useState<ReadonlyMap<number, string>>(new Map());
  const tickedItems = [...ticked].map(([id, name]) => ({ id, name }));

  const areaSwitch =
    data.dimension === 4 ? (
      <Button.Group size="mini" basic className="area-switch">
        {[
          [1, '大区'],
          [2, '省份'],
        ].map(([level, label]) => (
          <Button key={level} as={Link} to={withParams(location.search, { dimensionality: level })} preventScrollReset active={data.areaLevel === level}>
            {label}
          </Button>
        ))}
      </Button.Group>
    ) : null;
  const onCarSeries = data.dimension === SALES_DIMENSIONS.carSeries.code;
  // 竞品组 (decision 300): the set narrowing the 车系 table, another set, none; and the ticked rows saved as a set.
  const setTools = (
    <span className="ranking-table__set">
      {data.set ? (
        <Label size="small" className="ranking-table__set-chosen">
          竞品组：{data.set.name}
          <Link to={withParams(location.search, { set: null, page: null })} preventScrollReset aria-label={`取消竞品组 ${data.set.name}`}>
            <Icon name="delete" />
          </Link>
        </Label>
      ) : null}
      <CompetitorSetMenu hrefOf={(chosen) => withParams(location.search, { set: chosen.id, dimension: SALES_DIMENSIONS.carSeries.code, page: null })} />
      {onCarSeries ? (
        <SaveAsCompetitorSet
          own={tickedItems.slice(0, 1)}
          rivals={tickedItems.slice(1)}
          disabled={ticked.size === 0}
          disabledTitle="请先在车系表中勾选车系"
          label={ticked.size > 0 ? `存为竞品组（已选 ${ticked.size}）` : '存为竞品组'}
          note="第一个勾选的车系为本品，其余为竞品，保存前可调整"
        />
      ) : null}
    </span>
  );

  return (
    <div className="sales-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">整体市场表现</h2>
        <DemoDataNote />
        <DataAsOf source={salesSourceKind(data.filters.source)} />
        <DeckLink href={apiDownloadHref(WHOLE_MARKET.ppt, { ...data.deckParams, ...deckTableParams(location.search, data.paged) })} />
      </div>
      <HeaderTags tags={[...filterTags(data.filters, data.lookups, { producerProperty: true, segment: true }), ...(data.set ? [setTag(data.set)] : [])]} />
      <NewYearToggle time={data.filters.time} on={data.filters.newYear} />
      <SummaryCards summary={data.summary} loading={filtersChanging} newYear={data.filters.newYear} why={{ scope: data.filters }} />
      <TrendChart
        title="销量走势"
        chart={data.chart}
        height={CHART_HEIGHT}
        granularity={data.granularity}
        countOptions={COUNT_OPTIONS}
        count={data.count}
        fileName={`整体市场销量走势_${data.filters.time ?? ''}`}
        loading={filtersChanging || touches(pending, ['timeDimensionality', 'count'])}
      />
      {data.missingSet ? (
        <Message warning size="small" role="status">
          {COMPETITOR_SET_MESSAGES.goneFromLink}，排行表显示全部{onCarSeries ? '车系' : '数据'}。
        </Message>
      ) : null}
      <RankingTable
        title="销量排行"
        rows={data.table?.list ?? []}
        total={data.table?.total ?? 0}
        dimensions={data.dimensions}
        dimension={data.dimension}
        nameHeader={data.dimension === 1 ? '细分市场' : data.dimension === 4 ? (data.areaLevel === 1 ? '大区' : '省份') : undefined}
        groupHeader={data.dimension === 1 ? '类别' : undefined}
        paged={data.paged}
        page={data.page}
        downloadHref={data.downloadHref}
        loading={filtersChanging || touches(pending, ['dimension', 'dimensionality', 'page', 'sort'])}
        extra={
          <>
            {areaSwitch}
            {setTools}
          </>
        }
        newYear={data.filters.newYear}
        set={data.set !== null}
        ticking={
          onCarSeries
            ? {
                ticked: new Set(ticked.keys()),
                onTick: (row, on) =>
                  setTicked((current) => {
                    const next = new Map(current);
                    if (on) next.set(row.id, row.name);
                    else next.delete(row.id);
                    return next;
                  }),
              }
            : undefined
        }
      />
      {data.set ? <SetMembersNote set={data.set} rows={data.table?.list ?? []} /> : null}
    </div>
  );
}

/** Members of the set the table does not list: they sold nothing in the month, segment and fuels chosen. */
function SetMembersNote({ set, rows }: { set: CompetitorSet; rows: readonly TableRow[] }) {
  const listed = new Set(rows.map((r) => r.id));
  const absent = [...set.own, ...set.rivals].filter((m) => !listed.has(m.id));
  if (absent.length === 0) return null;
  return <p className="ranking-table__set-note">未列出：{absent.map((m) => m.name).join('、')}（当前筛选下没有销量）</p>;
}

export { RouteErrorBoundary as ErrorBoundary };

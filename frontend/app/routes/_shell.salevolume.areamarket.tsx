/**
 * 区域市场表现 (/salevolume/areamarket): the sales of a big region, province or city (or the nation) on a
 * China map with drill-down, five cards, a trend chart and a tree table by segment, family, producer,
 * brand or area (spec 000 §2). The chosen node is the URL's `area` + `level`, so the map's back stack is
 * the geography itself and every view can be bookmarked.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { Breadcrumb, Button, Icon } from 'semantic-ui-react';

import {
  AREA_MARKET,
  type AreaTreeRow,
  downloadTypeOf,
  type Granularity,
  SALES_DIMENSIONS,
  salesDimension,
  type TableDimension,
  YEAR_COUNT,
  sortText,
  salesSourceKind,
} from '@car/contracts';
import { ChinaMap } from '~/components/ChinaMap';
import { DataAsOf } from '~/components/DataAsOf';
import { DeckLink } from '~/components/DeckLink';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { NewYearToggle } from '~/components/NewYearToggle';
import { PanelBusy } from '~/components/PanelBusy';
import { RankingTable } from '~/components/RankingTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { areaFilterGroup, SaleVolumeFilterPanel } from '~/components/SaleVolumeFilterPanel';
import { SummaryCards } from '~/components/SummaryCards';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { apiGet } from '~/utils/api.server';
import { drillTarget, mapIdOfNode, mapNodeOf, nodeName, parentOf, pathOf, readAreaNode, type AreaNode } from '~/utils/area-drill';
import { filterTags } from '~/utils/filter-tags';
import { titled } from '~/utils/meta';
import { deckTableParams, effectiveDimension, loadMorePage, pagesByLoadMore, rankingSort, TABLE_PAGE_KEYS } from '~/utils/ranking-table';
import { loadLookups } from '~/utils/sale-volume-lookups.server';
import { filterApiParams, FILTER_PARAMS, pageSizeOf, readFilters, withParams, withShownMonth } from '~/utils/sale-volume-query';
import { apiDownloadHref } from '~/utils/download';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { urlParams, urlState } from '~/utils/url-state';
import { touches, usePendingChange } from '~/utils/use-pending-change';

export const meta: MetaFunction = () => titled('区域市场表现');

/** The table call of a dimension: this page has no 车系 table (code 6 never reaches it; were it asked, the segment table answers). */
function tableEndpoint(dimension: TableDimension) {
  const { path } = salesDimension(dimension);
  return AREA_MARKET[path === 'modelSub' ? 'detail' : path];
}
/** The area page's table: segment, family, producer, brand, area; area only for retail (wholesale has no geography). */
function areaMarketDimensions(source: number): TableDimension[] {
  return source === 2 ? [1, 2, 5, 3, 4] : [1, 2, 5, 3];
}
/** Year select of this page: 1-10, default 2 (spec 000 §9). */
const COUNT_OPTIONS = YEAR_COUNT.areaMarket.options;
const CHART_HEIGHT = 400;
const MAP_HEIGHT = 460;
const AREA_PARAMS = ['area', 'level'] as const;

function areaParams(node: AreaNode | null): Record<string, number> {
  return node ? { area: node.id, level: node.level } : {};
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = urlParams(request);
  const filters = readFilters(params);
  const retail = filters.source === 2;
  // Wholesale has no geography: the page shows the nation's wholesale and says why the map is empty.
  const node = retail ? readAreaNode(params) : null;
  const chartUrl = urlState(AREA_MARKET.highCharts.params, params);
  const granularity = chartUrl.value('timeDimensionality') as Granularity;
  const count = chartUrl.value('count', { allowed: COUNT_OPTIONS });
  const tableUrl = urlState(TABLE_PAGE_KEYS, params);
  const dimensions = areaMarketDimensions(filters.source);
  const dimension = effectiveDimension(tableUrl.value('dimension', { fallback: SALES_DIMENSIONS.area.code }), dimensions);
  const paged = pagesByLoadMore(dimension);
  const page = paged ? loadMorePage(tableUrl.value('page', { fallback: 1 })) : 1;
  const api = { ...filterApiParams(filters), ...areaParams(node) };
  const mapNode = mapNodeOf(node);
  const mapApi = { ...filterApiParams(filters), ...areaParams(mapNode), currentPage: 1, pageSize: 500 };
  // A paged table's order goes to its call (SQL), so load more continues it; a whole table sorts in the page (decision 171).
  const order = paged ? rankingSort(params, true) : null;
  const tableApi = { ...api, currentPage: 1, pageSize: paged ? pageSizeOf(page) : 500, ...(order ? { sort: sortText(order) } : {}) };
  const sameAsMap = dimension === 4 && mapNode === node;

  const [lookups, summary, chart, table, map] = await Promise.all([
    loadLookups(request, context),
    settle(apiGet(request, context, AREA_MARKET.whole, api)),
    settle(apiGet(request, context, AREA_MARKET.highCharts, { ...api, timeDimensionality: granularity, count })),
    sameAsMap ? null : settle(apiGet(request, context, tableEndpoint(dimension), tableApi)),
    retail ? settle(apiGet(request, context, AREA_MARKET.area, mapApi)) : null,
  ]);
  const tableSettled = table ?? map!;

  // The map of the nation shows provinces: the nation's area call answers regions with their provinces.
  const mapRows: AreaTreeRow[] = !map?.value ? [] : mapNode === null ? map.value.list.flatMap((r) => r.children ?? []) : map.value.list;
  const cityName = node?.level === 3 ? mapRows.find((r) => Number(r.code ?? r.id) === node.id)?.name : undefined;

  return {
    filters: withShownMonth(filters, summary.value?.time, lookups.value?.months),
    lookups: lookups.value,
    node,
    nodeName: nodeName(node, cityName),
    path: pathOf(node).map((n) => ({ ...n, name: nodeName(n, n.level === 3 ? cityName : undefined) })),
    summary: summary.value,
    chart: chart.value,
    table: tableSettled.value,
    mapRows,
    granularity,
    count,
    dimensions,
    dimension,
    page,
    paged,
    downloadHref: apiDownloadHref(AREA_MARKET.download, { type: downloadTypeOf(dimension), ...api }),
    // 导出PPT (issue 31, decision 211): the deck of what the page shows; its table's columns and order are added from the URL as it is now.
    deckParams: { ...api, currentPage: 1, pageSize: tableApi.pageSize, type: downloadTypeOf(dimension), timeDimensionality: granularity, count },
    failure: firstFailure(lookups, summary, chart, tableSettled, ...(map ? [map] : [])),
  };
}

export type AreaMarketData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
// A client-side navigation that cannot reach the server keeps the page as it was, with a toast.
export const clientLoader = keepPageOnNetworkFailure;

function AreaMarketFilters({ data }: { data: unknown }) {
  const d = data as AreaMarketData;
  const chosen = d.node ? [{ id: d.node.id, name: d.nodeName, level: d.node.level }] : [];
  return (
    <SaleVolumeFilterPanel
      filters={d.filters}
      lookups={d.lookups}
      keep={{ timeDimensionality: d.granularity, count: d.count, dimension: d.dimension }}
      extraGroups={[areaFilterGroup(d.filters.source, d.nodeName, chosen)]}
    />
  );
}

export const handle: ShellHandle = { filterPanel: AreaMarketFilters };

export default function AreaMarket() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const filtersChanging = touches(pending, [...FILTER_PARAMS, ...AREA_PARAMS]);
  const parent = parentOf(data.node);
  const hrefOf = (node: AreaNode | null) => withParams(location.search, { area: node?.id ?? null, level: node?.level ?? null, page: null });

  const drill = (feature: { name: string; code: string | null }) => {
    const target = drillTarget(data.node, feature.code);
    if (target) navigate(hrefOf(target), { preventScrollReset: true });
  };

  return (
    <div className="sales-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">区域市场表现</h2>
        <DemoDataNote />
        <DataAsOf source={salesSourceKind(data.filters.source)} />
        <DeckLink href={apiDownloadHref(AREA_MARKET.ppt, { ...data.deckParams, ...deckTableParams(location.search, data.paged) })} />
      </div>
      <HeaderTags tags={[...filterTags(data.filters, data.lookups), { label: '区域', value: data.nodeName }]} />
      <NewYearToggle time={data.filters.time} on={data.filters.newYear} />
      <SummaryCards summary={data.summary} loading={filtersChanging} newYear={data.filters.newYear} why={{ scope: { ...data.filters, area: data.node } }} />
      <section className="panel area-map" aria-busy={filtersChanging}>
        <header className="panel__head">
          <h3 className="panel__title">区域分布</h3>
          <Breadcrumb size="small" className="area-map__path">
            <Breadcrumb.Section as={Link} to={hrefOf(null)} preventScrollReset active={!data.node}>
              全国
            </Breadcrumb.Section>
            {data.path.map((n) => (
              <span key={`${n.level}-${n.id}`}>
                <Breadcrumb.Divider icon="right angle" />
                <Breadcrumb.Section as={Link} to={hrefOf(n)} preventScrollReset active={n.level === data.node?.level}>
                  {n.name}
                </Breadcrumb.Section>
              </span>
            ))}
          </Breadcrumb>
          <div className="panel__tools">
            <Button as={Link} to={hrefOf(parent)} preventScrollReset size="mini" basic disabled={!data.node} aria-disabled={!data.node}>
              <Icon name="arrow up" />
              返回上级
            </Button>
          </div>
        </header>
        {data.filters.source === 2 ? (
          <ChinaMap mapId={mapIdOfNode(data.node)} rows={data.mapRows} height={MAP_HEIGHT} onSelect={drill} loading={filtersChanging} />
        ) : (
          <div className="area-map__note" style={{ height: MAP_HEIGHT }}>
            批发量数据没有地区维度：地图与区域筛选只适用于零售量，请在筛选条件中选择零售量。
          </div>
        )}
        <PanelBusy active={filtersChanging} />
      </section>
      <TrendChart
        title={`${data.nodeName}销量走势`}
        chart={data.chart}
        height={CHART_HEIGHT}
        granularity={data.granularity}
        countOptions={COUNT_OPTIONS}
        count={data.count}
        fileName={`区域市场销量走势_${data.nodeName}_${data.filters.time ?? ''}`}
        loading={filtersChanging || touches(pending, ['timeDimensionality', 'count'])}
      />
      <RankingTable
        title={`${data.nodeName}销量排行`}
        rows={data.table?.list ?? []}
        total={data.table?.total ?? 0}
        dimensions={data.dimensions}
        dimension={data.dimension}
        nameHeader={data.dimension === 4 ? '区域' : undefined}
        groupHeader={data.dimension === 1 ? '类别' : undefined}
        paged={data.paged}
        page={data.page}
        downloadHref={data.downloadHref}
        loading={filtersChanging || touches(pending, ['dimension', 'page', 'sort'])}
        newYear={data.filters.newYear}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

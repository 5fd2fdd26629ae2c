/**
 * 整体市场价格指数 (/price/marketpricetendency, spec 001 §2.1): the market narrowed by month, segment,
 * producer property, big region and brand type; four price cards, the discount / discount-rate trend,
 * and the month table by segment, producer or brand under TP, discount or rate, the chosen segment
 * highlighted. Everything follows the URL; the filter panel is a GET form.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { Button, Icon } from 'semantic-ui-react';

import {
  JLL_LABELS,
  marketPriceTags,
  PRICE,
  type PriceMap,
  sharePercentText,
  thousands,
  yuanText,
  PRICE_CHART_MEASURES,
  PRICE_TABLE_DIMENSIONS,
  PRICE_TABLE_MEASURES,
  REGIONS,
  SEARCH,
} from '@car/contracts';
import { ChinaMap, type ChinaMapRow, type MapMeasure } from '~/components/ChinaMap';
import { DataAsOf } from '~/components/DataAsOf';
import { DemoDataNote } from '~/components/DemoDataNote';
import { PanelBusy } from '~/components/PanelBusy';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import { PriceCards } from '~/components/PriceCards';
import { PriceChart } from '~/components/PriceChart';
import { PriceMonthTable } from '~/components/PriceMonthTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { apiGet } from '~/utils/api.server';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { MARKET_FILTER_PARAMS, marketApiParams, monthTableSortParam, readMarketPrice } from '~/utils/price-query';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { withParams } from '~/utils/sale-volume-query';
import { apiDownloadHref } from '~/utils/download';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceCss from '~/styles/price.css?url';

export const meta: MetaFunction = () => titled('整体市场价格指数');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceCss }];

const CHART_HEIGHT = 400;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const state = readMarketPrice(search);
  const api = marketApiParams(state);
  const [months, segments, properties, whole, chart, table, map] = await Promise.all([
    settle(apiGet(request, context, SEARCH.calendar, { category: 1 })),
    settle(apiGet(request, context, SEARCH.detailMarkets)),
    settle(apiGet(request, context, SEARCH.wholes)),
    settle(apiGet(request, context, PRICE.whole, api)),
    settle(apiGet(request, context, PRICE.highCharts, { ...api, type: state.dataType })),
    settle(apiGet(request, context, PRICE.detailTable, { ...api, type: state.type, type2: state.type2 })),
    settle(apiGet(request, context, PRICE.map, api)),
  ]);
  return {
    state: { ...state, time: state.time ?? whole.value?.time ?? months.value?.[0] ?? null },
    months: months.value ?? [],
    segments: segments.value ?? [{ id: -1, name: '整体市场' }],
    properties: properties.value ?? [{ key: -1, value: '全部' }],
    whole: whole.value,
    chart: chart.value,
    table: table.value,
    map: map.value,
    downloadHref: apiDownloadHref(PRICE.downloadDetailTable, { ...api, type: state.type, type2: state.type2 }),
    // 导出PPT (issue 31, decision 215): the deck of what the page shows, with its filters, chart measure and table.
    deckHref: apiDownloadHref(PRICE.ppt, { ...api, dataType: state.dataType, type: state.type, type2: state.type2, ...monthTableSortParam(search) }),
    failure: firstFailure(months, segments, properties, whole, chart, table, map),
  };
}

type MarketPriceData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;

function MarketPriceFilters({ data }: { data: unknown }) {
  const d = data as MarketPriceData;
  const [month, setMonth] = useState(d.state.time);
  const select = (name: string, label: string, value: number, options: ReadonlyArray<{ value: number | string; label: string }>) => (
    <select name={name} className="ui fluid selection dropdown native-select" defaultValue={value} aria-label={label}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  const groups: FilterGroupSpec[] = [
    {
      title: '时间',
      summary: month ?? undefined,
      content: <MonthField value={month} months={d.months} onChange={setMonth} />,
    },
    {
      title: '细分市场',
      content: select(
        'detailId',
        '细分市场',
        d.state.detailId,
        d.segments.map((s) => ({ value: s.id, label: s.name })),
      ),
    },
    {
      title: '厂商属性',
      content: select(
        'producerProperty',
        '厂商属性',
        d.state.producerProperty,
        d.properties.map((p) => ({ value: p.key, label: p.value })),
      ),
    },
    {
      title: '大区',
      content: select('bigArea', '大区', d.state.bigArea, [{ value: -1, label: '全国' }, ...REGIONS.map((r) => ({ value: r.id, label: r.name }))]),
    },
    {
      title: '品牌类型',
      content: select('composite', '品牌类型', d.state.composite, [
        { value: -1, label: '全部' },
        ...[2, 1, 0].map((k) => ({ value: k, label: JLL_LABELS[k] })),
      ]),
    },
    {
      title: '搜索',
      summary: d.state.searchContent || undefined,
      content: (
        <input
          className="ui fluid input price-search"
          type="search"
          name="searchContent"
          maxLength={50}
          defaultValue={d.state.searchContent}
          placeholder="表格中的名称"
          aria-label="搜索名称"
        />
      ),
    },
  ];
  return (
    <FilterPanel
      key={JSON.stringify(d.state)}
      groups={groups}
      keep={{ dataType: d.state.dataType, type: d.state.type, type2: d.state.type2 }}
      resetTo="/price/marketpricetendency"
    />
  );
}

export const handle: ShellHandle = { filterPanel: MarketPriceFilters };

export default function MarketPriceTendency() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const filtersChanging = touches(pending, MARKET_FILTER_PARAMS);

  return (
    <div className="sales-page price-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">整体市场价格指数</h2>
        <DemoDataNote />
        <DataAsOf source="price" />
        <a className="ui mini basic button sales-page__deck" href={data.deckHref} download>
          <Icon name="file powerpoint outline" />
          导出PPT
        </a>
      </div>
      <div className="header-tags price-tags">
        {marketPriceTags(data.state, { segments: data.segments, producerProperties: data.properties }).map((tag) => (
          <span key={tag.label} className="ui label" title={tag.label}>
            {tag.value}
          </span>
        ))}
      </div>
      <PriceCards whole={data.whole} loading={filtersChanging} />
      <PriceChart
        title="价格走势"
        chart={data.chart}
        height={CHART_HEIGHT}
        fileName={`整体市场价格走势_${data.state.time ?? ''}`}
        loading={filtersChanging || touches(pending, ['dataType'])}
        extra={
          <Button.Group size="mini" basic aria-label="优惠或优惠率">
            {PRICE_CHART_MEASURES.map((m) => (
              <Button
                key={m.value}
                as={Link}
                to={withParams(location.search, { dataType: m.value })}
                preventScrollReset
                active={data.state.dataType === m.value}
                aria-pressed={data.state.dataType === m.value}
              >
                {m.label}
              </Button>
            ))}
          </Button.Group>
        }
      />
      <DiscountMap map={data.map} loading={filtersChanging} />
      <PriceMonthTable
        title="价格明细"
        table={data.table}
        labelHeader={PRICE_TABLE_DIMENSIONS[data.state.type].label}
        toggles={[
          { param: 'type', label: '维度', value: data.state.type, options: PRICE_TABLE_DIMENSIONS },
          { param: 'type2', label: '指标', value: data.state.type2, options: PRICE_TABLE_MEASURES },
        ]}
        downloadHref={data.downloadHref}
        loading={filtersChanging || touches(pending, ['type', 'type2'])}
      />
    </div>
  );
}

/** Beyond the old tool: each province's TP discount rate of the month in quantile classes, deepest discounts darkest, and a table beside. */
function DiscountMap({ map, loading }: { map: PriceMap | null; loading: boolean }) {
  const { rows, measure } = useMemo(() => {
    const byCode = new Map((map?.provinces ?? []).map((p) => [p.code, p]));
    const rows: ChinaMapRow[] = (map?.provinces ?? []).map((p) => ({
      name: p.name,
      code: p.code,
      sales: p.qty,
      salesStr: thousands(p.qty),
      yoy: null,
      salesSumStr: '-',
      yearYoy: null,
    }));
    const measure: MapMeasure = {
      label: '优惠率',
      value: (row) => byCode.get(String(row.code))?.discountRate ?? null,
      lines: (row) => {
        const p = byCode.get(String(row.code));
        return [`优惠率: ${p?.discountRateStr ?? '-'}`, `成交价: ${yuanText(p?.tp)}`, `销量: ${row.salesStr}`];
      },
      tick: (value) => sharePercentText(value),
    };
    return { rows, measure };
  }, [map]);
  return (
    <section className="panel price-map" aria-busy={loading} aria-label="各省优惠率">
      <header className="panel__head">
        <h3 className="panel__title">各省优惠率{map ? `（${map.time}）` : ''}</h3>
      </header>
      <ChinaMap mapId="cn" rows={rows} height={420} measure={measure} table />
      <PanelBusy active={loading} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

/**
 * The price-structure pair's page (/price/totalmarket, /pricedetailmarket; docs/modules.md "Price analysis"): the
 * chosen settings as tags, TP / MSRP and 月均 / 累计 for the whole page, the chart with its view (时间 /
 * 价格段 / 厂商) and sales / MIX switch, and the table with its tabs (价格总览, 系别, 品牌, 厂商, 厂商品牌),
 * its own sales / MIX switch and a download. Each panel wears its own veil while its data changes.
 */
import { Link, useLocation } from '@remix-run/react';
import { Menu } from 'semantic-ui-react';

import {
  AVERAGE_OR_CUMULATIVE,
  BAND_ORDERS,
  bandRangeText,
  PRICE_BASES,
  PRICE_STRUCTURE_TABS,
  PRICE_STRUCTURE_VIEWS,
  SALES_OR_MIX,
  STRUCTURE_FILTER_PARAMS,
  STRUCTURE_SHARED_PARAMS,
} from '@car/contracts';
import { DataAsOf } from '~/components/DataAsOf';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { PanelBusy } from '~/components/PanelBusy';
import { ParamToggle } from '~/components/ParamToggle';
import { PriceStructureTable } from '~/components/PriceStructureTable';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { multiSelectText } from '~/utils/multi-select';
import type { PriceStructureData } from '~/utils/price-structure.server';
import { withParams } from '~/utils/sale-volume-query';
import { touches, usePendingChange } from '~/utils/use-pending-change';

const CHART_HEIGHT = 360;

function summaryTags(data: PriceStructureData) {
  const s = data.state;
  const l = data.lookups;
  const labelOf = <T extends number>(list: ReadonlyArray<{ value: T; label: string }>, value: T) => list.find((o) => o.value === value)?.label ?? '-';
  const chosen = (values: number[], list: ReadonlyArray<{ key: number; value: string }> | undefined) =>
    values.length
      ? multiSelectText(
          values,
          (list ?? []).map((p) => ({ value: p.key, label: p.value })),
        )
      : '全部';
  return [
    { label: '时间', value: s.time ? `${s.time.slice(0, 4)}年1-${Number(s.time.slice(5, 7))}月` : '-' },
    { label: '市场', value: data.table?.market ?? (data.kind === 'total' ? '整体市场' : '-') },
    { label: '车身形式', value: chosen(s.bodyShapes, l?.bodyShapes) },
    { label: '厂商属性', value: chosen(s.producerProperties, l?.producerProperties) },
    { label: '系别', value: chosen(s.families, l?.families) },
    { label: '品牌属性', value: chosen(s.brandProperties, l?.brandProperties) },
    { label: '价格区间', value: bandRangeText(s) },
    { label: '排序', value: labelOf(BAND_ORDERS, s.orderBy) },
  ];
}

export function PriceStructurePage({ data, title }: { data: PriceStructureData; title: string }) {
  const location = useLocation();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const s = data.state;
  const everything = touches(pending, [...STRUCTURE_FILTER_PARAMS, ...STRUCTURE_SHARED_PARAMS]);
  const chartLoading = everything || touches(pending, ['view', 'chart']);
  const tableLoading = everything || touches(pending, ['tab', 'data2']);
  const tabLabel = PRICE_STRUCTURE_TABS.find((t) => t.value === s.tab)?.label ?? '';

  return (
    <div className="sales-page price-structure-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">{title}</h2>
        <DemoDataNote />
        <DataAsOf source="price" />
      </div>
      <HeaderTags tags={summaryTags(data)} />
      <div className="structure-toolbar">
        <ParamToggle param="data1" label="价格口径" options={PRICE_BASES} value={s.data1} />
        <ParamToggle param="averageMonth" label="月均或累计" options={AVERAGE_OR_CUMULATIVE} value={s.averageMonth} />
        {data.table ? (
          <span className="filter-hint">
            {data.table.period}（{data.table.months} 个月）
          </span>
        ) : null}
      </div>
      <TrendChart
        title="价格段结构"
        chart={data.chart}
        height={CHART_HEIGHT}
        showGranularity={false}
        percent={s.chart === 1}
        fileName={`${title}_${s.time ?? ''}`}
        loading={chartLoading}
        extra={
          <>
            <ParamToggle param="view" label="视图" options={PRICE_STRUCTURE_VIEWS} value={s.view} />
            <ParamToggle param="chart" label="图表指标" options={SALES_OR_MIX} value={s.chart} />
          </>
        }
      />
      <section className="panel band-table" aria-busy={tableLoading}>
        <header className="panel__head">
          <Menu tabular size="small" className="structure-tabs" aria-label="表格">
            {PRICE_STRUCTURE_TABS.map((t) => (
              <Menu.Item
                key={t.value}
                as={Link}
                to={withParams(location.search, { tab: t.value })}
                preventScrollReset
                active={s.tab === t.value}
                aria-current={s.tab === t.value ? 'page' : undefined}
              >
                {t.label}
              </Menu.Item>
            ))}
          </Menu>
          <div className="panel__tools">
            {s.tab !== 0 ? <ParamToggle param="data2" label="表格指标" options={SALES_OR_MIX} value={s.data2} /> : null}
            <a className="ui mini basic button" href={data.downloadHref} download>
              下载
            </a>
          </div>
        </header>
        {data.table ? <PriceStructureTable table={data.table} labelHeader={s.tab === 0 ? '价格段' : tabLabel} /> : <p className="filter-hint">暂无数据</p>}
        <PanelBusy active={tableLoading} />
      </section>
    </div>
  );
}

/**
 * The price-structure pair's page (/price/totalmarket, /pricedetailmarket; docs/modules.md "Price analysis"): the
 * chosen settings as tags, TP / MSRP and 月均 / 累计 for the whole page, the chart with its view (时间 /
 * 价格段 / 厂商) and sales / MIX switch, and the table with its tabs (价格总览, 系别, 品牌, 厂商, 厂商品牌),
 * its own sales / MIX switch and a download; 导出PPT in the head downloads the page as a deck (decision 213).
 * Each panel wears its own veil while its data changes.
 */
import { Link, useLocation } from '@remix-run/react';
import { Icon, Menu } from 'semantic-ui-react';

import {
  AVERAGE_OR_CUMULATIVE,
  PRICE_BASES,
  PRICE_STRUCTURE_TABS,
  PRICE_STRUCTURE_VIEWS,
  priceStructureTags,
  SALES_OR_MIX,
  STRUCTURE_FILTER_PARAMS,
  STRUCTURE_SHARED_PARAMS,
  STRUCTURE_TOGGLE_LABELS,
  structureLabelHeader,
  structurePeriodText,
  structureSortColumns,
} from '@car/contracts';
import { DataAsOf } from '~/components/DataAsOf';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { PanelBusy } from '~/components/PanelBusy';
import { ParamToggle } from '~/components/ParamToggle';
import { PriceStructureTable } from '~/components/PriceStructureTable';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { priceStructureDeckHref } from '~/utils/price-structure-query';
import type { PriceStructureData } from '~/utils/price-structure.server';
import { withParams } from '~/utils/sale-volume-query';
import { readSort } from '~/utils/table-sort';
import { touches, usePendingChange } from '~/utils/use-pending-change';

const CHART_HEIGHT = 360;

export function PriceStructurePage({ data, title }: { data: PriceStructureData; title: string }) {
  const location = useLocation();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const s = data.state;
  const everything = touches(pending, [...STRUCTURE_FILTER_PARAMS, ...STRUCTURE_SHARED_PARAMS]);
  const chartLoading = everything || touches(pending, ['view', 'chart']);
  const tableLoading = everything || touches(pending, ['tab', 'data2']);
  // The table's order clicked on its header (decision 171): the table shows it, 导出PPT sends it.
  const order = data.table ? readSort(new URLSearchParams(location.search), structureSortColumns(data.table)) : null;
  const market = data.table?.market ?? (data.kind === 'total' ? '整体市场' : '-');

  return (
    <div className="sales-page price-structure-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">{title}</h2>
        <DemoDataNote />
        <DataAsOf source="price" />
        <a className="ui mini basic button sales-page__deck" href={priceStructureDeckHref(data.kind, s, order)} download>
          <Icon name="file powerpoint outline" />
          导出PPT
        </a>
      </div>
      <HeaderTags tags={priceStructureTags(s, data.lookups, market)} />
      <div className="structure-toolbar">
        <ParamToggle param="data1" label={STRUCTURE_TOGGLE_LABELS.data1} options={PRICE_BASES} value={s.data1} />
        <ParamToggle param="averageMonth" label={STRUCTURE_TOGGLE_LABELS.averageMonth} options={AVERAGE_OR_CUMULATIVE} value={s.averageMonth} />
        {data.table ? <span className="filter-hint">{structurePeriodText(data.table)}</span> : null}
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
            <ParamToggle param="view" label={STRUCTURE_TOGGLE_LABELS.view} options={PRICE_STRUCTURE_VIEWS} value={s.view} />
            <ParamToggle param="chart" label={STRUCTURE_TOGGLE_LABELS.chart} options={SALES_OR_MIX} value={s.chart} />
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
            {s.tab !== 0 ? <ParamToggle param="data2" label={STRUCTURE_TOGGLE_LABELS.data2} options={SALES_OR_MIX} value={s.data2} /> : null}
            <a className="ui mini basic button" href={data.downloadHref} download>
              下载
            </a>
          </div>
        </header>
        {data.table ? (
          <PriceStructureTable table={data.table} labelHeader={structureLabelHeader(s.tab)} order={order} />
        ) : (
          <p className="filter-hint">暂无数据</p>
        )}
        <PanelBusy active={tableLoading} />
      </section>
    </div>
  );
}

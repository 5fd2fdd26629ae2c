import { Injectable } from '@nestjs/common';
import {
  addMonths,
  type ChartResult,
  formatMonth,
  growth,
  growthNumber,
  growthText,
  pointsHeader,
  pointsText,
  monthRange,
  percentNumber,
  PRICE_STRUCTURE_TABS,
  PRICE_STRUCTURE_TOP_PRODUCERS,
  PRICE_TREND_MONTHS,
  type PriceStructureChartQuery,
  type PriceStructureDeckQuery,
  PRICE_STRUCTURE_VIEWS,
  priceStructureTags,
  type PriceStructureFilter,
  type PriceStructureTab,
  type PriceStructureTable,
  type PriceStructureTableQuery,
  salesOrMixLabel,
  share,
  shareChange,
  sharePercentText,
  sortStructureRows,
  type StructureColumn,
  structureLabelHeader,
  type StructureRow,
  structureSettingTags,
  structureSortColumns,
  thousands,
  yuanText,
} from '@car/contracts';
import { type AnalyticsRow, AnalyticsService } from '../analytics/analytics.service';
import { bandLabel, type PriceBands } from '../analytics/measures';
import type { DimensionKey, Filters } from '../analytics/model';
import type { MeasureRequest } from '../analytics/query';
import { ApiException } from '../common/api-codes';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration, DeckColumn } from '../deck/deck.writer';
import { DictionaryRepository } from '../reference/dictionary.repository';
import type { SessionUser } from '../security/session-user';
import { DataStatusService } from '../reference/data-status.service';
import { type WorkbookAsOf, type WorkbookHead, withExactShares } from '../workbook/table-workbook';
import { bandKeys, bandsOf } from '../pricevolume/price-bands';
import { PriceVolumeMonths } from '../pricevolume/price-volume.scope';
import { priceFigures, priceMeasures, PRICES_AS_SHOWN } from './price.figures';
import { PriceRepository } from './price.repository';
import { structureColumns } from './price-structure.workbook';

/** Which page asks: the whole market, or one segment (the month's best seller when none is chosen). */
export type StructurePage = 'total' | 'segment';

export const TOTAL_MARKET_LABEL = '整体市场';

/** Each page's title: its workbook's and its deck's file names, the deck's title slide. */
const PAGE_TITLES: Record<StructurePage, string> = { total: '整体市场价格结构', segment: '细分市场价格结构' };

/** The dictionaries the header tags name the chosen settings from. */
const TAG_DICTIONARIES = {
  bodyShapes: 'dicBodyShape',
  producerProperties: 'dicProducerProperty',
  families: 'dicBrandSeries',
  brandProperties: 'dicBoundProperty',
} as const;

/** The member dimension of each tab but the overview (decision 114). */
const TAB_DIMENSIONS: Record<Exclude<PriceStructureTab, 0>, DimensionKey> = { 1: 'family', 2: 'brand', 3: 'producer', 4: 'producerBrand' };

/** A request resolved: its month, its market (segment or whole), its filters and bands. */
interface Resolved {
  month: number;
  /** Months from January to `month`: the monthly average divides by it. */
  months: number;
  market: string;
  filters: Filters;
  bands: PriceBands;
  keys: number[];
}

const YTD: MeasureRequest = { measure: 'qty', shift: 'yearToDate', as: 'qty' };
const LAST_YTD: MeasureRequest = { measure: 'qty', shift: 'lastYearToDate', as: 'tq' };

/**
 * 整体市场价格结构 and 细分市场价格结构 (the spec's placeholder pair made real, decisions 113-115):
 * the filtered market's retail volume by price band — each trim-month in the band of its national TP
 * or MSRP of that month, as the price-band page bands it — over January to the chosen month, as a
 * monthly average (月均) or summed (累计), with each band's volume-weighted prices.
 */
@Injectable()
export class PriceStructureService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly months: PriceVolumeMonths,
    private readonly names: PriceRepository,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
    private readonly dictionaries: DictionaryRepository,
  ) {}

  private async resolve(q: PriceStructureFilter, page: StructurePage): Promise<Resolved> {
    const month = await this.months.resolve(q.time);
    const filters: Filters = {};
    if (q.bodyShapes?.length) filters.bodyTypes = q.bodyShapes;
    if (q.producerProperties?.length) filters.producerProperties = q.producerProperties;
    if (q.families?.length) filters.familyIds = q.families;
    if (q.brandProperties?.length) filters.brandProperties = q.brandProperties;
    let segmentId = q.detailId > 0 ? q.detailId : null;
    if (segmentId === null && page === 'segment') {
      const [best] = await this.analytics.query({
        source: 2,
        dimensions: ['segment'],
        filters,
        month,
        measures: [YTD],
        order: [
          { by: 'qty', direction: 'desc' },
          { by: 'segment', direction: 'asc' },
        ],
        limit: 1,
      });
      // Nothing sold under these settings: the first segment, whose figures are then all 0.
      segmentId = best?.key.segment ?? (await this.names.segment(null))?.id ?? null;
    }
    let market = TOTAL_MARKET_LABEL;
    if (segmentId !== null) {
      const segment = await this.names.segment(segmentId);
      if (segment === null) throw ApiException.badRequest('参数 detailId 没有这个细分市场');
      filters.segmentIds = [segmentId];
      market = segment.name;
    }
    const bands = bandsOf(q);
    return { month, months: month % 100, market, filters, bands, keys: bandKeys(bands, q.orderBy) };
  }

  /** A volume as shown: the sum, or its monthly average over the period (whole vehicles). */
  private volume(r: Resolved, q: PriceStructureFilter, qty: number): number {
    return q.averageMonth === 1 ? qty : Math.round(qty / r.months);
  }

  async chart(q: PriceStructureChartQuery, page: StructurePage): Promise<ChartResult> {
    const r = await this.resolve(q, page);
    if (q.view === 0) return this.timeChart(q, r);
    if (q.view === 1) return this.bandChart(q, r);
    return this.producerChart(q, r);
  }

  /**
   * 时间: the twelve months to the chosen one, one line per band: each month's volume (月均) or its
   * January-to-date sum (累计), or the band's share of that month's (or January-to-date) market.
   */
  private async timeChart(q: PriceStructureChartQuery, r: Resolved): Promise<ChartResult> {
    const shown = monthRange(addMonths(r.month, 1 - PRICE_TREND_MONTHS), r.month);
    const before = addMonths(shown[0], -1);
    // 累计 starts from January to the month before the first one shown (one month of year-to-date sums), not from twelve more months.
    const [rows, earlier] = await Promise.all([
      this.analytics.query({
        source: 2,
        dimensions: ['month', 'priceBand'],
        filters: r.filters,
        priceBand: r.bands,
        measures: [{ measure: 'qty', span: { from: shown[0], to: r.month }, as: 'qty' }],
      }),
      q.averageMonth === 1 && shown[0] % 100 !== 1
        ? this.analytics.query({ source: 2, dimensions: ['priceBand'], filters: r.filters, month: before, priceBand: r.bands, measures: [YTD] })
        : Promise.resolve([]),
    ]);
    const byMonthBand = new Map<string, number>();
    for (const row of rows) byMonthBand.set(`${row.key.month}/${row.key.priceBand}`, row.values.qty ?? 0);
    const running = new Map<number, number>(earlier.map((row) => [row.key.priceBand ?? 0, row.values.qty ?? 0]));
    const series = new Map<number, Array<number | null>>(r.keys.map((k) => [k, []]));
    for (const m of shown) {
      if (m % 100 === 1) running.clear();
      const values = new Map<number, number>();
      for (const k of r.keys) {
        const qty = byMonthBand.get(`${m}/${k}`) ?? 0;
        const value = q.averageMonth === 1 ? (running.get(k) ?? 0) + qty : qty;
        running.set(k, value);
        values.set(k, value);
      }
      const market = [...values.values()].reduce((a, b) => a + b, 0);
      for (const k of r.keys) series.get(k)!.push(q.data2 === 1 ? percentNumber(share(values.get(k)!, market)) : values.get(k)!);
    }
    return {
      xAxis: [{ categories: shown.map(formatMonth) }],
      yAxis: [{ title: q.data2 === 1 ? 'MIX(%)' : q.averageMonth === 1 ? '累计销量' : '销量' }],
      series: r.keys.map((k) => ({ name: bandLabel(r.bands, k), type: 'line' as const, yAxis: 0, data: series.get(k)! })),
    };
  }

  /** 价格段: the bands on the x axis, January to the month and the same months a year earlier, sales (月均 or 累计) or MIX. */
  private async bandChart(q: PriceStructureChartQuery, r: Resolved): Promise<ChartResult> {
    const rows = await this.analytics.query({
      source: 2,
      dimensions: ['priceBand'],
      filters: r.filters,
      month: r.month,
      priceBand: r.bands,
      measures: [YTD, LAST_YTD],
    });
    const of = (k: number, as: 'qty' | 'tq') => rows.find((row) => row.key.priceBand === k)?.values[as] ?? 0;
    const total = (as: 'qty' | 'tq') => rows.reduce((s, row) => s + (row.values[as] ?? 0), 0);
    const value = (k: number, as: 'qty' | 'tq') => (q.data2 === 1 ? percentNumber(share(of(k, as), total(as))) : this.volume(r, q, of(k, as)));
    const year = Math.floor(r.month / 100);
    const span = r.months === 1 ? '1月' : `1-${r.months}月`;
    return {
      xAxis: [{ categories: r.keys.map((k) => bandLabel(r.bands, k)) }],
      yAxis: [{ title: q.data2 === 1 ? 'MIX(%)' : q.averageMonth === 1 ? '累计销量' : '月均销量' }],
      series: [
        { name: `${year}年${span}`, type: 'column', yAxis: 0, data: r.keys.map((k) => value(k, 'qty')) },
        { name: `${year - 1}年${span}`, type: 'column', yAxis: 0, data: r.keys.map((k) => value(k, 'tq')) },
      ],
    };
  }

  /** 厂商: the period's ten largest producers, a column per band: volume, or the band's part of the producer's volume (MIX). */
  private async producerChart(q: PriceStructureChartQuery, r: Resolved): Promise<ChartResult> {
    const rows = await this.analytics.query({
      source: 2,
      dimensions: ['producer', 'priceBand'],
      filters: r.filters,
      month: r.month,
      priceBand: r.bands,
      measures: [YTD],
    });
    const members = membersOf(rows, 'producer').slice(0, PRICE_STRUCTURE_TOP_PRODUCERS);
    return {
      xAxis: [{ categories: members.map((m) => m.name) }],
      yAxis: [{ title: q.data2 === 1 ? 'MIX(%)' : q.averageMonth === 1 ? '累计销量' : '月均销量' }],
      series: r.keys.map((k) => ({
        name: bandLabel(r.bands, k),
        type: 'column' as const,
        yAxis: 0,
        data: members.map((m) => (q.data2 === 1 ? percentNumber(share(m.byBand.get(k) ?? 0, m.qty)) : this.volume(r, q, m.byBand.get(k) ?? 0))),
      })),
    };
  }

  /**
   * The table's workbook: the table, its sheet and file names, the label of its first column (the band, or the
   * tab's dimension) and the price data's 数据截至 for its 口径说明 sheet (decision 202).
   */
  async download(
    q: PriceStructureTableQuery,
    page: StructurePage,
  ): Promise<{ fileName: string; sheet: string; label: string; table: PriceStructureTable; asOf: WorkbookAsOf; head: WorkbookHead }> {
    const r = await this.resolve(q, page);
    const [{ fileName, sheet, ...table }, asOf] = await Promise.all([this.resolvedTable(q, page, r), this.dataStatus.of('price')]);
    return { fileName, sheet, label: structureLabelHeader(q.tab), table, asOf, head: await this.heading(q, page, r.month, table) };
  }

  /**
   * 导出PPT (issue 31, decision 213): the page as its URL shows it, from the page's own two calls — the title
   * slide (the header tags and the toolbar's settings, 数据截至, the user's producer or brand), the chart in its
   * view and measure, and the table of its tab in the order clicked on its header.
   */
  async deck(
    q: PriceStructureDeckQuery,
    page: StructurePage,
    user: Pick<SessionUser, 'producerId' | 'brandId'>,
  ): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const [chart, table, month, asOf, maker] = await Promise.all([
      this.chart({ ...q, data2: q.chart }, page),
      this.table(q, page),
      this.months.resolve(q.time),
      this.dataStatus.of('price'),
      this.decks.maker(user),
    ]);
    if (q.sort && !structureSortColumns(table).includes(q.sort.column)) {
      throw ApiException.badRequest(`参数 sort 应为这张表的列之一：${structureSortColumns(table).join('、')}`);
    }
    const heading = await this.heading(q, page, month, table);
    const view = PRICE_STRUCTURE_VIEWS.find((v) => v.value === q.view)?.label ?? '';
    const tab = PRICE_STRUCTURE_TABS.find((t) => t.value === q.tab)?.label ?? '';
    // The table's cells read as the page shows them: the answer's own texts (a price with its 元).
    const columns: Array<DeckColumn<StructureRow>> = structureColumns(structureLabelHeader(q.tab), table).map((column, i) =>
      i === 0 ? column : { ...column, text: (r: StructureRow) => r.texts[i - 1] },
    );
    return {
      fileName: `${heading.title}_${table.market}_${table.period}.pptx`,
      deck: {
        ...heading,
        asOf,
        maker,
        slides: [
          { kind: 'chart', title: `价格段结构（${view}视图 · ${salesOrMixLabel(q.chart)}）`, chart, percent: q.chart === 1 },
          {
            kind: 'table',
            title: q.tab === 0 ? `价格结构表（${tab}）` : `价格结构表（${tab} · ${salesOrMixLabel(q.data2)}）`,
            columns,
            rows: sortStructureRows(table, q.sort),
            strong: (r: StructureRow) => r.total,
          },
        ],
      },
    };
  }

  /**
   * The page's title and header tags (priceStructureTags and the toolbar's settings) at `month` over `table`: the
   * deck's title slide and the workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(
    q: PriceStructureTableQuery,
    page: StructurePage,
    month: number,
    table: PriceStructureTable,
  ): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const lookups = await this.tagLookups();
    const tags = [...priceStructureTags({ ...q, time: formatMonth(month) }, lookups, table.market), ...structureSettingTags(q, table)];
    return { title: PAGE_TITLES[page], tags };
  }

  /** The dictionaries of the header tags, keys as numbers (without a −1 全部 entry, as the page's settings form lists them). */
  private async tagLookups(): Promise<Record<keyof typeof TAG_DICTIONARIES, Array<{ key: number; value: string }>>> {
    const entries = await Promise.all(
      Object.entries(TAG_DICTIONARIES).map(async ([name, type]) => {
        const rows = await this.dictionaries.entries(type);
        return [name, rows.map((row) => ({ key: Number(row.key), value: row.value })).filter((e) => e.key !== -1)] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof typeof TAG_DICTIONARIES, Array<{ key: number; value: string }>>;
  }

  async table(q: PriceStructureTableQuery, page: StructurePage): Promise<PriceStructureTable & { fileName: string; sheet: string }> {
    return this.resolvedTable(q, page, await this.resolve(q, page));
  }

  /** The table of a scope already resolved. */
  private async resolvedTable(
    q: PriceStructureTableQuery,
    page: StructurePage,
    r: Resolved,
  ): Promise<PriceStructureTable & { fileName: string; sheet: string }> {
    const body = q.tab === 0 ? await this.overview(q, r) : await this.crossTable(q, r, TAB_DIMENSIONS[q.tab]);
    const period = `${Math.floor(r.month / 100)}-01~${formatMonth(r.month)}`;
    const tab = PRICE_STRUCTURE_TABS.find((t) => t.value === q.tab)?.label ?? '';
    const title = PAGE_TITLES[page];
    return { period, months: r.months, market: r.market, ...body, sheet: tab, fileName: `${title}_${r.market}_${tab}_${period}.xlsx` };
  }

  /**
   * 价格总览: per band (and 合计) the volume (月均 or 累计) and a year earlier, 同比, MIX and its change
   * in points, and the band's weighted TP, MSRP, discount and rate over the same months.
   */
  private async overview(q: PriceStructureFilter, r: Resolved): Promise<Pick<PriceStructureTable, 'columns' | 'rows'>> {
    const priceQuestion = { ...PRICES_AS_SHOWN, measures: priceMeasures('', { span: { from: Math.floor(r.month / 100) * 100 + 1, to: r.month } }) };
    const [sales, prices, marketPrices] = await Promise.all([
      this.analytics.query({ source: 2, dimensions: ['priceBand'], filters: r.filters, month: r.month, priceBand: r.bands, measures: [YTD, LAST_YTD] }),
      this.analytics.query({ source: 'price', dimensions: ['priceBand'], filters: r.filters, priceBand: r.bands, ...priceQuestion }),
      this.analytics.query({ source: 'price', dimensions: [], filters: r.filters, ...priceQuestion }),
    ]);
    const total = { qty: 0, tq: 0 };
    for (const row of sales) {
      total.qty += row.values.qty ?? 0;
      total.tq += row.values.tq ?? 0;
    }
    const volumeLabel = q.averageMonth === 1 ? '累计销量' : '月均销量';
    const columns: StructureColumn[] = [
      { key: 'qty', label: volumeLabel, kind: 'count' },
      { key: 'tq', label: `去年同期${volumeLabel}`, kind: 'count' },
      { key: 'yoy', label: '同比', kind: 'growth' },
      { key: 'mix', label: 'MIX', kind: 'percent' },
      { key: 'mixChange', label: pointsHeader('MIX变化'), kind: 'points' },
      { key: 'tp', label: '成交价', kind: 'yuan' },
      { key: 'msrp', label: '厂商指导价', kind: 'yuan' },
      { key: 'discount', label: '优惠', kind: 'yuan' },
      { key: 'rate', label: '优惠率', kind: 'percent' },
    ];
    const row = (id: number, name: string, qty: number, tq: number, priceRow: AnalyticsRow | undefined, isTotal: boolean): StructureRow => {
      const mix = share(qty, total.qty);
      const tqMix = share(tq, total.tq);
      const p = priceFigures(priceRow?.values);
      const values = [
        this.volume(r, q, qty),
        this.volume(r, q, tq),
        growthNumber(growth(qty, tq)),
        percentNumber(mix),
        growthNumber(shareChange(mix, tqMix)),
        p.tp,
        p.msrp,
        p.discount,
        percentNumber(p.rate),
      ];
      // The MIX unrounded for the workbook, by its column's key (decision 286).
      return withExactShares<StructureRow>({ id, name, values, texts: values.map((v, i) => cellText(columns[i].kind, v)), total: isTotal }, { mix });
    };
    const rows = r.keys.map((k) => {
      const s = sales.find((x) => x.key.priceBand === k);
      return row(
        k,
        bandLabel(r.bands, k),
        s?.values.qty ?? 0,
        s?.values.tq ?? 0,
        prices.find((x) => x.key.priceBand === k),
        false,
      );
    });
    rows.push(row(-1, '合计', total.qty, total.tq, marketPrices[0], true));
    return { columns, rows };
  }

  /**
   * A member tab: the market's row, then each member by the period's volume; a column per band and 合计.
   * Sales are the volume (月均 or 累计); MIX is the band's part of the row's own volume, so each row shows
   * that member's price structure and sums to 100 %.
   */
  private async crossTable(q: PriceStructureFilter, r: Resolved, dimension: DimensionKey): Promise<Pick<PriceStructureTable, 'columns' | 'rows'>> {
    const rows = await this.analytics.query({
      source: 2,
      dimensions: [dimension, 'priceBand'],
      filters: r.filters,
      month: r.month,
      priceBand: r.bands,
      measures: [YTD],
    });
    const members = membersOf(rows, dimension);
    const market: Member = { id: -1, name: r.market, qty: 0, byBand: new Map() };
    for (const m of members) {
      market.qty += m.qty;
      for (const [k, v] of m.byBand) market.byBand.set(k, (market.byBand.get(k) ?? 0) + v);
    }
    const percent = q.data2 === 1;
    const columns: StructureColumn[] = [
      ...r.keys.map((k): StructureColumn => ({ key: `band${k}`, label: bandLabel(r.bands, k), kind: percent ? 'percent' : 'count' })),
      { key: 'total', label: '合计', kind: percent ? 'percent' : 'count' },
    ];
    const toRow = (m: Member, isTotal: boolean): StructureRow => {
      const volumes = [...r.keys.map((k) => m.byBand.get(k) ?? 0), m.qty];
      const values = volumes.map((v) => (percent ? percentNumber(share(v, m.qty)) : this.volume(r, q, v)));
      const row: StructureRow = { id: m.id, name: m.name, values, texts: values.map((v, i) => cellText(columns[i].kind, v)), total: isTotal };
      // Each band's MIX unrounded for the workbook, by its column's key (decision 286).
      return percent ? withExactShares(row, Object.fromEntries(columns.map((c, i) => [c.key, share(volumes[i], m.qty)]))) : row;
    };
    return { columns, rows: [toRow(market, true), ...members.map((m) => toRow(m, false))] };
  }
}

interface Member {
  id: number;
  name: string;
  qty: number;
  byBand: Map<number, number>;
}

/** Rows of member × band folded into members, largest volume first (then by id). */
function membersOf(rows: readonly AnalyticsRow[], dimension: DimensionKey): Member[] {
  const members = new Map<number, Member>();
  for (const row of rows) {
    const id = row.key[dimension] ?? 0;
    const member = members.get(id) ?? { id, name: row.name[dimension] ?? String(id), qty: 0, byBand: new Map<number, number>() };
    const qty = row.values.qty ?? 0;
    member.qty += qty;
    member.byBand.set(row.key.priceBand ?? 0, (member.byBand.get(row.key.priceBand ?? 0) ?? 0) + qty);
    members.set(id, member);
  }
  return [...members.values()].filter((m) => m.qty !== 0).sort((a, b) => b.qty - a.qty || a.id - b.id);
}

/** A cell as shown: counts with separators, 元, one-decimal percents, changes under the dash rule (a MIX change in points). */
export function cellText(kind: StructureColumn['kind'], value: number | null): string {
  if (kind === 'count') return thousands(value);
  if (kind === 'yuan') return yuanText(value);
  if (kind === 'percent') return sharePercentText(value);
  if (kind === 'points') return pointsText(value);
  return growthText(value);
}

import { Injectable } from '@nestjs/common';
import {
  type ChartResult,
  type CompanyBrandChartDto,
  type CompanyBrandFilterDto,
  formatMonth,
  growth,
  growthNumber,
  percentNumber,
  share,
  type TableRow,
} from '@car/contracts';
import { CalendarRepository } from '../reference/calendar.repository';
import type { DeckColumn, DeckDeclaration, TableSlide } from '../deck/deck.writer';
import { type PriceFigures, priceChange, rateChange } from '../price/price.figures';
import { type PriceScope, PriceService } from '../price/price.service';
import { CompanyBrandService } from '../saleVolume/company-brand.service';
import { type MarketScope, SaleVolumeService } from '../saleVolume/sale-volume.service';
import { summarySlide } from '../saleVolume/sales.deck';
import type { WorkbookAsOf } from '../workbook/table-workbook';
import { BRIEF_LINES, type BriefLine, writeProducerBriefs } from './monthly-report.briefs';

/** A producer's sub-series in the month (the workbook's 子车系 sheet), with its segment. */
export interface SubSeriesLine {
  producerId: number;
  subSeriesId: number;
  subSeriesName: string;
  segmentId: number;
  segmentName: string;
  qty: number;
  tq: number;
  hb: number;
  lj: number;
  tqLj: number;
}

/** What every producer's deck of a month shares: the market's producer ranking and segments, and the segments' prices. */
export interface MonthlyMarket {
  month: number;
  scope: MarketScope;
  /** Every producer of the month, largest first (整体市场表现's producer ranking). */
  producers: readonly TableRow[];
  /** Place this month and a year earlier, by producer id. */
  places: ReadonlyMap<number, { place: number; lastYearPlace: number | null }>;
  segments: ReadonlyMap<number, TableRow>;
  /** The month whose prices the decks show: the month, or the latest month with prices before it (none: no price slide). */
  priceMonth: number | null;
  /** That month's price scope, read once for every producer's deck. */
  priceScope: PriceScope | null;
  segmentPrices: ReadonlyMap<number, PriceFigures>;
}

/** The headings of the three sentences of 本月要点: the month, the cars, the regions and the price. */
const BRIEF_HEADINGS = ['市场表现', '主力车型', '区域与价格'] as const;

/** The producers shown around one in the deck's ranking: this many above and below. */
const RANKING_NEIGHBOURS = 3;
/** The provinces in the deck's province chart. */
const PROVINCES_SHOWN = 15;
/** The trend: this year against last year, month by month (厂商品牌表现's chart with 2 years). */
const TREND_YEARS = 2;

/** Competition places by a volume, largest first (1, 2, 2, 4); zero has no place. */
function placesBy(rows: readonly TableRow[], volume: (row: TableRow) => number): Map<number, number | null> {
  const sorted = [...rows].sort((a, b) => volume(b) - volume(a));
  const places = new Map<number, number | null>();
  sorted.forEach((row, i) => {
    const previous = sorted[i - 1];
    places.set(row.id, volume(row) === 0 ? null : previous && volume(previous) === volume(row) ? places.get(previous.id)! : i + 1);
  });
  return places;
}

interface RankedRow {
  place: number | null;
  row: TableRow;
}

interface LineRow extends BriefLine {
  producerQty: number;
  segmentYoy: number | null;
}

interface PriceRow {
  name: string;
  segmentName: string;
  tp: number | null;
  segmentTp: number | null;
  tpGap: number | null;
  discount: number | null;
  rate: number | null;
  segmentRate: number | null;
  rateGap: number | null;
}

const RANKING_COLUMNS: ReadonlyArray<DeckColumn<RankedRow>> = [
  { header: '排名', kind: 'count', value: (r) => r.place },
  { header: '厂商', kind: 'text', value: (r) => r.row.name },
  { header: '当月销量', kind: 'count', value: (r) => r.row.sales },
  { header: '同比', kind: 'growth', value: (r) => r.row.yoy },
  { header: '份额', kind: 'percent', value: (r) => r.row.mix },
  { header: '份额变化', kind: 'points', value: (r) => r.row.mixChange },
  { header: '累计销量', kind: 'count', value: (r) => r.row.salesSum },
  { header: '累计同比', kind: 'growth', value: (r) => r.row.yearYoy },
];

const LINE_COLUMNS: ReadonlyArray<DeckColumn<LineRow>> = [
  { header: '子车系', kind: 'text', value: (r) => r.name },
  { header: '细分市场', kind: 'text', value: (r) => r.segmentName },
  { header: '当月销量', kind: 'count', value: (r) => r.qty },
  { header: '同比', kind: 'growth', value: (r) => growthNumber(growth(r.qty, r.tq)) },
  { header: '厂商内占比', kind: 'percent', value: (r) => percentNumber(share(r.qty, r.producerQty)) },
  { header: '细分市场份额', kind: 'percent', value: (r) => percentNumber(share(r.qty, r.segmentQty)) },
  { header: '细分市场同比', kind: 'growth', value: (r) => r.segmentYoy },
];

const PRICE_COLUMNS: ReadonlyArray<DeckColumn<PriceRow>> = [
  { header: '子车系', kind: 'text', value: (r) => r.name },
  { header: '细分市场', kind: 'text', value: (r) => r.segmentName },
  { header: '成交价', kind: 'count', value: (r) => r.tp },
  { header: '细分市场成交价', kind: 'count', value: (r) => r.segmentTp },
  { header: '成交价差', kind: 'growth', value: (r) => r.tpGap },
  { header: '优惠', kind: 'count', value: (r) => r.discount },
  { header: '优惠率', kind: 'percent', value: (r) => r.rate },
  { header: '细分市场优惠率', kind: 'percent', value: (r) => r.segmentRate },
  { header: '优惠率差', kind: 'points', value: (r) => r.rateGap },
];

/**
 * Each producer's monthly deck (issue 31 §2, decision 221): its cards and trend as 厂商品牌表现 answers them, its place
 * and share change in 整体市场表现's producer ranking, its top sub-series and their segments, its price position (TP
 * and discount against the segment), its provinces' growth, and three sentences written from those figures. Every
 * figure comes from the pages' own services; the monthly report job writes the deck beside the workbook.
 */
@Injectable()
export class MonthlyDeckBuilder {
  constructor(
    private readonly sales: SaleVolumeService,
    private readonly companyBrand: CompanyBrandService,
    private readonly prices: PriceService,
    private readonly calendar: CalendarRepository,
  ) {}

  /** The retail market of the month as 厂商品牌表现 asks for it: the nation, every segment, fuel and property. */
  private filterOf(month: number, producerId: number): CompanyBrandFilterDto {
    return {
      time: formatMonth(month),
      source: 2,
      detailId: -1,
      producerProperty: -1,
      fuels: [],
      newYear: false,
      area: null,
      type: 'producer',
      foreignId: producerId,
    };
  }

  async market(month: number): Promise<MonthlyMarket> {
    const scope = await this.sales.scope(this.filterOf(month, 0));
    const priceMonths = await this.calendar.months('price');
    const priceMonth = priceMonths.find((m) => m <= month) ?? null;
    const priceScope = priceMonth === null ? null : await this.prices.scope(priceMonth, {});
    const [producers, segmentRows, segmentPrices] = await Promise.all([
      this.sales.rows(scope, 'producer'),
      this.sales.rows(scope, 'segment'),
      priceMonth === null || priceScope === null ? Promise.resolve([]) : this.prices.series(priceScope, ['segment'], [priceMonth]),
    ]);
    const now = placesBy(producers, (r) => r.sales);
    const lastYear = placesBy(producers, (r) => r.tqSales);
    return {
      month,
      scope,
      producers,
      places: new Map(producers.map((r) => [r.id, { place: now.get(r.id) ?? 0, lastYearPlace: lastYear.get(r.id) ?? null }])),
      segments: new Map(segmentRows.map((r) => [r.id, r])),
      priceMonth,
      priceScope,
      segmentPrices: new Map(segmentPrices.map((s) => [s.id, s.byMonth.get(priceMonth!)!])),
    };
  }

  /** The deck of one producer: `lines` are its sub-series, largest first (the workbook's). */
  async deck(
    market: MonthlyMarket,
    producer: { id: number; name: string },
    lines: readonly SubSeriesLine[],
    title: string,
    asOf: WorkbookAsOf,
  ): Promise<DeckDeclaration> {
    const filter = this.filterOf(market.month, producer.id);
    const chartDto: CompanyBrandChartDto = { ...filter, timeDimensionality: 0, count: TREND_YEARS, foreignIds: [], compareType: 0 };
    const [summary, trend, provinces, subSeriesPrices] = await Promise.all([
      this.companyBrand.summary(filter),
      this.companyBrand.chart(chartDto),
      this.sales.rows({ ...market.scope, filters: { producerIds: [producer.id] } }, 'province'),
      market.priceMonth === null || market.priceScope === null
        ? Promise.resolve([])
        : this.prices.series(market.priceScope, ['subSeries'], [market.priceMonth], { producerIds: [producer.id] }),
    ]);
    const period = `${Math.floor(market.month / 100)}年${market.month % 100}月`;
    const row = market.producers.find((r) => r.id === producer.id);
    const places = market.places.get(producer.id);
    const lineRows: LineRow[] = lines.slice(0, BRIEF_LINES).map((l) => {
      const segment = market.segments.get(l.segmentId);
      return {
        name: l.subSeriesName,
        segmentName: l.segmentName,
        qty: l.qty,
        tq: l.tq,
        segmentQty: segment?.sales ?? 0,
        producerQty: summary.qty,
        segmentYoy: segment?.yoy ?? null,
      };
    });
    const priceById = new Map(subSeriesPrices.map((s) => [s.id, s.byMonth.get(market.priceMonth!)]));
    const priceRows: PriceRow[] = lines
      .filter((l) => priceById.get(l.subSeriesId)?.tp != null)
      .slice(0, BRIEF_LINES)
      .map((l) => {
        const own = priceById.get(l.subSeriesId)!;
        const segment = market.segmentPrices.get(l.segmentId);
        return {
          name: l.subSeriesName,
          segmentName: l.segmentName,
          tp: own.tp,
          segmentTp: segment?.tp ?? null,
          tpGap: growthNumber(priceChange(own.tp, segment?.tp ?? null)),
          discount: own.discount,
          rate: percentNumber(own.rate),
          segmentRate: percentNumber(segment?.rate ?? null),
          rateGap: percentNumber(rateChange(own.rate, segment?.rate ?? null)),
        };
      });
    const sortedProvinces = [...provinces].sort((a, b) => b.sales - a.sales);
    const briefs = writeProducerBriefs({
      period,
      producer: producer.name,
      summary,
      ranking: { row: row ?? { mix: null, mixChange: null }, place: places?.place ?? 0, lastYearPlace: places?.lastYearPlace ?? null },
      lines: lineRows,
      provinces: sortedProvinces,
      price: priceRows[0] && { name: priceRows[0].name, segmentName: priceRows[0].segmentName, tpGap: priceChange(priceRows[0].tp, priceRows[0].segmentTp) },
    });
    const at = market.producers.findIndex((r) => r.id === producer.id);
    const neighbours = market.producers.slice(Math.max(0, at - RANKING_NEIGHBOURS), at + RANKING_NEIGHBOURS + 1);
    const ranking: TableSlide<RankedRow> = {
      kind: 'table',
      title: '厂商排名（当月零售）',
      columns: RANKING_COLUMNS,
      rows: neighbours.map((r) => ({ place: market.places.get(r.id)?.place ?? null, row: r })),
      strong: (r) => r.row.id === producer.id,
    };
    return {
      title,
      tags: [
        { label: '厂商', value: producer.name },
        { label: '月份', value: period },
        { label: '数据', value: '零售量' },
      ],
      asOf,
      slides: [
        {
          kind: 'text',
          title: '本月要点',
          paragraphs: BRIEF_HEADINGS.map((heading, i) => ({ heading, text: briefs[i] })),
          labels: ['零售量', '同比', '环比', '份额', '份额变化'],
        },
        summarySlide(summary, false),
        { kind: 'chart', title: `销量走势（近 ${TREND_YEARS} 年逐月）`, chart: trend },
        ranking,
        { kind: 'table', title: '主力子车系', columns: LINE_COLUMNS, rows: lineRows },
        ...(market.priceMonth === null || priceRows.length === 0
          ? []
          : [{ kind: 'table' as const, title: `价格定位（${formatMonth(market.priceMonth)}，对比所在细分市场）`, columns: PRICE_COLUMNS, rows: priceRows }]),
        { kind: 'chart', title: '分省份表现（当月零售前 15）', chart: provinceChart(sortedProvinces.slice(0, PROVINCES_SHOWN)) },
      ],
    };
  }
}

/** The provinces as a chart: retail as columns, 同比 as a line on the percent axis. */
export function provinceChart(rows: readonly TableRow[]): ChartResult {
  return {
    xAxis: [{ categories: rows.map((r) => r.name) }],
    yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
    series: [
      { name: '销量', type: 'column', data: rows.map((r) => r.sales), yAxis: 0 },
      { name: '同比', type: 'line', data: rows.map((r) => r.yoy), yAxis: 1 },
    ],
  };
}

import JSZip from 'jszip';
import request from 'supertest';
import {
  API_PREFIX,
  type ChartResult,
  type DimensionTable,
  growthText,
  labelledPoints,
  pointsText,
  type PriceScatter,
  type ProportionRow,
  type ProportionTable,
  sharePercentText,
  tenThousandText,
  thousands,
} from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { chartPointLabels, charts, deckAnswer, decode, part, slidesOf as slides, tableOf, texts } from '../support/deck-zip';
import { priceVolumeMarket, type PriceVolumeMarket } from '../support/price-volume-market';

/*
 * 导出PPT of the two price-volume pages (issue 31, decisions 217-218), on the hand-made market of
 * sales-fixture.ts and price-fixture.ts, read as the zip of XML a deck is: every chart's data (the band chart's
 * caches, the bubble and scatter charts' points, their embedded sheets) and every table cell against the
 * page's own calls for the same URL.
 */

const BANDS = { priceLow: '14', priceHigh: '20', segment: '1' };

const values = (xml: string) => [...xml.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => decode(v[1]));

/** The title (first run) of each slide. */
const titles = (all: string[]) => all.map((xml) => texts(xml)[0]);

/** A chart's series as the points drawn: per series its name and its [x, y] (and bubble size) where its y cell holds a figure. */
function drawnSeries(xml: string): Array<{ name: string; points: string[][] }> {
  return [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((ser) => {
    const name = values(/<c:tx>(.*?)<\/c:tx>/s.exec(ser[1])?.[1] ?? '')[0];
    const xs = values(/<c:xVal>(.*?)<\/c:xVal>/s.exec(ser[1])?.[1] ?? '');
    const ys = values(/<c:yVal>(.*?)<\/c:yVal>/s.exec(ser[1])?.[1] ?? '');
    const sizes = values(/<c:bubbleSize>(.*?)<\/c:bubbleSize>/s.exec(ser[1])?.[1] ?? '');
    return { name, points: xs.flatMap((x, i) => (ys[i] === '' ? [] : [sizes.length ? [x, ys[i], sizes[i]] : [x, ys[i]]])) };
  });
}

/** The points a page's ScatterChart draws (a point without a price or a figure is left out), as the chart's caches read them. */
const pagePoints = (chart: PriceScatter, bubble: boolean) =>
  chart.series.map((s) => ({
    name: s.name,
    points: s.points.filter((p) => p.x !== null && p.y !== null).map((p) => [String(p.x), String(p.y), ...(bubble ? [String(p.sales)] : [])]),
  }));

/** The labels the page writes on a chart (labelledPoints, decision 287), each at its point's row in the sheet: the drawn points are the rows, series by series. */
function pageLabels(chart: PriceScatter): Array<Array<[number, string]>> {
  const rows = chart.series.flatMap((s, series) => s.points.filter((p) => p.x !== null && p.y !== null).map((p) => ({ series, name: p.name, sales: p.sales })));
  const named = labelledPoints(rows);
  return chart.series.map((_, series) =>
    rows.flatMap((row, i): Array<[number, string]> => (row.series === series && named.includes(row) ? [[i, row.name]] : [])),
  );
}

describe('导出PPT of the price-volume pages', () => {
  const market = priceVolumeMarket('pvdeck', `10.91.${process.pid % 250}.1`);
  let opened: PriceVolumeMarket;

  beforeAll(async () => {
    opened = await market.open();
  }, 120_000);

  afterAll(() => market.close());

  async function deckOf(path: string, query: Record<string, string>, fileName: string): Promise<JSZip> {
    const response = await request(opened.app.getHttpServer())
      .get(`${API_PREFIX}/pricevolume/${path}`)
      .query(query)
      .set('token', opened.token)
      .buffer(true)
      .parse(binaryBody);
    return deckAnswer(response, fileName);
  }

  /** A detail row as the page shows it: band, member (detail view), the two periods' sales or MIX, 同比 or the MIX change. */
  const bandRow = (cells: DimensionTable['values'][number], member: boolean, mix: boolean): string[] => {
    const figure = cells[2].data;
    const change = cells[3].data[0] as number | null;
    return [
      String(cells[0].data[0]),
      ...(member ? [String(cells[1].data[0])] : []),
      ...(mix
        ? [sharePercentText(figure[0] as number), sharePercentText(figure[1] as number)]
        : [thousands(figure[0] as number), thousands(figure[1] as number)]),
      mix ? pointsText(change) : growthText(change),
    ];
  };

  test('车型价格段销量, every member by brand: the title slide, the MIX chart and the detail equal the page’s calls', async () => {
    const url = { ...BANDS, type: '1', data2: '0', chart: '1', rows: '0' };
    const zip = await deckOf('priceQtyDetail/ppt', url, '车型价格段销量-2026-03.pptx');
    const [chart, table] = await Promise.all([
      opened.get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, data2: '1' }),
      opened.get<DimensionTable>('priceQtyDetail/table', { ...BANDS, type: '1', data2: '0' }),
    ]);
    const all = await slides(zip);
    expect(texts(all[0])).toEqual(
      expect.arrayContaining([
        '车型价格段销量',
        '时间：2026年3月    市场：整体市场    厂商属性：全部    品牌属性：全部    品牌：全部    车身形式：全部    系别：全部    价格区间：14-20万，每段1万    排序：升序    价格：TP    TP城市：全国    平均：单月',
      ]),
    );
    expect(titles(all)).toEqual(['车型价格段销量', '价格段销量', '价格段明细（品牌）']);

    const [chartXml] = await charts(zip);
    const caches = [...chartXml.matchAll(/<c:numCache>(.*?)<\/c:numCache>/gs)].map((m) => values(m[1]));
    expect(caches).toEqual(chart.series.map((s) => s.data.map((v) => (v === null ? '' : String(v)))));
    const categories = [...chartXml.matchAll(/<c:cat>.*?<\/c:cat>/gs)][0][0];
    expect(values(categories)).toEqual(chart.xAxis[0].categories);

    const [header, ...rows] = tableOf(all[2]);
    expect(header).toEqual(['价格段', '品牌', '2026-03 销量', '2025-03 销量', '同比']);
    expect(rows).toEqual(table.values.map((cells) => bandRow(cells, true, false)));
    expect(rows.length).toBeGreaterThan(8);
  });

  test('车型价格段销量 in its default view: each band’s subtotal alone, without the member column, MIX as the table asks', async () => {
    const zip = await deckOf('priceQtyDetail/ppt', { ...BANDS, data2: '1' }, '车型价格段销量-2026-03.pptx');
    const table = await opened.get<DimensionTable>('priceQtyDetail/table', { ...BANDS, data2: '1' });
    const all = await slides(zip);
    expect(titles(all)).toEqual(['车型价格段销量', '价格段销量', '价格段明细（价格段小计）']);
    const [header, ...rows] = tableOf(all[2]);
    expect(header).toEqual(['价格段', '2026-03 MIX', '2025-03 MIX', 'MIX变化(百分点)']);
    expect(rows).toEqual(table.values.filter((cells) => cells[1].data[0] === '小计').map((cells) => bandRow(cells, false, true)));
    expect(rows).toHaveLength(8);
  });

  /** A proportion row as the page's ProportionPanel shows it in a view. */
  const proportionRow = (r: ProportionRow, view: number): string[] => {
    const arrow: Record<number, string> = { 1: ' ↑', [-1]: ' ↓', 0: ' —' };
    const rank = r.ranking === null ? '-' : `${r.ranking}${arrow[r.rankingStatus] ?? ''}`;
    const price = r.price === null ? '-' : tenThousandText(r.price / 10_000);
    switch (view) {
      case 1:
        return [r.name, price, r.salesStr, r.tqSalesStr, r.yoys, rank];
      case 2:
        return [r.name, price, r.detailMixs, r.detailMixStr, r.wholeMixs];
      default:
        return [r.name, price, r.salesStr, r.tqSalesStr, rank];
    }
  };

  test('销量占比分析: a bubble and a scatter chart carrying the page’s points, their point tables, both tables in their views', async () => {
    const base = { modelSubId: '51' };
    const url = {
      ...base,
      singleType: '0',
      singleData2: '0',
      singleView: '1',
      modelSubIds: '53',
      compareType: '1',
      compareData2: '1',
      compareView: '2',
      tableAccumulate: '1',
      // A header click on the single table (decision 171): its trims by sales, smallest first, the subtotal at the foot.
      singleViewSort: 'sales.asc',
    };
    const zip = await deckOf('modelPrice/ppt', url, '销量占比分析-德锐-2026-03.pptx');
    const [single, singleTable, compare, compareTable] = await Promise.all([
      opened.get<PriceScatter>('modelPrice/singleChart', { ...base, type: '0', data2: '0' }),
      opened.get<ProportionTable>('modelPrice/singleTable', { ...base, data2: '1' }),
      opened.get<PriceScatter>('modelPrice/compareCharts', { ...base, modelSubIds: '53', type: '1', data2: '1' }),
      opened.get<ProportionTable>('modelPrice/compareTable', { ...base, modelSubIds: '53', data2: '2', accumulate: '1' }),
    ]);
    const all = await slides(zip);
    expect(texts(all[0])).toEqual(expect.arrayContaining(['销量占比分析', '时间：2026年3月    本品车系：德锐    车型：全部    价格口径：TP    城市：全国']));
    expect(titles(all)).toEqual([
      '销量占比分析',
      '时间段对比',
      '时间段对比（各点）',
      '德锐 车型销量占比（2026-03）',
      '车型对比',
      '车型对比（各点）',
      '车型对比表（2026-01~2026-03）',
    ]);

    const [bubbleXml, scatterXml] = await charts(zip);
    expect(bubbleXml).toContain('<c:bubbleChart>');
    expect(drawnSeries(bubbleXml)).toEqual(pagePoints(single, true));
    expect(scatterXml).toContain('<c:scatterChart>');
    expect(drawnSeries(scatterXml)).toEqual(pagePoints(compare, false));
    // Both charts name the points the page names, at those points (decision 287).
    expect(chartPointLabels(bubbleXml)).toEqual(pageLabels(single));
    expect(chartPointLabels(scatterXml)).toEqual(pageLabels(compare));
    expect(chartPointLabels(bubbleXml).flat().length).toBeGreaterThan(0);

    // The embedded sheet of the scatter chart: the x column, then each series' y column, a row per point drawn.
    const embedded = Object.keys(zip.files)
      .filter((f) => /^ppt\/embeddings\/.*\.xlsx$/.test(f))
      .sort((a, b) => Number(/(\d+)\.xlsx$/.exec(a)?.[1]) - Number(/(\d+)\.xlsx$/.exec(b)?.[1]));
    const sheet = await JSZip.loadAsync(await zip.file(embedded[1])!.async('nodebuffer'));
    const cells = [...(await part(sheet, 'xl/worksheets/sheet1.xml')).matchAll(/<row r="(\d+)"[^>]*>(.*?)<\/row>/gs)]
      .slice(1)
      .map((row) => [...row[2].matchAll(/<v>([^<]*)<\/v>/g)].map((v) => v[1]));
    const points = compare.series.flatMap((s, i) =>
      s.points.filter((p) => p.x !== null && p.y !== null).map((p) => [String(p.x), ...compare.series.map((_, j) => (j === i ? String(p.y) : ''))]),
    );
    expect(cells).toEqual(points);

    // The points' table: the names the page's tooltips give, with price and figure by the display rules.
    const [pointsHeader, ...pointRows] = tableOf(all[5]);
    expect(pointsHeader).toEqual(['系列', '车型', compare.xTitle, compare.yTitle, '销量']);
    expect(pointRows).toEqual(
      compare.series.flatMap((s) =>
        s.points.filter((p) => p.x !== null && p.y !== null).map((p) => [s.name, p.name, tenThousandText(p.x), sharePercentText(p.y), thousands(p.sales)]),
      ),
    );

    const [singleHeader, ...singleRows] = tableOf(all[3]);
    expect(singleHeader).toEqual(['车型', '价格(万元)', '销量', '去年同期销量', '同比', '细分市场排名']);
    const bySales = [1, 0, 2].map((i) => singleTable.rows[i]);
    expect(bySales.map((r) => r.name)).toEqual(['德锐 2026款 1.5T 豪华型', '德锐 2025款 1.5T 舒适型', '德锐 小计']);
    expect(singleRows).toEqual(bySales.map((r) => proportionRow(r, 1)));
    const [compareHeader, ...compareRows] = tableOf(all[6]);
    expect(compareHeader).toEqual(['车型', '价格(万元)', '细分市场MIX', '去年同期细分市场MIX', '整体市场MIX']);
    expect(compareRows).toEqual(compareTable.rows.map((r) => proportionRow(r, 2)));
  });

  test('the decks are refused as the pages’ other calls are: no token, and bad input in Chinese', async () => {
    const server = () => request(opened.app.getHttpServer());
    for (const [deck, call] of [
      ['priceQtyDetail/ppt', 'priceQtyDetail/table'],
      ['modelPrice/ppt', 'modelPrice/singleTable'],
    ]) {
      const [anonymousDeck, anonymousCall] = await Promise.all([
        server().get(`${API_PREFIX}/pricevolume/${deck}`),
        server().get(`${API_PREFIX}/pricevolume/${call}`),
      ]);
      expect({ status: anonymousDeck.status, code: anonymousDeck.body.code }).toEqual({ status: anonymousCall.status, code: anonymousCall.body.code });
      expect(anonymousDeck.status).toBe(401);
    }
    expect(await opened.refuse('priceQtyDetail/ppt', { priceLow: '40', priceHigh: '5' })).toBe('参数 priceLow 价格下限应小于价格上限');
    expect(await opened.refuse('priceQtyDetail/ppt', { rows: '2' })).toMatch(/^参数 rows /);
    expect(await opened.refuse('modelPrice/ppt', { modelSubId: '51', singleType: '3' })).toMatch(/^参数 singleType /);
    expect(await opened.refuse('modelPrice/ppt', { modelSubId: '51', singleViewSort: 'seriesName.desc' })).toMatch(/^参数 singleViewSort /);
  });
});

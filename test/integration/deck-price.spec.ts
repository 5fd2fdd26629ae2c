import type { NestExpressApplication } from '@nestjs/platform-express';
import JSZip from 'jszip';
import { Client } from 'pg';
import request from 'supertest';
import {
  type ChartResult,
  DEFINITIONS,
  growthDirection,
  type Nationwide,
  onRightAxis,
  type PriceMap,
  type PriceTable,
  type PriceTraceGap,
  type PriceTraceWhole,
  type PriceWhole,
  priceTableCell,
  priceTableUnitText,
  sharePercentText,
  traceGapCellText,
  traceLineColor,
  traceLineStyle,
} from '@car/contracts';
import { AnalyticsService } from '../../backend/src/analytics/analytics.service';
import type { AnalyticsQuery } from '../../backend/src/analytics/query';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { chartLines, deckAnswer, decode, part, tableRows, texts } from '../support/deck-zip';
import { createPriceFixture } from '../support/price-fixture';
import { ANALYST } from '../support/sales-fixture';
import { testEnv } from '../support/test-env';

/*
 * 导出PPT of the two price pages (issue 31, decision 215) on the literal prices of test/support/price-fixture.ts
 * (2026-02, 2026-03), read as the zip of XML a deck is: every chart series, every axis and every table cell
 * against the page's own calls for the same filters, the embedded workbooks' text neutralised.
 */
describe('导出PPT of the price pages (price/marketPriceWhole/ppt, price/cabmodelpricetrace/ppt)', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_deck_price`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await createPriceFixture(env.adminUrl, database);
    ({ app, token } = await signedInApp({ address: `10.87.${process.pid % 250}.21`, databaseUrl, account: ANALYST.account, password: ANALYST.password }));
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const call = (path: string, query: Record<string, string | number> = {}) =>
    request(app.getHttpServer()).get(`/car/api/price/${path}`).query(query).set('token', token);

  async function ok<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const response = await call(path, query);
    expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 200, code: 1 });
    return response.body.result as T;
  }

  async function deckOf(path: string, query: Record<string, string | number>, fileName: string): Promise<JSZip> {
    const response = await call(path, query).buffer(true).parse(binaryBody);
    return deckAnswer(response, fileName);
  }

  const ARROW = { up: ' ↑', down: ' ↓' } as const;
  const withArrow = (text: string, value: number | null) => {
    const direction = growthDirection(value);
    return direction && text !== '-' ? `${text}${ARROW[direction]}` : text;
  };

  /** The cards as the deck's table: a row each, its figure and its two changes with their arrows, as the page's cards. */
  const cardRows = (w: PriceWhole) => {
    const month = `${Number(w.time.slice(5, 7))}月`;
    return [
      [`${month}加权厂商指导价`, w.msrpStr, '', ''],
      [`${month}加权成交价`, w.tpStr, withArrow(w.tpMomStr, w.tpMom), withArrow(w.tpDownStr, w.tpDown)],
      [`${month}优惠`, w.discountStr, withArrow(w.discountMomStr, w.discountMom), withArrow(w.discountDownStr, w.discountDown)],
      [`${month}优惠率`, w.discountRateStr, withArrow(w.discountRateMomStr, w.discountRateMom), withArrow(w.discountRateDownStr, w.discountRateDown)],
    ];
  };

  /**
   * A month table's rows as the page shows them: the label (a province indented under its region), then each month's
   * bare figure, the unit written once in the table's title (decision 283).
   */
  const monthRows = (table: PriceTable) =>
    table.rows.map((r) => [`${'  '.repeat(Math.max(0, r.level - 1))}${r.name}`, ...r.values.map((v) => priceTableCell(table.measure, v))]);

  /**
   * The chart part against the chart call's answer: the series in the writer's order (columns, then lines; left
   * axis before right), each its legend name (the subject's columns carry its name when compared) and its data;
   * the categories; both value axes from zero in the page's formats.
   */
  async function expectChart(zip: JSZip, chart: ChartResult, rightFormat: string): Promise<void> {
    const chartPath = Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))!;
    const xml = await part(zip, chartPath);
    const ordered = (['column', 'line'] as const).flatMap((drawn) =>
      [false, true].flatMap((right) => chart.series.filter((s) => (s.type === 'column') === (drawn === 'column') && onRightAxis(s) === right)),
    );
    const caches = [...xml.matchAll(/<c:numCache>(.*?)<\/c:numCache>/gs)].map((m) => [...m[1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));
    expect(caches).toEqual(ordered.map((s) => s.data.map((v) => (v === null ? '' : String(v)))));
    const names = [...xml.matchAll(/<c:tx>.*?<c:v>([^<]*)<\/c:v>.*?<\/c:tx>/gs)].map((m) => decode(m[1]));
    expect(names).toEqual(ordered.map((s) => (s.type === 'column' && s.group ? `${s.group}${s.name}` : s.name)));
    const categories = [...xml.matchAll(/<c:cat>.*?<\/c:cat>/gs)][0][0];
    expect([...categories.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1])).toEqual(chart.xAxis[0].categories);
    const axes = [...xml.matchAll(/<c:valAx>.*?<\/c:valAx>/gs)].map((m) => m[0]);
    expect(axes).toHaveLength(2);
    expect(axes.map((a) => /<c:min val="([^"]*)"\/>/.exec(a)?.[1])).toEqual(['0', '0']);
    expect(axes.map((a) => decode(/<c:numFmt formatCode="([^"]*)"/.exec(a)?.[1] ?? ''))).toEqual(['#,##0', rightFormat]);
  }

  describe('整体市场价格指数', () => {
    const filters = { time: '2026-03', detailId: 3 };

    test('cards, the rate chart, the map table and the producer table equal the page’s calls for the same filters', async () => {
      const zip = await deckOf('marketPriceWhole/ppt', { ...filters, dataType: 1, type: 1, type2: 0 }, '整体市场价格指数-2026-03.pptx');
      const [whole, chart, map, table] = await Promise.all([
        ok<PriceWhole>('marketPriceWhole/whole', filters),
        ok<ChartResult>('marketPriceWhole/highCharts', { ...filters, type: 1 }),
        ok<PriceMap>('marketPriceWhole/map', filters),
        ok<PriceTable>('marketPriceWhole/detailTable', { ...filters, type: 1, type2: 0 }),
      ]);
      expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(expect.arrayContaining(['整体市场价格指数', '时间：2026-03    细分市场：A级轿车']));

      const cards = await tableRows(zip, 2, 2);
      expect(cards.header).toEqual(['指标', '数值', '环比', '较1月']);
      expect(cards.rows).toEqual(cardRows(whole));

      await expectChart(zip, chart, '0"%"');

      const provinces = await tableRows(zip, 4, 4);
      expect(provinces.header).toEqual(['地区', '优惠率']);
      const byRate = [...map.provinces].sort((a, b) => (b.discountRate ?? -Infinity) - (a.discountRate ?? -Infinity) || a.name.localeCompare(b.name, 'zh'));
      expect(provinces.rows).toEqual(byRate.map((p) => [p.name, sharePercentText(p.discountRate)]));
      expect(provinces.rows.length).toBeGreaterThan(0);

      const { header, rows } = await tableRows(zip, 5);
      expect(header).toEqual(['厂商', ...table.months]);
      expect(rows).toEqual(monthRows(table));
      expect(texts(await part(zip, 'ppt/slides/slide5.xml'))[0]).toBe(`价格明细（厂商） · ${priceTableUnitText(0)}`);
      expect(rows.flat().filter((cell) => cell.endsWith('元'))).toEqual([]);
    });

    test('the discount chart keeps its discount axis in yuan; the segment table under TP marks the chosen segment', async () => {
      const zip = await deckOf('marketPriceWhole/ppt', { ...filters, bigArea: 1, dataType: 0 }, '整体市场价格指数-2026-03.pptx');
      const [chart, table] = await Promise.all([
        ok<ChartResult>('marketPriceWhole/highCharts', { ...filters, bigArea: 1, type: 0 }),
        ok<PriceTable>('marketPriceWhole/detailTable', { ...filters, bigArea: 1 }),
      ]);
      expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(expect.arrayContaining(['时间：2026-03    细分市场：A级轿车    大区：华北']));
      await expectChart(zip, chart, '#,##0');
      const { header, rows } = await tableRows(zip, 5);
      expect(header).toEqual(['细分市场', ...table.months]);
      expect(rows).toEqual(monthRows(table));
      // The chosen segment's row is bold, as the whole market's: the page highlights both.
      const chosen = table.rows.findIndex((r) => r.current);
      expect(chosen).toBeGreaterThan(0);
      const slide = await part(zip, 'ppt/slides/slide5.xml');
      const rowXml = [...slide.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((m) => m[1]);
      expect(rowXml[1 + chosen]).toMatch(/ b="1"/);
      expect(rowXml[1 + table.rows.findIndex((r) => !r.total && !r.current)] ?? '').not.toMatch(/ b="1"/);
      // The notes carry the definitions of the chart's measures.
      expect(decode(await part(zip, 'ppt/notesSlides/notesSlide3.xml'))).toContain(DEFINITIONS.discount.text);
    });

    test('a sort clicked on the page’s month table orders the deck’s table: the total first, then by the month’s figure', async () => {
      const query = { time: '2026-03', type: 0, type2: 2 };
      const table = await ok<PriceTable>('marketPriceWhole/detailTable', query);
      const last = table.months.length - 1;
      const [total, ...rest] = table.rows;
      expect(total.total).toBe(true);
      expect(rest.length).toBeGreaterThan(1);
      for (const direction of ['asc', 'desc'] as const) {
        const zip = await deckOf('marketPriceWhole/ppt', { ...query, sort: `${table.months[last]}.${direction}` }, '整体市场价格指数-2026-03.pptx');
        const sign = direction === 'asc' ? 1 : -1;
        const ordered = [...rest].sort((a, b) => sign * ((a.values[last] ?? 0) - (b.values[last] ?? 0)));
        expect((await tableRows(zip, 5)).rows.map((r) => r[0])).toEqual([total, ...ordered].map((r) => r.name));
      }
      // A month the table does not show is the default order, as on the page.
      const unsorted = await deckOf('marketPriceWhole/ppt', { ...query, sort: '2020-01.desc' }, '整体市场价格指数-2026-03.pptx');
      expect((await tableRows(unsorted, 5)).rows.map((r) => r[0])).toEqual(table.rows.map((r) => r.name));
    });

    test('bad input is refused in Chinese; without a session the deck is refused as the page’s other calls', async () => {
      const bad = await call('marketPriceWhole/ppt', { ...filters, dataType: 7 });
      expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: expect.any(Number) });
      expect(bad.body.msg).toMatch(/优惠率/);
      const anonymous = (path: string) => request(app.getHttpServer()).get(`/car/api/price/${path}`).query(filters);
      const [deck, whole] = await Promise.all([anonymous('marketPriceWhole/ppt'), anonymous('marketPriceWhole/whole')]);
      expect({ status: deck.status, code: deck.body.code }).toEqual({ status: whole.status, code: whole.body.code });
      expect(whole.body.code).not.toBe(1);
    });
  });

  describe('车系价格追踪', () => {
    const subject = { time: '2026-03', modelSubId: 51 };

    /**
     * The trace's chart part against its call (decision 275): one measure on one value axis in the page's format, a
     * line per car in the call's order, each in the page's colour (traceLineColor of its place in the pick), the
     * subject's line thicker and its markers larger, as the page draws them (traceLineStyle, decision 287).
     */
    async function expectTraceChart(zip: JSZip, chart: ChartResult, format: string): Promise<void> {
      const chartPath = Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))!;
      const xml = await part(zip, chartPath);
      const caches = [...xml.matchAll(/<c:numCache>(.*?)<\/c:numCache>/gs)].map((m) => [...m[1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));
      expect(caches).toEqual(chart.series.map((s) => s.data.map((v) => (v === null ? '' : String(v)))));
      const names = [...xml.matchAll(/<c:tx>.*?<c:v>([^<]*)<\/c:v>.*?<\/c:tx>/gs)].map((m) => decode(m[1]));
      expect(names).toEqual(chart.series.map((s) => s.name));
      const colors = [...xml.matchAll(/<c:ser>.*?<\/c:ser>/gs)].map((m) => /<a:srgbClr val="([0-9A-Fa-f]{6})"/.exec(m[0])?.[1]?.toLowerCase());
      expect(colors).toEqual(chart.series.map((_, i) => traceLineColor(i).slice(1).toLowerCase()));
      const lines = chartLines(xml);
      expect(lines).toEqual(chart.series.map((_, i) => ({ width: traceLineStyle(i).width, marker: 2 * traceLineStyle(i).pointRadius })));
      // 本品 stands out: its line is thicker than every rival's.
      for (const rival of lines.slice(1)) expect(lines[0].width).toBeGreaterThan(rival.width);
      const axes = [...xml.matchAll(/<c:valAx>.*?<\/c:valAx>/gs)].map((m) => m[0]);
      expect(axes.map((a) => [/<c:min val="([^"]*)"\/>/.exec(a)?.[1], decode(/<c:numFmt formatCode="([^"]*)"/.exec(a)?.[1] ?? '')])).toEqual([['0', format]]);
    }

    test('cards, the chart of the chosen measure with a compared series and trim, 成交价差, 区域表现 and the regional table equal the page’s calls', async () => {
      const zip = await deckOf(
        'cabmodelpricetrace/ppt',
        { ...subject, measure: 1, type: 1, modelSubIds: '53', carIds: '63' },
        '车系价格追踪-德锐-2026-03.pptx',
      );
      const compared = { ...subject, modelSubIds: '53', carIds: '63' };
      const [whole, chart, gap, nationwide, table] = await Promise.all([
        ok<PriceTraceWhole>('cabmodelpricetrace/whole', { ...subject, type: 1 }),
        ok<ChartResult>('cabmodelpricetrace/highCharts', { ...compared, measure: 1 }),
        ok<PriceTraceGap>('cabmodelpricetrace/tpGap', compared),
        ok<Nationwide>('cabmodelpricetrace/nationwide', subject),
        ok<PriceTable>('cabmodelpricetrace/cityTable', { ...subject, type: 1 }),
      ]);
      expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
        expect.arrayContaining(['德锐价格走势', `时间：2026-03    城市：全国    厂商：${whole.producerName}    车系：德锐`]),
      );
      expect((await tableRows(zip, 2, 2)).rows).toEqual(cardRows(whole));
      expect(texts(await part(zip, 'ppt/slides/slide3.xml'))).toEqual(expect.arrayContaining(['价格走势（优惠率）']));
      expect(chart.series.map((s) => s.name)).toEqual(['德锐', '乙电EV', '日行SUV 2025款 2.0L 四驱']);
      await expectTraceChart(zip, chart, '0"%"');
      const gapTable = await tableRows(zip, 4, 4);
      expect(texts(await part(zip, 'ppt/slides/slide4.xml'))).toEqual(expect.arrayContaining(['成交价差（德锐 − 对比）']));
      expect(gapTable.header).toEqual(['对比车系/车型', ...gap.months]);
      expect(gapTable.rows).toEqual([
        ['乙电EV', '-10,000元（-6.2%）', '-10,000元（-6.5%）'],
        ['日行SUV 2025款 2.0L 四驱', '-', '-51,000元（-26.2%）'],
      ]);
      // … and are the page's 成交价差 call, cell for cell.
      expect(gapTable.rows).toEqual(gap.rows.map((r) => [r.name, ...gap.months.map((_, i) => traceGapCellText(r, i))]));
      const block = await tableRows(zip, 5, 5);
      expect(block.header).toEqual(['全国均价', '最低价', '平均优惠', '最高优惠', '平均优惠率', '最高优惠率']);
      expect(block.rows).toEqual([
        [
          nationwide.avgPriceStr,
          `${nationwide.lowPriceStr}（北京）`,
          nationwide.avgDiscountStr,
          `${nationwide.highDiscountStr}（北京）`,
          nationwide.avgDiscountRateStr,
          nationwide.highDiscountRateStr,
        ],
      ]);
      const { header, rows } = await tableRows(zip, 6);
      expect(header).toEqual(['区域', ...table.months]);
      expect(rows).toEqual(monthRows(table));
      // 优惠率's unit once, in the title: 单位：%, and no cell ends in '%'.
      expect(texts(await part(zip, 'ppt/slides/slide6.xml'))[0]).toBe(`区域价格 · ${priceTableUnitText(1)}`);
      expect(rows.flat().filter((cell) => cell.endsWith('%'))).toEqual([]);
      expect(rows.some((r) => r[0].startsWith('  '))).toBe(true);
    });

    /**
     * The statements one deck call sends PostgreSQL (every pg client's `query`) and the questions it puts to the
     * query layer, in the order asked.
     */
    async function deckCost(query: Record<string, string | number>, fileName: string): Promise<{ statements: number; asked: AnalyticsQuery[] }> {
      const analytics = app.get(AnalyticsService);
      const answer = analytics.query.bind(analytics);
      const asked: AnalyticsQuery[] = [];
      const questions = jest.spyOn(analytics, 'query').mockImplementation((q) => {
        asked.push(structuredClone(q));
        return answer(q);
      });
      const statements = jest.spyOn(Client.prototype, 'query');
      try {
        await deckOf('cabmodelpricetrace/ppt', query, fileName);
        statements.mockClear();
        asked.length = 0;
        await deckOf('cabmodelpricetrace/ppt', query, fileName);
        return { statements: statements.mock.calls.length, asked };
      } finally {
        statements.mockRestore();
        questions.mockRestore();
      }
    }

    test('the deck reads the comparison once: its chart and 成交价差 come from one set of series, 区域表现 from two questions', async () => {
      const cost = await deckCost({ ...subject, modelSubIds: '53', carIds: '63' }, '车系价格追踪-德锐-2026-03.pptx');
      const key = (q: AnalyticsQuery) => JSON.stringify([q.dimensions, q.filters, q.month, q.measures]);
      const seriesOf = (dimension: string) => cost.asked.filter((q) => q.dimensions.join() === `month,${dimension}`);
      // The compared series' and trims' prices by month, once each (twice before: the chart and the gap each asked).
      expect(seriesOf('subSeries').map(key)).toHaveLength(1);
      expect(seriesOf('car').map(key)).toHaveLength(1);
      // 区域表现: the subject's figures and its trims' lowest TPs by province (MSRP too); no separate by-trim question.
      expect(cost.asked.filter((q) => q.dimensions.length === 1 && q.dimensions[0] === 'car')).toEqual([]);
    });

    test('a city and a trim: the cards and the TP chart (the default) are the city’s, the tags name them; the embedded sheet neutralises its text', async () => {
      const query = { ...subject, carId: 61, city: 110000 };
      const zip = await deckOf('cabmodelpricetrace/ppt', query, '车系价格追踪-德锐 2025款 1.5T 舒适型-2026-03.pptx');
      const [whole, chart] = await Promise.all([
        ok<PriceTraceWhole>('cabmodelpricetrace/whole', query),
        ok<ChartResult>('cabmodelpricetrace/highCharts', query),
      ]);
      expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
        expect.arrayContaining([`时间：2026-03    城市：北京市    厂商：${whole.producerName}    车系：${whole.modelName}`]),
      );
      expect((await tableRows(zip, 2, 2)).rows).toEqual(cardRows(whole));
      expect(chart.yAxis).toEqual([{ title: '成交价（元）' }]);
      await expectTraceChart(zip, chart, '#,##0');
      // Without comparisons there is no gap to show: 区域表现 follows the chart.
      expect((await tableRows(zip, 4, 4)).header).toEqual(['全国均价', '最低价', '平均优惠', '最高优惠', '平均优惠率', '最高优惠率']);
      const embedded = Object.keys(zip.files).find((f) => /^ppt\/embeddings\/.*\.xlsx$/.test(f))!;
      const sheet = await JSZip.loadAsync(await zip.file(embedded)!.async('nodebuffer'));
      const strings = decode((await sheet.file('xl/sharedStrings.xml')!.async('string')).replace(/<[^>]+>/g, '\n'))
        .split('\n')
        .filter(Boolean);
      expect(strings).toEqual(expect.arrayContaining([whole.modelName, ...chart.xAxis[0].categories]));
      expect(strings.filter((s) => /^[=+\-@]/.test(s))).toEqual([]);
    });

    test('bad input is refused in Chinese; without a session the deck is refused as the page’s other calls', async () => {
      const bad = await call('cabmodelpricetrace/ppt', { ...subject, modelSubIds: '1,2,3,4,5,6' });
      expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: expect.any(Number) });
      expect(bad.body.msg).toMatch(/最多只能选择5个对比车系/);
      const anonymous = (path: string) => request(app.getHttpServer()).get(`/car/api/price/${path}`).query(subject);
      const [deck, whole] = await Promise.all([anonymous('cabmodelpricetrace/ppt'), anonymous('cabmodelpricetrace/whole')]);
      expect({ status: deck.status, code: deck.body.code }).toEqual({ status: whole.status, code: whole.body.code });
      expect(whole.body.code).not.toBe(1);
    });
  });
});

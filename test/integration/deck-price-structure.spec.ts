import type JSZip from 'jszip';
import { type ChartResult, DEFINITIONS, type PriceStructureTable, type SortOrder, sortStructureRows } from '@car/contracts';
import { TABLE_COLUMNS_PER_SLIDE } from '../../backend/src/deck/deck.style';
import { binaryBody } from '../support/shared-app';
import { chartData, charts, deckAnswer, decode, part, slideTables, texts } from '../support/deck-zip';
import { priceStructureApi } from '../support/price-structure-api';

/*
 * 导出PPT of 整体市场价格结构 and 细分市场价格结构 (issue 31, decision 213) on the hand-made market of
 * sales-fixture.ts and price-fixture.ts (test/integration/price-structure.spec.ts works its figures out): each
 * deck read as the zip of XML it is — the title slide's tags, the chart's caches and the table's cells against
 * the page's own two calls for the same URL, in the order clicked on the table's header.
 */

const BANDS = { priceLow: '14', priceHigh: '20', segment: '1', orderBy: '0' };

describe('导出PPT of the price-structure pages (price/totalMarket/ppt, price/priceDetailMarket/ppt)', () => {
  const { call, get } = priceStructureApi('structure_deck', 93);

  async function deckOf(path: string, query: Record<string, string>, fileName: string): Promise<JSZip> {
    const response = await call(path, query).buffer(true).parse(binaryBody);
    return deckAnswer(response, fileName);
  }

  /** The page's two calls for a deck's URL: the chart (its data2 is the URL's `chart`) and the table. */
  async function pageOf(page: 'totalMarket' | 'priceDetailMarket', url: Record<string, string>): Promise<{ chart: ChartResult; table: PriceStructureTable }> {
    const { view, chart, tab, sort: _sort, ...filters } = url;
    const [c, t] = await Promise.all([
      get<ChartResult>(`${page}/highCharts`, { ...filters, view, data2: chart }),
      get<PriceStructureTable>(`${page}/table`, { ...filters, tab }),
    ]);
    return { chart: c, table: t };
  }

  const cacheOf = (chart: ChartResult) => ({
    series: chart.series.map((s) => s.data.map((v) => (v === null ? '' : String(v)))),
    categories: chart.xAxis[0].categories,
  });

  /** The table as the page shows it in `order`: the label and the answer's texts. */
  const shownRows = (table: PriceStructureTable, order: SortOrder | null) => sortStructureRows(table, order).map((r) => [r.name, ...r.texts]);

  test('整体市场: the title slide, the band chart and 价格总览 sorted by MIX as clicked, each equal to the page’s calls', async () => {
    const url = { ...BANDS, view: '1', chart: '0', tab: '0', data2: '0', averageMonth: '1', sort: 'mix.desc' };
    const zip = await deckOf('totalMarket/ppt', url, '整体市场价格结构_整体市场_2026-01~2026-03.pptx');
    const { chart, table } = await pageOf('totalMarket', url);

    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining([
        '整体市场价格结构',
        [
          '时间：2026年1-3月',
          '市场：整体市场',
          '车身形式：全部',
          '厂商属性：全部',
          '系别：全部',
          '品牌属性：全部',
          '价格区间：14-20万，每段1万',
          '排序：升序',
          '价格口径：TP',
          '月均或累计：累计',
          '统计期：2026-01~2026-03（3 个月）',
        ].join('    '),
      ]),
    );

    expect(texts(await part(zip, 'ppt/slides/slide2.xml'))).toContain('价格段结构（价格段视图 · 销量）');
    const [chartXml] = await charts(zip);
    expect(chartData(chartXml)).toEqual(cacheOf(chart));
    expect(chartXml).toContain('<c:barChart>');
    expect(chartXml).toContain('formatCode="#,##0"');

    const [slide] = await slideTables(zip, 3);
    expect(slide[0]).toEqual(['价格段', ...table.columns.map((c) => c.label)]);
    const rows = slide.slice(1);
    expect(rows).toEqual(shownRows(table, { column: 'mix', direction: 'desc' }));
    // Sorted: not the API's order, 合计 staying last; a price with its 元 as the page shows it.
    expect(rows.map((r) => r[0])).not.toEqual(table.rows.map((r) => r.name));
    expect(rows[rows.length - 1][0]).toBe('合计');
    expect(rows.find((r) => r[0] === '14万以下')?.slice(6, 8)).toEqual(['133,750元', '150,000元']);
  });

  test('the time view as MIX: one line per band on a percent axis; the family tab as MIX in its own order', async () => {
    const url = { ...BANDS, view: '0', chart: '1', tab: '1', data2: '1', averageMonth: '0' };
    const zip = await deckOf('totalMarket/ppt', url, '整体市场价格结构_整体市场_2026-01~2026-03.pptx');
    const { chart, table } = await pageOf('totalMarket', url);
    const [chartXml] = await charts(zip);
    expect(chartData(chartXml)).toEqual(cacheOf(chart));
    expect(chartXml).toContain('<c:lineChart>');
    expect(decode(chartXml)).toContain('formatCode="0.0"%""');
    expect(texts(await part(zip, 'ppt/slides/slide3.xml'))).toContain('价格结构表（系别 · MIX）');
    const [slide] = await slideTables(zip, 3);
    expect(slide[0]).toEqual(['系别', ...table.columns.map((c) => c.label)]);
    expect(slide.slice(1)).toEqual(shownRows(table, null));
    // The notes: 数据截至 of the price data (the page's), then what the chart names (MIX).
    const notes = decode(await part(zip, 'ppt/notesSlides/notesSlide2.xml'));
    expect(notes).toContain('，价格数据');
    expect(notes).toContain(`${DEFINITIONS.price.name}：${DEFINITIONS.price.text}`);
    expect(notes).not.toContain('价格数据数据');
    expect(notes).toContain(`${DEFINITIONS.mix.name}：${DEFINITIONS.mix.text}`);
  });

  test('细分市场: its best-selling segment, the producer view and the producer tab sorted by name (descending)', async () => {
    const url = { ...BANDS, view: '2', chart: '0', tab: '3', data2: '0', averageMonth: '1', sort: 'name.desc' };
    const zip = await deckOf('priceDetailMarket/ppt', url, '细分市场价格结构_A级轿车_2026-01~2026-03.pptx');
    const { chart, table } = await pageOf('priceDetailMarket', url);
    expect(texts(await part(zip, 'ppt/slides/slide1.xml')).join('\n')).toContain('市场：A级轿车');
    expect(chartData((await charts(zip))[0])).toEqual(cacheOf(chart));
    const [slide] = await slideTables(zip, 3);
    expect(slide[0][0]).toBe('厂商');
    expect(slide.slice(1)).toEqual(shownRows(table, { column: 'name', direction: 'desc' }));
    expect(slide[1][0]).toBe('A级轿车');
  });

  test('a table wider than a slide goes on over slides, its first column on each', async () => {
    const url = { priceLow: '0', priceHigh: '50', segment: '1', orderBy: '1', view: '1', chart: '0', tab: '1', data2: '0', averageMonth: '1' };
    const zip = await deckOf('totalMarket/ppt', url, '整体市场价格结构_整体市场_2026-01~2026-03.pptx');
    const { table } = await pageOf('totalMarket', url);
    expect(table.columns).toHaveLength(53);
    const slides = await slideTables(zip, 3);
    const parts = Math.ceil((table.columns.length - 1) / (TABLE_COLUMNS_PER_SLIDE - 1));
    expect(slides).toHaveLength(parts);
    for (const slide of slides) expect(slide.map((r) => r[0])).toEqual(['系别', ...table.rows.map((r) => r.name)]);
    const header = ['系别', ...slides.flatMap((s) => s[0].slice(1))];
    expect(header).toEqual(['系别', ...table.columns.map((c) => c.label)]);
    const rows = table.rows.map((_, i) => [slides[0][i + 1][0], ...slides.flatMap((s) => s[i + 1].slice(1))]);
    expect(rows).toEqual(shownRows(table, null));
    expect(texts(await part(zip, `ppt/slides/slide${2 + parts}.xml`))).toContain(`价格结构表（系别 · 销量）（${parts}/${parts}）`);
  });

  test('bad input is refused in Chinese before any deck is written; a visitor without a session is refused as the page’s calls', async () => {
    const column = await call('totalMarket/ppt', { ...BANDS, tab: '1', sort: 'tp.desc' });
    expect({ status: column.status, msg: column.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('参数 sort 应为这张表的列之一') });
    const malformed = await call('totalMarket/ppt', { ...BANDS, sort: 'tp;desc' });
    expect({ status: malformed.status, msg: malformed.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('应为「列.desc」或「列.asc」') });
    const chart = await call('priceDetailMarket/ppt', { ...BANDS, chart: '2' });
    expect({ status: chart.status, msg: chart.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('应为 0（销量）或 1（MIX）') });
    const bands = await call('totalMarket/ppt', { priceLow: '30', priceHigh: '20' });
    expect(bands.body.msg).toContain('价格下限应小于价格上限');

    for (const page of ['totalMarket', 'priceDetailMarket']) {
      const [deck, table] = await Promise.all([call(`${page}/ppt`, BANDS, false), call(`${page}/table`, BANDS, false)]);
      expect({ status: deck.status, code: deck.body.code }).toEqual({ status: table.status, code: table.body.code });
      expect(deck.status).toBeGreaterThanOrEqual(400);
    }
  });
});

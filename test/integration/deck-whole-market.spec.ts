import type JSZip from 'jszip';
import { type ChartResult, DEFAULT_TAGS, DEFINITIONS, sortRankingRows, type Summary, type TableRow } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { chartTitled, deckAnswer, decode, expectedCaches, part, rankingCells, tableRows, texts } from '../support/deck-zip';
import { salesFiguresApi } from '../support/sales-figures';

/*
 * 导出PPT of 整体市场表现 (issue 31): the deck downloaded for given filters, on the hand-made market of
 * test/support/sales-fixture.ts, read as the zip of XML it is — every chart value and every table cell against
 * the page's own calls for the same filters, the notes against the definitions dictionary.
 */
describe('导出PPT of 整体市场表现 (saleVolume/wholeMarket/ppt)', () => {
  const { call, ok } = salesFiguresApi('deck', 7);

  async function deckOf(query: Record<string, string | number>): Promise<JSZip> {
    const response = await call('wholeMarket/ppt', query).buffer(true).parse(binaryBody);
    return deckAnswer(response, '整体市场表现-2026-03.pptx');
  }

  const filters = { time: '2026-03', source: 2, detailId: -1, producerProperty: -1 };

  test('the brand ranking: title slide, cards, chart and table each equal the page’s calls for the same filters', async () => {
    const query = { ...filters, type: 2, pageSize: 20, timeDimensionality: 0, count: 1 };
    const zip = await deckOf(query);
    const [summary, chart, table] = await Promise.all([
      ok<Summary>('wholeMarket/whole', filters),
      ok<ChartResult>('wholeMarket/highCharts', { ...filters, timeDimensionality: 0, count: 1 }),
      ok<{ list: TableRow[] }>('wholeMarket/bound', { ...filters, currentPage: 1, pageSize: 20 }),
    ]);

    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining(['整体市场表现', '时间：2026年3月    数据来源：零售量    细分市场：整体市场    燃料类型：全部    厂商属性：全部']),
    );

    const cards = texts(await part(zip, 'ppt/slides/slide2.xml'));
    expect(cards.slice(1, 11)).toEqual([
      '3月销量',
      '同比',
      '环比',
      '本年累计销量',
      '累计同比',
      summary.qtyStr,
      `↑ ${summary.yoys}`,
      `↑ ${summary.moms}`,
      summary.ljQtyStr,
      `↑ ${summary.yearYoys}`,
    ]);

    expect(await chartTitled(zip, '销量走势')).toEqual({ caches: expectedCaches(chart), categories: chart.xAxis[0].categories });

    const { header, rows } = await tableRows(zip, 4);
    expect(header).toEqual([
      '品牌',
      '当月销量',
      '环比',
      '同比',
      '份额',
      '份额变化(百分点)',
      '累计排名',
      '本年累计销量',
      '累计同比',
      '累计份额',
      '累计份额变化(百分点)',
    ]);
    expect(rows).toEqual(table.list.map((r) => rankingCells(r, DEFAULT_TAGS)));
  });

  test('the segment table: its category column and subtotals, as wholeMarket/detail answers', async () => {
    const zip = await deckOf({ ...filters, type: 0, timeDimensionality: 0, count: 1 });
    const table = await ok<{ list: TableRow[] }>('wholeMarket/detail', { ...filters, currentPage: 1, pageSize: 500 });
    const { header, rows } = await tableRows(zip, 4);
    expect(header.slice(0, 3)).toEqual(['类别', '细分市场', '当月销量']);
    expect(rows).toEqual(table.list.map((r) => rankingCells(r, DEFAULT_TAGS, true)));
  });

  test('the chosen 数据列 and a paged table’s clicked sort: the columns of `tags`, the rows in the call’s order (SQL)', async () => {
    const zip = await deckOf({ ...filters, type: 2, pageSize: 20, timeDimensionality: 0, count: 1, tags: '3,9,5', sort: 'yoy.asc' });
    const table = await ok<{ list: TableRow[] }>('wholeMarket/bound', { ...filters, currentPage: 1, pageSize: 20, sort: 'yoy.asc' });
    const { header, rows } = await tableRows(zip, 4);
    // The spec's order, whatever the order of the URL's list.
    expect(header).toEqual(['品牌', '去年同期销量', '同比', '累计排名']);
    expect(rows).toEqual(table.list.map((r) => rankingCells(r, [3, 5, 9])));
    const defaultOrder = await ok<{ list: TableRow[] }>('wholeMarket/bound', { ...filters, currentPage: 1, pageSize: 20 });
    expect(table.list.map((r) => r.name)).not.toEqual(defaultOrder.list.map((r) => r.name));
  });

  test('a whole table’s clicked sort is the page’s (sortRankingRows): subtotals at their group’s foot; `none` leaves the name alone', async () => {
    const answer = await ok<{ list: TableRow[] }>('wholeMarket/detail', { ...filters, currentPage: 1, pageSize: 500 });
    const orders: string[][] = [];
    for (const sort of ['sales.asc', 'name.desc', 'mixChange.desc'] as const) {
      const [column, direction] = sort.split('.') as ['sales' | 'name' | 'mixChange', 'asc' | 'desc'];
      const zip = await deckOf({ ...filters, type: 0, timeDimensionality: 0, count: 1, sort, tags: '2,8' });
      const { rows } = await tableRows(zip, 4);
      const sorted = sortRankingRows(answer.list, { column, direction });
      orders.push(sorted.map((r) => r.name));
      expect(rows).toEqual(sorted.map((r) => rankingCells(r, [2, 8], true)));
    }
    // Some of the orders move rows within their category (the API's order is by sales, descending).
    expect(orders.some((names) => names.join() !== answer.list.map((r) => r.name).join())).toBe(true);
    const family = await ok<{ list: TableRow[] }>('wholeMarket/series', { ...filters, currentPage: 1, pageSize: 500 });
    const bare = await tableRows(await deckOf({ ...filters, type: 1, timeDimensionality: 0, count: 1, tags: 'none' }), 4);
    expect(bare).toEqual({ header: ['系别'], rows: family.list.map((r) => [r.name]) });
  });

  test('the notes carry the definitions of what each slide names, from the one dictionary', async () => {
    const zip = await deckOf({ ...filters, type: 2, pageSize: 10, timeDimensionality: 0, count: 1 });
    const chartNotes = decode(await part(zip, 'ppt/notesSlides/notesSlide3.xml'));
    expect(chartNotes).toContain(`${DEFINITIONS.retail.name}：${DEFINITIONS.retail.text}`);
    expect(chartNotes).toContain(`${DEFINITIONS.sales.name}：${DEFINITIONS.sales.text}`);
    const tableNotes = decode(await part(zip, 'ppt/notesSlides/notesSlide4.xml'));
    for (const key of ['yoy', 'mom', 'share', 'shareChange', 'rank'] as const) expect(tableNotes).toContain(DEFINITIONS[key].text);
  });

  test('bad input is refused in Chinese before any deck is written', async () => {
    const response = await call('wholeMarket/ppt', { ...filters, type: 9 });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: expect.any(Number) });
    expect(response.body.msg).toMatch(/type/);
    const tags = await call('wholeMarket/ppt', { ...filters, type: 2, tags: '2,99' });
    expect({ status: tags.status, msg: tags.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('数据列') });
    // A paged table sorts in SQL by its figures; the name sorts the whole tables only, as on the page.
    const named = await call('wholeMarket/ppt', { ...filters, type: 2, sort: 'name.asc' });
    expect({ status: named.status, msg: named.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('名称') });
  });
});

import JSZip from 'jszip';
import { type ChartResult, DEFINITIONS, type Summary, type TableRow } from '@car/contracts';
import { binaryBody } from '../support/api-app';
import { chartCaches, decode, part, slideCount, tableOf, texts } from '../support/deck-reader';
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
    expect({ status: response.status, type: response.headers['content-type'] }).toEqual({
      status: 200,
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('整体市场表现-2026-03.pptx'));
    return JSZip.loadAsync(response.body as Buffer);
  }

  /** The table rows of every slide from `first` on, headers dropped after the first slide's (each must repeat it). */
  async function tableRows(zip: JSZip, first: number): Promise<{ header: string[]; rows: string[][] }> {
    const slides = slideCount(zip);
    const tables = await Promise.all(Array.from({ length: slides - first + 1 }, (_, i) => part(zip, `ppt/slides/slide${first + i}.xml`).then(tableOf)));
    const header = tables[0][0];
    for (const table of tables) expect(table[0]).toEqual(header);
    return { header, rows: tables.flatMap((t) => t.slice(1)) };
  }

  const ARROW: Record<number, string> = { 1: ' ↑', [-1]: ' ↓', 0: ' —' };

  /** A ranking row as the page shows its default columns (DEFAULT_TAGS), by the API's own texts. */
  const shown = (r: TableRow, group?: boolean): string[] => [
    ...(group ? [r.groupName ?? ''] : []),
    r.name,
    r.salesStr,
    r.moms,
    r.yoys,
    r.mixs,
    r.mixChanges,
    r.heji || r.ljRanking === null ? '-' : `${r.ljRanking}${ARROW[r.rankingStatus ?? -2] ?? ''}`,
    r.salesSumStr,
    r.yearYoys,
    r.yearMixs,
    r.yearMixChanges,
  ];

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

    const caches = chartCaches(await part(zip, 'ppt/charts/chart1.xml'));
    const columnsFirst = [...chart.series.filter((s) => s.type === 'column'), ...chart.series.filter((s) => s.type !== 'column')];
    expect(caches.series).toEqual(columnsFirst.map((s) => s.data.map((v) => (v === null ? '' : String(v)))));
    expect(caches.categories).toEqual(chart.xAxis[0].categories);

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
    expect(rows).toEqual(table.list.map((r) => shown(r)));
  });

  test('the segment table: its category column and subtotals, as wholeMarket/detail answers', async () => {
    const zip = await deckOf({ ...filters, type: 0, timeDimensionality: 0, count: 1 });
    const table = await ok<{ list: TableRow[] }>('wholeMarket/detail', { ...filters, currentPage: 1, pageSize: 500 });
    const { header, rows } = await tableRows(zip, 4);
    expect(header.slice(0, 3)).toEqual(['类别', '细分市场', '当月销量']);
    expect(rows).toEqual(table.list.map((r) => shown(r, true)));
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
  });
});

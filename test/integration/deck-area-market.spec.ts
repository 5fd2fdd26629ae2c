import type JSZip from 'jszip';
import { type AreaTreeRow, type ChartResult, DEFAULT_TAGS, sortRankingRows, type Summary, type TableRow } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { chartTitled, deckAnswer, expectedCaches, part, rankingCells, slidesTitled, tableTitled, texts } from '../support/deck-zip';
import { salesFiguresApi } from '../support/sales-figures';

/*
 * 导出PPT of 区域市场表现 (issue 31, decision 211): the deck downloaded for given filters and node, on the hand-made
 * market of test/support/sales-fixture.ts, read as the zip of XML it is — the cards, the map's figures, the chart and
 * every table cell against the page's own calls (areaMarket/…) for the same parameters.
 */
describe('导出PPT of 区域市场表现 (saleVolume/areaMarket/ppt)', () => {
  const { call, anonymous, ok } = salesFiguresApi('deckarea', 8);
  const filters = { time: '2026-03', source: 2, detailId: -1, producerProperty: -1 };
  const chartParams = { timeDimensionality: 0, count: 2 };

  async function deckOf(query: Record<string, string | number>, fileName: string): Promise<JSZip> {
    const response = await call('areaMarket/ppt', query).buffer(true).parse(binaryBody);
    return deckAnswer(response, fileName);
  }

  /** The area tree as the deck writes it: each parent's children (grouped under it), then the parent as its 小计. */
  const flattened = (rows: readonly AreaTreeRow[]): TableRow[] =>
    rows.flatMap((r) =>
      r.children?.length ? [...r.children.map((c) => ({ ...c, groupName: r.name })), { ...r, name: `${r.name}小计`, groupName: r.name, heji: true }] : [r],
    );

  test('the nation by area: title slide, cards, the map’s provinces, the chart and the tree, each as the page’s calls answer', async () => {
    const zip = await deckOf({ ...filters, ...chartParams, type: 3 }, '区域市场表现-全国-2026-03.pptx');
    const [summary, chart, tree] = await Promise.all([
      ok<Summary>('areaMarket/whole', filters),
      ok<ChartResult>('areaMarket/highCharts', { ...filters, ...chartParams }),
      ok<{ list: AreaTreeRow[] }>('areaMarket/area', { ...filters, currentPage: 1, pageSize: 500 }),
    ]);
    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining(['区域市场表现', '时间：2026年3月    数据来源：零售量    燃料类型：全部    区域：全国']),
    );
    expect(texts(await part(zip, 'ppt/slides/slide2.xml')).slice(6, 11)).toEqual([
      summary.qtyStr,
      `↑ ${summary.yoys}`,
      `↑ ${summary.moms}`,
      summary.ljQtyStr,
      `↑ ${summary.yearYoys}`,
    ]);

    // The map of the nation shows provinces, each with its tooltip's figures; the deck lists them by sales.
    const map = await tableTitled(zip, '区域分布');
    const provinces = sortRankingRows(
      tree.list.flatMap((r) => r.children ?? []),
      { column: 'sales', direction: 'desc' },
    );
    expect(map).toEqual({
      header: ['省份', '当月销量', '同比', '本年累计销量', '累计同比'],
      rows: provinces.map((r) => rankingCells(r, [2, 5, 10, 12])),
    });

    expect(await chartTitled(zip, '全国销量走势')).toEqual({ caches: expectedCaches(chart), categories: chart.xAxis[0].categories });

    const table = await tableTitled(zip, '全国销量排行（区域）');
    expect(table.header.slice(0, 3)).toEqual(['大区', '省份', '当月销量']);
    expect(table.rows).toEqual(flattened(tree.list).map((r) => rankingCells(r, DEFAULT_TAGS, true)));
  });

  test('广东’s brands: the chosen 数据列 and the clicked sort, in the order of areaMarket/bound (SQL)', async () => {
    const node = { area: 440000, level: 2 };
    const query = { ...filters, ...node, currentPage: 1, pageSize: 20 };
    const zip = await deckOf({ ...query, ...chartParams, type: 2, tags: '5,2', sort: 'sales.asc' }, '区域市场表现-广东-2026-03.pptx');
    const [brands, cities] = await Promise.all([
      ok<{ list: TableRow[] }>('areaMarket/bound', { ...query, sort: 'sales.asc' }),
      ok<{ list: AreaTreeRow[] }>('areaMarket/area', { ...filters, ...node, currentPage: 1, pageSize: 500 }),
    ]);
    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(expect.arrayContaining([expect.stringContaining('区域：广东')]));
    expect((await tableTitled(zip, '区域分布')).rows.map((r) => r[0])).toEqual(
      sortRankingRows(cities.list, { column: 'sales', direction: 'desc' }).map((r) => r.name),
    );
    expect(await tableTitled(zip, '广东销量排行（品牌）')).toEqual({
      header: ['品牌', '当月销量', '同比'],
      rows: brands.list.map((r) => rankingCells(r, [2, 5])),
    });
  });

  test('a city: its map is its province’s; the segment table sorted by the page’s rule (sortRankingRows)', async () => {
    const city = { area: 440300, level: 3 };
    const zip = await deckOf({ ...filters, ...city, ...chartParams, type: 0 }, '区域市场表现-深圳市-2026-03.pptx');
    const cities = await ok<{ list: AreaTreeRow[] }>('areaMarket/area', { ...filters, area: 440000, level: 2, currentPage: 1, pageSize: 500 });
    expect((await tableTitled(zip, '区域分布')).rows.map((r) => r[0]).sort()).toEqual(cities.list.map((r) => r.name).sort());

    const nation = await deckOf({ ...filters, ...chartParams, type: 0, sort: 'name.desc' }, '区域市场表现-全国-2026-03.pptx');
    const segments = await ok<{ list: TableRow[] }>('areaMarket/detail', { ...filters, currentPage: 1, pageSize: 500 });
    const table = await tableTitled(nation, '全国销量排行（细分市场）');
    expect(table.header.slice(0, 2)).toEqual(['类别', '细分市场']);
    const sorted = sortRankingRows(segments.list, { column: 'name', direction: 'desc' });
    expect(sorted.map((r) => r.name)).not.toEqual(segments.list.map((r) => r.name));
    expect(table.rows).toEqual(sorted.map((r) => rankingCells(r, DEFAULT_TAGS, true)));
  });

  test('wholesale has no map and no area table; bad input and a signed-out call are refused as the page’s calls are', async () => {
    const wholesale = await deckOf({ ...filters, source: 1, ...chartParams, type: 1 }, '区域市场表现-全国-2026-03.pptx');
    expect(await slidesTitled(wholesale, '区域分布')).toEqual([]);
    const area = await call('areaMarket/ppt', { ...filters, source: 1, type: 3 });
    expect({ status: area.status, msg: area.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('批发量数据没有地区维度') });
    const named = await call('areaMarket/ppt', { ...filters, type: 4, sort: 'name.desc' });
    expect({ status: named.status, msg: named.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('不能按名称') });
    const [deck, page] = await Promise.all([anonymous('areaMarket/ppt', filters), anonymous('areaMarket/whole', filters)]);
    expect({ status: deck.status, code: deck.body.code }).toEqual({ status: page.status, code: page.body.code });
    expect(deck.status).toBeGreaterThanOrEqual(400);
  });
});

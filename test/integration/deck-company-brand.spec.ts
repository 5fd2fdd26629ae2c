import type JSZip from 'jszip';
import { type CarDetails, type ChartResult, type DetailLine, detailLines, type DetailSortColumn, type SortOrder, type TendencyRow } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { chartTitled, deckAnswer, expectedCaches, part, rankingCells, rankText, slidesTitled, tableTitled, texts } from '../support/deck-zip';
import { salesFiguresApi } from '../support/sales-figures';

/*
 * 导出PPT of 厂商品牌表现 (issue 31, decision 211): either view of the page downloaded for given parameters, on the
 * hand-made market of test/support/sales-fixture.ts, read as the zip of XML it is — the ranking (list or band chart),
 * the trend, the car-model details against the page's own calls (companyBrand/…) for the same parameters.
 */
describe('导出PPT of 厂商品牌表现 (saleVolume/companyBrand/ppt)', () => {
  const { call, anonymous, ok } = salesFiguresApi('deckmaker', 9);
  const filters = { time: '2026-03', source: 2, detailId: -1, producerProperty: -1 };

  async function deckOf(query: Record<string, string | number>, fileName: string): Promise<JSZip> {
    const response = await call('companyBrand/ppt', query).buffer(true).parse(binaryBody);
    return deckAnswer(response, fileName);
  }

  /** The detail table's lines as the page draws them (detailLines, one rule for both), by the API's own texts. */
  const detailCells = (details: CarDetails, order: SortOrder<DetailSortColumn> | null = null): string[][] =>
    detailLines(details, order).map((line: DetailLine) => [
      line.kind === 'total' ? line.row.name : line.segment ? `${line.segment.name}（${line.segment.mixStr}）` : '',
      line.kind === 'total' ? '' : line.row.name,
      line.row.salesStr,
      line.row.tqSalesStr,
      line.row.yoyStr,
      line.row.detailMixStr,
      line.row.detailMixChangeStr,
      rankText(line.row.ranking, line.row.rankingStatus),
    ]);
  const DETAIL_HEADER = ['细分市场（占比）', '车型', '销量', '去年同期销量', '同比', '细分市场份额', '份额变化(百分点)', '细分市场排名'];

  test('the overview’s brand list: its 数据列 and sort as companyBrand/list answers, then the first row’s car-model details', async () => {
    const zip = await deckOf(
      { ...filters, type: 1, view: 'list', currentPage: 1, pageSize: 10, tags: '9,2,5', sort: 'sales.asc' },
      '厂商品牌表现-品牌排名-2026-03.pptx',
    );
    const list = await ok<{ list: TendencyRow[] }>('companyBrand/list', {
      ...filters,
      type: 1,
      accumulate: 0,
      currentPage: 1,
      pageSize: 10,
      sort: 'sales.asc',
    });
    const first = list.list[0];
    const details = await ok<CarDetails>('companyBrand/carDetails', { ...filters, type: 1, foreignId: first.id, accumulate: 0 });
    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining(['厂商品牌表现', '时间：2026年3月    数据来源：零售量    燃料类型：全部    区域：全国    排名：品牌']),
    );
    expect(await tableTitled(zip, '品牌销量排名')).toEqual({
      header: ['排名', '品牌', '当月销量', '同比', '累计排名'],
      rows: list.list.map((r) => [String(r.ranking), ...rankingCells(r, [2, 5, 9])]),
    });
    expect(await tableTitled(zip, `${first.name} 车型明细 ${details.time}（同期 ${details.tqTime}）`)).toEqual({
      header: DETAIL_HEADER,
      rows: detailCells(details),
    });
  });

  test('the overview’s band chart by January-to-date, and the clicked producer’s details in the page’s detailSort', async () => {
    const zip = await deckOf(
      { ...filters, type: 0, view: 'chart', rank: 1, listAccumulate: 1, foreignId: 12, accumulate: 1, detailSort: 'sales.asc' },
      '厂商品牌表现-厂商排名-2026-03.pptx',
    );
    const [band, details] = await Promise.all([
      ok<ChartResult>('companyBrand/list2chart', { ...filters, type: 0, accumulate: 1, rank: 1 }),
      ok<CarDetails>('companyBrand/carDetails', { ...filters, type: 0, foreignId: 12, accumulate: 1 }),
    ]);
    expect(await slidesTitled(zip, '厂商销量排名')).toHaveLength(1);
    expect(await chartTitled(zip, '厂商销量排名')).toEqual({ caches: expectedCaches(band), categories: band.xAxis[0].categories });
    const table = await tableTitled(zip, '乙汽车 车型明细');
    expect(table.rows).toEqual(detailCells(details, { column: 'sales', direction: 'asc' }));
  });

  test('one producer compared with another: its trend as companyBrand/highCharts and its details with the compared totals', async () => {
    const compare = { compareType: 1, foreignIds: '11', timeDimensionality: 0 };
    const zip = await deckOf({ ...filters, type: 0, id: 12, accumulate: 0, ...compare }, '厂商品牌表现-乙汽车-2026-03.pptx');
    const [chart, details] = await Promise.all([
      ok<ChartResult>('companyBrand/highCharts', { ...filters, type: 0, foreignId: 12, ...compare }),
      ok<CarDetails>('companyBrand/carDetails', { ...filters, type: 0, foreignId: 12, accumulate: 0, compareType: 1, foreignIds: '11' }),
    ]);
    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining(['乙汽车 - 厂商品牌表现', '时间：2026年3月    数据来源：零售量    燃料类型：全部    区域：全国    厂商：乙汽车']),
    );
    expect(await slidesTitled(zip, '乙汽车与厂商对比')).toHaveLength(1);
    expect(await chartTitled(zip, '乙汽车与厂商对比')).toEqual({ caches: expectedCaches(chart), categories: chart.xAxis[0].categories });
    const table = await tableTitled(zip, '乙汽车 车型明细');
    expect(table.rows).toEqual(detailCells(details));
    expect(table.rows.map((r) => r[0])).toEqual(expect.arrayContaining([details.compareHeJiList[0].wholeHeJi1.name]));
  });

  test('bad input and a signed-out call are refused as the page’s calls are', async () => {
    const unknown = await call('companyBrand/ppt', { ...filters, type: 0, id: 99 });
    expect({ status: unknown.status, msg: unknown.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('99') });
    const tags = await call('companyBrand/ppt', { ...filters, type: 0, tags: 'x' });
    expect({ status: tags.status, msg: tags.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('数据列') });
    const [deck, page] = await Promise.all([anonymous('companyBrand/ppt', filters), anonymous('companyBrand/whole', filters)]);
    expect({ status: deck.status, code: deck.body.code }).toEqual({ status: page.status, code: page.body.code });
    expect(deck.status).toBeGreaterThanOrEqual(400);
  });
});

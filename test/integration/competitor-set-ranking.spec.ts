import ExcelJS from 'exceljs';
import { COMPETITOR_SET_MESSAGES, type TablePage, type TableRow } from '@car/contracts';
import { deckAnswer, tableTitled } from '../support/deck-zip';
import { salesFiguresApi } from '../support/sales-figures';
import { binaryBody } from '../support/shared-app';
import { sheetTable } from '../support/workbook-table';

/*
 * 整体市场表现's 车系 table narrowed to a 竞品组 (wholeMarket/modelSub with setOwn and setRivals, issue 49 §3, decision
 * 300), every figure worked by hand on the hand-made market of test/support/sales-fixture.ts. The set: 本品 德锐 [51],
 * rivals 日行SUV [52] and 乙电EV [53]; 乙尊 [54] sells but is no member.
 *
 * Retail of 2026-02 by sub-series (RETAIL's February column): 德锐 61@北京 100 + 62@深圳 100 = 200; 日行SUV 63 100 + 0 =
 * 100; 乙电EV 64 100 + 0 = 100; 乙尊 65 100; the market 500, the set 400.
 *   份额 (of the market, as the unnarrowed table): 200/500 = 40.0, 100/500 = 20.0, 20.0
 *   组内份额 (of the set): 200/400 = 50.0, 100/400 = 25.0, 25.0; 组内排名 1, 2, 2 (日行SUV and 乙电EV tie on 100)
 *   累计 (2026-01 + 02): 德锐 400, 日行SUV 300, 乙电EV 300, 乙尊 200: 累计排名 among every sub-series 1, 2, 2 (乙尊 4th)
 * In 2026-03 the market is the set (乙尊 sold nothing): 500, 300, 200 of 1000 both ways.
 */
describe('竞品组 on the 车系 ranking table (整体市场表现, decision 300)', () => {
  const { call, ok } = salesFiguresApi('set_ranking', 7);
  const SET = { setOwn: '51', setRivals: '52,53' };
  const FEBRUARY = { time: '2026-02', ...SET };

  const figures = (rows: TableRow[]) => rows.map((r) => [r.id, r.name, r.sales, r.mixs, r.setOwn, r.setMixs, r.setRanking, r.ljRanking]);

  test("February: the members alone, in the table's order, with the market's shares and ranks and their own within the set", async () => {
    const page = await ok<TablePage>('wholeMarket/modelSub', FEBRUARY);
    expect(figures(page.list)).toEqual([
      [51, '德锐', 200, '40.0%', true, '50.0%', 1, 1],
      // A tie on February's 100 and on 累计 300: the smaller id first, as the table orders.
      [52, '日行SUV', 100, '20.0%', false, '25.0%', 2, 2],
      [53, '乙电EV', 100, '20.0%', false, '25.0%', 2, 2],
    ]);
    // The whole set in one page.
    expect([page.total, page.currentPage, page.pageSize]).toEqual([3, 1, 3]);
    // Every figure but the set's is the unnarrowed table's row.
    const whole = await ok<TablePage>('wholeMarket/modelSub', { time: '2026-02', pageSize: 10 });
    expect(whole.list.map((r) => r.id)).toEqual([51, 52, 53, 54]);
    for (const row of page.list) {
      const { setOwn: _own, setMix: _mix, setMixs: _mixs, setRanking: _ranking, salesWidth: _width, salesSumWidth: _sumWidth, ...rest } = row;
      const { salesWidth: _w, salesSumWidth: _sw, ...theirs } = whole.list.find((r) => r.id === row.id)!;
      expect(rest).toEqual(theirs);
    }
  });

  test('the latest month by default; the set is the market there', async () => {
    const page = await ok<TablePage>('wholeMarket/modelSub', SET);
    expect(figures(page.list).map((r) => r.slice(0, 7))).toEqual([
      [51, '德锐', 500, '50.0%', true, '50.0%', 1],
      [53, '乙电EV', 300, '30.0%', false, '30.0%', 2],
      [52, '日行SUV', 200, '20.0%', false, '20.0%', 3],
    ]);
  });

  test('a segment narrows the members too: A级轿车 keeps 德锐 and 乙电EV, their shares of that segment and of the two', async () => {
    // February in A级轿车 [3]: 德锐 200 + 乙电EV 100 = 300, the segment's whole market: 66.7 and 33.3 both ways.
    const page = await ok<TablePage>('wholeMarket/modelSub', { ...FEBRUARY, detailId: 3 });
    expect(figures(page.list).map((r) => r.slice(0, 7))).toEqual([
      [51, '德锐', 200, '66.7%', true, '66.7%', 1],
      [53, '乙电EV', 100, '33.3%', false, '33.3%', 2],
    ]);
  });

  test('the sort of the table orders the members: 组内排名 stays by volume', async () => {
    const page = await ok<TablePage>('wholeMarket/modelSub', { ...FEBRUARY, sort: 'salesSum.asc' });
    expect(page.list.map((r) => [r.id, r.setRanking])).toEqual([
      [52, 2],
      [53, 2],
      [51, 1],
    ]);
  });

  test('the workbook: the set columns after the name, 组内份额 as exact fractions, the set named in the header block', async () => {
    const response = await call('wholeMarket/download', { type: 5, ...FEBRUARY, setName: '德锐对标' })
      .buffer(true)
      .parse(binaryBody);
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body);
    const table = sheetTable(book.worksheets[0]);
    expect(table.headers.slice(0, 4)).toEqual(['车系', '本品/竞品', '组内份额', '组内排名']);
    expect(table.values.map((v) => v.slice(0, 4))).toEqual([
      ['德锐', '本品', 0.5, 1],
      ['日行SUV', '竞品', 0.25, 2],
      ['乙电EV', '竞品', 0.25, 2],
    ]);
    expect(table.column('份额').map((c) => c.value)).toEqual([0.4, 0.2, 0.2]);
    expect(table.head.join('\n')).toContain('竞品组：德锐对标');
  });

  test('导出PPT of the 车系 table with the set: its columns and rows as on the page, the set among the tags', async () => {
    const response = await call('wholeMarket/ppt', { type: 5, ...FEBRUARY, setName: '德锐对标', tags: '2,6' })
      .buffer(true)
      .parse(binaryBody);
    const zip = await deckAnswer(response);
    expect(await tableTitled(zip, '销量排行（车系）')).toEqual({
      header: ['车系', '本品/竞品', '组内份额', '组内排名', '当月销量', '份额'],
      rows: [
        ['德锐', '本品', '50.0%', '1', '200', '40.0%'],
        ['日行SUV', '竞品', '25.0%', '2', '100', '20.0%'],
        ['乙电EV', '竞品', '25.0%', '2', '100', '20.0%'],
      ],
    });
  });

  test('refusals in Chinese: no 本品, a member twice, more than sixteen, a set on another table, an unknown sub-series', async () => {
    const refused = async (path: string, query: Record<string, string | number>) => {
      const response = await call(path, query);
      expect(response.status).toBe(400);
      return response.body.msg as string;
    };
    expect(await refused('wholeMarket/modelSub', { setRivals: '52' })).toBe('参数 setRivals 应与 setOwn（竞品组的本品子车系）一同给出');
    expect(await refused('wholeMarket/modelSub', { setOwn: '51', setRivals: '51,52' })).toContain(COMPETITOR_SET_MESSAGES.overlap);
    const many = Array.from({ length: 16 }, (_, i) => i + 100).join(',');
    expect(await refused('wholeMarket/modelSub', { setOwn: '51', setRivals: many })).toContain('竞品');
    expect(await refused('wholeMarket/download', { type: 2, ...SET })).toBe('参数 setOwn 竞品组只用于车系表（type 5）');
    expect(await refused('wholeMarket/modelSub', { setOwn: '51', setRivals: '999' })).toContain('999');
  });
});

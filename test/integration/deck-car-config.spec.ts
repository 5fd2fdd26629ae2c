import type JSZip from 'jszip';
import request from 'supertest';
import { cellsOf, columnIndexes, type ConfigRow, type ConfigTable, DEFINITIONS, visibleBlocks } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { configFixtureApp } from '../support/config-fixture';
import { deckAnswer, decode, part, slide, slideCount } from '../support/deck-zip';

/*
 * 导出PPT of 配置查询 (decision 219) on the hand-made sheet of car-config.spec.ts (sub-series 德锐 51, 乙电EV 53,
 * 乙尊 54; the latest month 2026-03): the deck read as its zip of XML — the verdict table against the page's
 * frozen head rows, every cell of the sheet's slides against carConfig/get with the page's two checkboxes
 * applied (visibleBlocks, as the page applies them), the columns in the page's order.
 */
describe('导出PPT of 配置查询 (carConfig/ppt)', () => {
  const fixture = configFixtureApp('config_deck', 91);

  const call = (path: string, query: Record<string, string>) =>
    request(fixture.app().getHttpServer()).get(`/car/api/carConfig/${path}`).query(query).set('token', fixture.token());

  async function get(query: Record<string, string>): Promise<ConfigTable> {
    const response = await call('get', query);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: 1 });
    return response.body.result as ConfigTable;
  }

  async function deckOf(query: Record<string, string>, fileName: string): Promise<JSZip> {
    const response = await call('ppt', query).buffer(true).parse(binaryBody);
    return deckAnswer(response, fileName);
  }

  /**
   * The tables of the slides whose title starts with `title`, put together again: the slides of one group of
   * columns (one header) one after the other, then the groups side by side (each repeats the item column).
   */
  async function joined(zip: JSZip, title: string): Promise<string[][]> {
    const groups: Array<{ header: string[]; rows: string[][] }> = [];
    for (let n = 2; n <= slideCount(zip); n++) {
      const { texts, table } = await slide(zip, n);
      if (texts[0] !== title && !texts[0].startsWith(`${title}（`)) continue;
      const [header, ...rows] = table;
      const last = groups.at(-1);
      if (last && last.header.join('\t') === header.join('\t')) last.rows.push(...rows);
      else groups.push({ header, rows });
    }
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g.header[0]).toBe(groups[0].header[0]);
    const header = [groups[0].header[0], ...groups.flatMap((g) => g.header.slice(1))];
    const rows = groups[0].rows.map((row, i) => [row[0], ...groups.flatMap((g) => g.rows[i].slice(1))]);
    return [header, ...rows];
  }

  /** The page's view of a comparison: its category tables through the two checkboxes, rows depth first, indented. */
  function pageRows(table: ConfigTable, view: { hide: boolean; differ: boolean }): Array<{ title: string; rows: string[][] }> {
    const codes = table.columns.map((c) => c.carJllCode);
    return visibleBlocks(table.items, codes, { hideUnequipped: view.hide, onlyDiffering: view.differ }).map((block) => {
      const at = columnIndexes(block.headerData, codes);
      const walk = (rows: readonly ConfigRow[]): string[][] =>
        rows.flatMap((r) => [[`${'　'.repeat(r.layer - 1)}${r.desc}`, ...cellsOf(r, at)], ...walk(r.data)]);
      return { title: `配置对比：${block.desc}`, rows: [['配置项', ...table.columns.map((c) => c.carName)], ...walk(block.data)] };
    });
  }

  test('the first load: title slide, the verdict as the frozen head rows, every cell of the sheet as carConfig/get', async () => {
    const query = { ids: '51,53,54' };
    const zip = await deckOf(query, '配置对比_德锐_乙电EV_乙尊.pptx');
    const table = await get(query);
    expect((await slide(zip, 1)).texts).toEqual(
      expect.arrayContaining(['配置查询', '子车系：德锐、乙电EV、乙尊    车型：3 款', expect.stringMatching(/^数据截至 2026-03/)]),
    );

    const verdict = await slide(zip, 2);
    expect(verdict.texts[0]).toBe('车型市场表现');
    expect(verdict.table).toEqual([
      ['车型', ...table.freezes.map((f) => f.desc)],
      ...table.columns.map((c) => [c.carName, ...table.freezes.map((f) => f.values[c.carJllCode])]),
    ]);
    // The page's figures (decision 141): 17.00万 → 17.00, a trim that sold none a dash.
    expect(verdict.table[1]).toEqual(['德锐 2026款 1.5T 豪华型', '德锐', '17.00', '200', '16.00']);

    const expected = pageRows(table, { hide: false, differ: false });
    expect(expected.map((b) => b.title)).toEqual(['配置对比：基本信息', '配置对比：车身', '配置对比：舒适配置']);
    for (const block of expected) expect(await joined(zip, block.title)).toEqual(block.rows);
    expect(slideCount(zip)).toBe(2 + expected.length);
  });

  test('the view as the page shows it: its column order and 仅显示差异项, 隐藏未配置项 and a filter in the tags', async () => {
    const query = { ids: '51,53,54', carJllCodes: 'JLL65,JLL61,JLL64,JLL62', differ: '1', hide: '1', niankuan: '2024,2025,2026' };
    const zip = await deckOf(query, '配置对比_德锐_乙电EV_乙尊.pptx');
    const { differ: _differ, hide: _hide, ...comparison } = query;
    const table = await get(comparison);
    expect(table.columns.map((c) => c.carJllCode)).toEqual(['JLL65', 'JLL61', 'JLL64', 'JLL62']);
    expect((await slide(zip, 1)).texts).toEqual(
      expect.arrayContaining(['子车系：德锐、乙电EV、乙尊    车型：4 款    年款：2024款、2025款、2026款    显示：隐藏未配置项、仅显示差异项']),
    );
    expect((await slide(zip, 2)).table.slice(1).map((r) => r[0])).toEqual(table.columns.map((c) => c.carName));
    const expected = pageRows(table, { hide: true, differ: true });
    for (const block of expected) expect(await joined(zip, block.title)).toEqual(block.rows);
    expect(slideCount(zip)).toBe(2 + expected.length);
  });

  test('the notes carry 数据截至 and the definitions of the verdict’s figures', async () => {
    const zip = await deckOf({ ids: '51' }, '配置对比_德锐.pptx');
    const notes = decode(await part(zip, 'ppt/notesSlides/notesSlide2.xml'));
    for (const key of ['msrp', 'tp', 'retail'] as const) expect(notes).toContain(`${DEFINITIONS[key].name}：${DEFINITIONS[key].text}`);
    expect(notes).toContain('数据截至：2026-03');
  });

  test('refused as the page’s other calls: without a session, and with bad input in Chinese', async () => {
    const anonymous = await request(fixture.app().getHttpServer()).get('/car/api/carConfig/ppt').query({ ids: '51' });
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: -1009 });
    const tooMany = await call('ppt', { ids: '1,2,3,4,5,6' });
    expect({ status: tooMany.status, code: tooMany.body.code, msg: tooMany.body.msg }).toEqual({
      status: 400,
      code: -1400,
      msg: '参数 ids 最多只能选择5个子车系',
    });
  });
});

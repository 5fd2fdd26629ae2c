import type JSZip from 'jszip';
import request from 'supertest';
import {
  cellsOf,
  columnIndexes,
  CONFIG_LEGEND,
  type ConfigColumn,
  type ConfigRow,
  type ConfigTable,
  DEFINITIONS,
  trimsVerdict,
  trimTitle,
  visibleBlocks,
} from '@car/contracts';
import { binaryBody, sharedApp, type SharedApp } from '../support/shared-app';
import { configFixtureApp } from '../support/config-fixture';
import { deckAnswer, decode, part, slide, slideCount, slidesTitled, tableRows } from '../support/deck-zip';

/*
 * 导出PPT of 配置查询 (decisions 219, 273, 285) on the hand-made sheet of car-config.spec.ts (sub-series 德锐 51,
 * 乙电EV 53, 乙尊 54; the latest month 2026-03): the deck read as its zip of XML — the verdict table against the
 * page's frozen head rows, every cell of the sheet's slides against carConfig/get with the page's two checkboxes
 * applied (visibleBlocks, as the page applies them; 仅显示差异项 unless differ=0): a column per sub-series in the
 * page's order, its trims' verdict (trimsVerdict) in each cell, or one sub-series' trims.
 */
/**
 * The sheet's slides (from slide `first`, after the verdict) put together again: the slides of one group of columns
 * (one header) one after the other, a category's heading again at the top of a slide it goes on to （续） left out,
 * then the groups side by side (each repeats the item column). Every slide's title names the categories on it (a
 * heading: a row named by one of `table`'s categories, its cells empty).
 */
async function sheetOf(zip: JSZip, table: ConfigTable, first = 3): Promise<string[][]> {
  const categories = new Set(table.items.map((b) => b.desc));
  const groups: Array<{ header: string[]; rows: string[][] }> = [];
  for (let n = first; n <= slideCount(zip); n++) {
    const { texts, table: cells } = await slide(zip, n);
    expect(texts[0]).toMatch(/^配置对比：/);
    const [header, ...rows] = cells;
    const headings = rows.map((r) => r[0].replace(/（续）$/, '')).filter((name, i) => categories.has(name) && rows[i].slice(1).every((v) => v === ''));
    expect(texts[0].replace(/^配置对比：/, '').replace(/（\d+\/\d+）$/, '')).toBe(headings.join('、'));
    const kept = rows.filter((r) => !r[0].endsWith('（续）'));
    const last = groups.at(-1);
    if (last && last.header.join('\t') === header.join('\t')) last.rows.push(...kept);
    else groups.push({ header, rows: kept });
  }
  expect(groups.length).toBeGreaterThan(0);
  const header = [groups[0].header[0], ...groups.flatMap((g) => g.header.slice(1))];
  const rows = groups[0].rows.map((row, i) => [row[0], ...groups.flatMap((g) => g.rows[i].slice(1))]);
  return [header, ...rows];
}

/**
 * The page's view of a comparison as the deck's sheet: its category tables through the two checkboxes, each under its
 * name, rows depth first, indented; with two or more sub-series a column each (in the order the page first shows
 * it, a single trim by its name), its trims' verdict in each cell; with one, its trims.
 */
function pageSheet(table: ConfigTable, view: { hide: boolean; differ: boolean }): string[][] {
  const codes = table.columns.map((c) => c.carJllCode);
  const blocks = visibleBlocks(table.items, codes, { hideUnequipped: view.hide, onlyDiffering: view.differ });
  const owners = [...new Set(table.columns.map((c) => c.subSeriesId))];
  const groups: ConfigColumn[][] = owners.length > 1 ? owners.map((id) => table.columns.filter((c) => c.subSeriesId === id)) : table.columns.map((c) => [c]);
  const head = (g: ConfigColumn[]) => (g.length === 1 ? trimTitle(g[0].subSeriesName, g[0].carName) : `${g[0].subSeriesName}（${g.length}款）`);
  return [
    [CONFIG_LEGEND, ...groups.map(head)],
    ...blocks.flatMap((block) => {
      const at = groups.map((g) =>
        columnIndexes(
          block.headerData,
          g.map((c) => c.carJllCode),
        ),
      );
      const walk = (rows: readonly ConfigRow[]): string[][] =>
        rows.flatMap((r) => [[`${'　'.repeat(r.layer - 1)}${r.desc}`, ...at.map((indexes) => trimsVerdict(cellsOf(r, indexes)))], ...walk(r.data)]);
      return [[block.desc, ...groups.map(() => '')], ...walk(block.data)];
    }),
  ];
}

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

  test('the first load: title slide, the verdict as the frozen head rows, the items that differ as carConfig/get, each trim under its sub-series', async () => {
    const query = { ids: '51,53,54' };
    const zip = await deckOf(query, '配置对比_德锐_乙电EV_乙尊.pptx');
    const table = await get(query);
    expect((await slide(zip, 1)).texts).toEqual(
      expect.arrayContaining(['配置查询', '子车系：德锐、乙电EV、乙尊    车型：3 款    显示：仅显示差异项', expect.stringMatching(/^数据截至 2026-03/)]),
    );

    const verdict = await slide(zip, 2);
    expect(verdict.texts[0]).toBe('车型市场表现');
    expect(verdict.table).toEqual([
      ['车型', ...table.freezes.map((f) => f.desc)],
      ...table.columns.map((c) => [c.carName, ...table.freezes.map((f) => f.values[c.carJllCode])]),
    ]);
    // The page's figures (decision 141): 17.00万 → 17.00, a trim that sold none a dash.
    expect(verdict.table[1]).toEqual(['德锐 2026款 1.5T 豪华型', '德锐', '17.00', '200', '16.00']);

    // By default the items that differ (decision 273): 座位数 (5 everywhere), 冰箱 and 按摩 alike are left out,
    // the categories one table, each under its name; the trims' heads name their sub-series.
    const expected = pageSheet(table, { hide: false, differ: true });
    expect(expected.map((r) => r[0])).toEqual([
      CONFIG_LEGEND,
      '基本信息',
      '能源类型',
      '车身',
      '车长(mm)',
      '舒适配置',
      '座椅加热',
      '　后排',
      '按摩',
      '　主驾按摩',
    ]);
    // A trim alone in its sub-series is its column, by its name: these start with their sub-series' (the demo's do
    // not: '2026款 1.5L 自动 进取版').
    expect(expected[0]).toEqual(['● 标配　○ 选配　- 无', '德锐 2026款 1.5T 豪华型', '乙电EV 2025款 长续航', '乙尊 2024款 2.0T 旗舰型']);
    expect(await sheetOf(zip, table)).toEqual(expected);
    expect(slideCount(zip)).toBe(3);
  });

  test('全部项 is one choice away (differ=0): every row of the sheet', async () => {
    const query = { ids: '51,53,54' };
    const zip = await deckOf({ ...query, differ: '0' }, '配置对比_德锐_乙电EV_乙尊.pptx');
    const table = await get(query);
    expect((await slide(zip, 1)).texts).toEqual(expect.arrayContaining(['子车系：德锐、乙电EV、乙尊    车型：3 款    显示：全部项']));
    const expected = pageSheet(table, { hide: false, differ: false });
    expect(expected.map((r) => r[0])).toContain('座位数');
    expect(await sheetOf(zip, table)).toEqual(expected);
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
    const sheet = await sheetOf(zip, table);
    expect(sheet).toEqual(pageSheet(table, { hide: true, differ: true }));
    // 德锐's two trims (JLL61 舒适型 2025款, JLL62 豪华型 2026款) in one column, where the page first shows one of them;
    // 座椅加热 is ● on one of the two, 车长 4,680mm on both.
    expect(sheet[0]).toEqual([CONFIG_LEGEND, '乙尊 2024款 2.0T 旗舰型', '德锐（2款）', '乙电EV 2025款 长续航']);
    expect(sheet.find((r) => r[0] === '座椅加热')).toEqual(['座椅加热', '●', '●1/2', '●']);
    expect(sheet.find((r) => r[0] === '　后排')).toEqual(['　后排', '●', '-', '-']);
    expect(sheet.find((r) => r[0] === '车长(mm)')).toEqual(['车长(mm)', '4,950mm', '4,680mm', '4,750mm']);
  });

  test('one sub-series: its trims as columns, each by its name', async () => {
    const query = { ids: '54', carJllCodes: 'JLL66,JLL65', differ: '0' };
    const zip = await deckOf(query, '配置对比_乙尊.pptx');
    const { differ: _differ, ...comparison } = query;
    const table = await get(comparison);
    const sheet = await sheetOf(zip, table);
    expect(sheet).toEqual(pageSheet(table, { hide: false, differ: false }));
    expect(sheet[0].slice(1)).toEqual(table.columns.map((c) => trimTitle(c.subSeriesName, c.carName)));
    expect(sheet.find((r) => r[0] === '座椅加热')).toEqual(['座椅加热', '○', '●']);
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

/*
 * On the demo data: five sub-series of ten trims each (the first ten of each, on sale first), the deck of the items
 * that differ (decisions 273, 285): 275 slides when every trim was a column (ten to a slide, the sheet cut again by
 * measured height); now the trims' market verdict, then one column per sub-series, its trims' verdict on each item.
 */
describe('导出PPT of five sub-series of about ten trims (demo data)', () => {
  let app: SharedApp;
  let token: string;
  const ids = '720,585,68,549,509';

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: '203.0.113.45' }));
  });

  test('at most twenty slides: the trims’ verdict, then a column per sub-series, every sheet slide naming the five', async () => {
    const first = await request(app.getHttpServer()).get('/car/api/carConfig/get').query({ ids }).set('token', token);
    const picked = (first.body.result as ConfigTable).cars.flatMap((s) => [...s.zaishouList, ...s.tingshouList].slice(0, 10).map((t) => t.carJllCode));
    const query = { ids, carJllCodes: picked.join(',') };
    const table = (await request(app.getHttpServer()).get('/car/api/carConfig/get').query(query).set('token', token)).body.result as ConfigTable;
    expect(table.columns).toHaveLength(50);
    const response = await request(app.getHttpServer()).get('/car/api/carConfig/ppt').query(query).set('token', token).buffer(true).parse(binaryBody);
    const zip = await deckAnswer(response, `配置对比_${table.cars.map((c) => c.name).join('_')}.pptx`);

    expect(slideCount(zip)).toBeLessThanOrEqual(20);
    const verdict = await slidesTitled(zip, '车型市场表现');
    expect((await tableRows(zip, verdict[0], verdict.at(-1))).rows.map((r) => r[0])).toEqual(table.columns.map((c) => c.carName));
    const heads = table.cars.map((c) => `${c.name}（10款）`);
    const sheet = await slidesTitled(zip, '配置对比：');
    expect(sheet[0]).toBe(verdict.at(-1)! + 1);
    expect(sheet.at(-1)).toBe(slideCount(zip));
    for (const n of sheet) expect((await slide(zip, n)).table[0].slice(1)).toEqual(heads);
    // Every item that differs, each cell its sub-series' verdict (the row naming each trim left out).
    const expected = pageSheet(table, { hide: false, differ: true }).filter((r) => r[0] !== '车型名称');
    expect(await sheetOf(zip, table, sheet[0])).toEqual(expected);
    expect(expected.length).toBeGreaterThan(200);
  });
});

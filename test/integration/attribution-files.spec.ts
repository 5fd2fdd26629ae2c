import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import request from 'supertest';
import {
  API_PREFIX,
  ApiCode,
  ATTRIBUTION_NOTES,
  DASH,
  figureCell,
  figureFormat,
  type FigureKind,
  points2Text,
  pointsText,
  type PriceAttribution,
  sharePercent2Text,
  sharePercentText,
  type ShareAttribution,
  signedText,
  thousands,
  type VolumeAttribution,
  type WaterfallBar,
  XLSX_MIME,
} from '@car/contracts';
import { waterfallColumns } from '../../backend/src/deck/deck.waterfall';
import { charts, chartCaches, chartCategories, chartPointLabels, deckAnswer, part, slidesTitled, tableTitled, texts } from '../support/deck-zip';
import { priceMarketApp } from '../support/price-structure-api';
import { binaryBody } from '../support/shared-app';
import { layoutProblems, type SheetTable, valueText, workbookTable } from '../support/workbook-table';

/*
 * 归因分析's workbooks and decks (issue 50 §4, decision 302) on the hand-made market of sales-fixture.ts and
 * price-fixture.ts (test/integration/attribution.spec.ts works the splits out by hand): each file opened — the workbook
 * with exceljs, the deck as the zip of XML it is — and compared with the split's own call for the same parameters: every
 * row, the 合计 each column adds up to, the display formats, the waterfall as a native chart and the 口径 note.
 */

const signed = (value: number | null): string => signedText(thousands(value));

describe('归因分析: workbooks and decks (attribution/*/download, attribution/*/ppt)', () => {
  const { app, token } = priceMarketApp('attribution_files', 97);

  const call = (path: string, query: Record<string, string>) =>
    request(app().getHttpServer()).get(`${API_PREFIX}/attribution/${path}`).query(query).set('token', token());

  async function answerOf<T>(path: string, query: Record<string, string>): Promise<T> {
    const response = await call(path, query);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: ApiCode.Success });
    return response.body.result as T;
  }

  async function workbookOf(
    path: string,
    query: Record<string, string>,
    fileName: string,
  ): Promise<SheetTable & { workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
    const response = await call(path, query).buffer(true).parse(binaryBody);
    expect({ status: response.status, type: response.headers['content-type'] }).toEqual({ status: 200, type: XLSX_MIME });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(fileName));
    const table = await workbookTable(response.body as Buffer);
    // The house's table sheet: the header block, the filter, the frozen header, landscape, one face (decision 267).
    expect(layoutProblems(table.workbook, { head: true, asOf: true })).toEqual([]);
    return table;
  }

  async function deckOf(path: string, query: Record<string, string>, fileName: string): Promise<JSZip> {
    return deckAnswer(await call(path, query).buffer(true).parse(binaryBody), fileName);
  }

  /** The table's rows: the data rows to the 合计, the 合计, and the lines under the table (the figures, the 口径 note). */
  function split(table: SheetTable): { rows: ExcelJS.Row[]; total: ExcelJS.Row; under: string[] } {
    const end = table.values.findIndex((v) => v[0] === '合计');
    return {
      rows: table.rows.slice(0, end),
      total: table.rows[end],
      under: table.values.slice(end + 1).map((v) =>
        v
          .map(valueText)
          .filter((c) => c !== '')
          .join(' | '),
      ),
    };
  }

  /** A column's cells by header: each row's value, and their sum to `decimals` ('-' read as 0). */
  function column(table: SheetTable, rows: ExcelJS.Row[], header: string, decimals: number): { values: unknown[]; sum: number } {
    const at = table.columnOf(header);
    const values = rows.map((r) => r.getCell(at).value);
    const scale = 10 ** decimals;
    const sum = Math.round(values.reduce<number>((a, v) => a + (v === DASH ? 0 : (v as number)) * scale, 0)) / scale;
    return { values, sum };
  }

  /** The figure columns' formats, each its kind's display rule. */
  function formats(table: SheetTable, row: ExcelJS.Row, kinds: Record<string, FigureKind>): void {
    expect(Object.fromEntries(Object.keys(kinds).map((h) => [h, row.getCell(table.columnOf(h)).numFmt]))).toEqual(
      Object.fromEntries(Object.entries(kinds).map(([h, kind]) => [h, figureFormat(kind)])),
    );
  }

  /** The deck's one chart: a stacked column chart on a hidden lift, its caches and labels as the bars. */
  async function expectWaterfall(zip: JSZip, title: string, bars: readonly WaterfallBar[], label: (bar: WaterfallBar) => string): Promise<void> {
    const [slide] = await slidesTitled(zip, title);
    expect(slide).toBeDefined();
    const all = await charts(zip);
    expect(all).toHaveLength(1);
    const [xml] = all;
    expect(xml).toContain('<c:barChart>');
    expect(xml).toContain('<c:grouping val="stacked"/>');
    expect(chartCategories(xml)).toEqual(bars.map((b) => b.name));
    const columns = waterfallColumns(bars);
    expect(chartCaches(xml)).toEqual(columns.series.map((s) => s.values.map(String)));
    // The lift: unfilled and out of the legend.
    expect(/<c:ser>\s*<c:idx val="0"\/>.*?<c:spPr>\s*<a:noFill\/>/s.test(xml)).toBe(true);
    expect(xml).toContain('<c:legendEntry><c:idx val="0"/><c:delete val="1"/></c:legendEntry>');
    // Each bar's figure on it: a level by its rule, a change signed.
    const labels = chartPointLabels(xml);
    const shown = columns.labelled.map((series, point) => labels[series].find(([p]) => p === point)?.[1]);
    expect(shown).toEqual(bars.map(label));
  }

  /** The table over its slides and the 口径 slide's note. */
  async function expectTableAndNote(zip: JSZip, tab: string, header: string[], rows: string[][], note: string): Promise<void> {
    expect(await tableTitled(zip, `${tab}明细`)).toEqual({ header, rows });
    const [notes] = await slidesTitled(zip, '口径说明');
    expect(texts(await part(zip, `ppt/slides/slide${notes}.xml`))).toEqual(expect.arrayContaining([tab, note]));
  }

  test('销量拉动 by 燃料类型: the workbook holds every row and a 合计 they add up to; the deck its waterfall, table and note', async () => {
    const query = { by: 'fuel' };
    const answer = await answerOf<VolumeAttribution>('volume', query);
    expect(answer.rows.length).toBeGreaterThan(1);
    const table = await workbookOf('volume/download', query, `归因分析-销量拉动-${answer.time}.xlsx`);
    expect(table.head).toEqual([
      '归因分析',
      `分析：销量拉动 · 时间：${answer.periods.current} vs ${answer.periods.base} · 对比：当月 vs 同期 · 数据来源：零售量 · 拆分维度：燃料类型`,
      expect.stringMatching(/^数据截至 2026-03.* · 零售数据$/),
    ]);
    expect(table.headers).toEqual(['燃料类型', '本期', '基期', '变化', '拉动(百分点)', '变化占比']);
    const { rows, total, under } = split(table);
    expect(rows.map((r) => r.getCell(1).value)).toEqual(answer.rows.map((r) => r.name));
    expect(rows.map((r) => (r.values as unknown[]).slice(2))).toEqual(
      answer.rows.map((r) => [r.current, r.base, r.change, figureCell('points', r.contribution), figureCell('percent', r.changeShare)]),
    );
    const sums = ['本期', '基期', '变化'].map((h) => column(table, rows, h, 0).sum);
    expect(sums).toEqual([answer.total.current, answer.total.base, answer.total.change]);
    expect((total.values as unknown[]).slice(1, 6)).toEqual(['合计', ...sums, answer.total.growth]);
    expect(column(table, rows, '拉动(百分点)', 1).sum).toBe(answer.total.growth);
    expect(column(table, rows, '变化占比', 3).sum).toBe(1);
    expect(total.getCell(1).font?.bold).toBe(true);
    formats(table, rows[0], { 本期: 'count', 变化: 'count', '拉动(百分点)': 'points', 变化占比: 'percent' });
    expect(under).toEqual([
      '',
      '变化与拆分',
      `本期 | ${answer.total.current}`,
      `基期 | ${answer.total.base}`,
      `变化 | ${answer.total.change}`,
      `增速 | ${figureCell('growth', answer.total.growth)}`,
      '',
      '口径',
      ATTRIBUTION_NOTES.volume,
    ]);

    const zip = await deckOf('volume/ppt', query, `归因分析-销量拉动-${answer.time}.pptx`);
    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining([
        '归因分析',
        `分析：销量拉动    时间：${answer.periods.current} vs ${answer.periods.base}    对比：当月 vs 同期    数据来源：零售量    拆分维度：燃料类型`,
      ]),
    );
    await expectWaterfall(zip, '燃料类型拉动（辆）', answer.waterfall, (b) =>
      b.kind === 'base' || b.kind === 'current' ? thousands(b.value) : signed(b.value),
    );
    await expectTableAndNote(
      zip,
      '销量拉动',
      ['燃料类型', '本期', '基期', '变化', '拉动(百分点)', '变化占比'],
      [
        ...answer.rows.map((r) => [
          r.name,
          thousands(r.current),
          thousands(r.base),
          signed(r.change),
          pointsText(r.contribution),
          sharePercentText(r.changeShare),
        ]),
        ['合计', thousands(answer.total.current), thousands(answer.total.base), signed(answer.total.change), pointsText(answer.total.growth), '100.0%'],
      ],
      ATTRIBUTION_NOTES.volume,
    );
  });

  test('份额归因 of 甲汽车 by 细分市场: two-decimal percents and points, the effects adding up to the share change', async () => {
    const query = { subjectType: 'producer', subjectId: '11' };
    const answer = await answerOf<ShareAttribution>('share', query);
    const table = await workbookOf('share/download', query, `归因分析-份额归因-${answer.time}.xlsx`);
    expect(table.head[1]).toContain(`厂商：${answer.subject.name} · 拆分维度：细分市场`);
    const effects = ['结构效应（市场结构变化）(百分点)', '表现效应（细分内份额变化）(百分点)', '交互效应(百分点)', '份额变化(百分点)'];
    expect(table.headers).toEqual(['细分市场', '市场比重 w（基期）', '市场比重 w（本期）', '对象份额 s（基期）', '对象份额 s（本期）', ...effects]);
    const { rows, total, under } = split(table);
    expect(rows.map((r) => r.getCell(1).value)).toEqual(answer.rows.map((r) => r.name));
    expect(rows.map((r) => (r.values as unknown[]).slice(2))).toEqual(
      answer.rows.map((r) => [
        ...[r.weightBase, r.weightCurrent, r.shareBase, r.shareCurrent].map((v) => figureCell('percent2', v)),
        ...[r.mix, r.performance, r.interaction, r.total].map((v) => figureCell('points2', v)),
      ]),
    );
    const expected = [answer.effects.mix, answer.effects.performance, answer.effects.interaction, answer.share.change];
    expect(effects.map((h) => column(table, rows, h, 2).sum)).toEqual(expected);
    expect(effects.map((h) => total.getCell(table.columnOf(h)).value)).toEqual(expected.map((v) => figureCell('points2', v)));
    expect(Math.round((expected[0] + expected[1] + expected[2]) * 100) / 100).toBe(answer.share.change);
    expect(['对象份额 s（基期）', '对象份额 s（本期）'].map((h) => total.getCell(table.columnOf(h)).value)).toEqual([
      figureCell('percent2', answer.share.base),
      figureCell('percent2', answer.share.current),
    ]);
    formats(table, rows[0], { '市场比重 w（基期）': 'percent2', '对象份额 s（本期）': 'percent2', [effects[0]]: 'points2', [effects[3]]: 'points2' });
    expect(under.slice(1, 5)).toEqual([
      '变化与拆分',
      `本期份额 | ${figureCell('percent2', answer.share.current)}`,
      `基期份额 | ${figureCell('percent2', answer.share.base)}`,
      `份额变化(百分点) | ${figureCell('points2', answer.share.change)}`,
    ]);

    const zip = await deckOf('share/ppt', query, `归因分析-份额归因-${answer.time}.pptx`);
    await expectWaterfall(zip, `${answer.subject.name}份额变化`, answer.waterfall, (b) =>
      b.kind === 'base' || b.kind === 'current' ? sharePercent2Text(b.value) : b.value === 0 ? '0.00' : points2Text(b.value),
    );
    const percents = (r: { weightBase: number | null; weightCurrent: number | null; shareBase: number | null; shareCurrent: number | null }) =>
      [r.weightBase, r.weightCurrent, r.shareBase, r.shareCurrent].map(sharePercent2Text);
    await expectTableAndNote(
      zip,
      '份额归因',
      ['细分市场', '市场比重 w（基期）', '市场比重 w（本期）', '对象份额 s（基期）', '对象份额 s（本期）', ...effects],
      [
        ...answer.rows.map((r) => [r.name, ...percents(r), ...[r.mix, r.performance, r.interaction, r.total].map(points2Text)]),
        [
          '合计',
          ...percents({ weightBase: 100, weightCurrent: 100, shareBase: answer.share.base, shareCurrent: answer.share.current }),
          ...expected.map(points2Text),
        ],
      ],
      ATTRIBUTION_NOTES.share,
    );
  });

  test('价格归因 of the market, 环比: the items with their status, the yuan terms adding up to the effects and the change', async () => {
    const query = { compare: '1' };
    const answer = await answerOf<PriceAttribution>('price', query);
    const table = await workbookOf('price/download', query, `归因分析-价格归因-${answer.time}.xlsx`);
    expect(table.head[2]).toMatch(/^数据截至 .* · 价格数据$/);
    const terms = ['价格效应(元)', '结构效应(元)', '交互效应(元)', '新品效应/退市效应(元)'];
    expect(table.headers).toEqual(['车系', '状态', '基期销量', '本期销量', '基期权重', '本期权重', '基期成交价(元)', '本期成交价(元)', ...terms]);
    const { rows, total } = split(table);
    const status = { both: '两期均有', new: '新品', gone: '退市' } as const;
    expect(rows.map((r) => [r.getCell(1).value, r.getCell(2).value])).toEqual(answer.rows.map((r) => [r.name, status[r.status]]));
    expect(answer.rows.some((r) => r.status !== 'both')).toBe(true);
    expect(rows.map((r) => (r.values as unknown[]).slice(3))).toEqual(
      answer.rows.map((r) => [
        r.qtyBase,
        r.qtyCurrent,
        figureCell('percent2', r.weightBase),
        figureCell('percent2', r.weightCurrent),
        figureCell('count', r.valueBase),
        figureCell('count', r.valueCurrent),
        r.price,
        r.mix,
        r.interaction,
        r.newOrGone,
      ]),
    );
    const { effects, value } = answer;
    const expected = [effects.price, effects.mix, effects.interaction, effects.entry + effects.exit];
    expect(terms.map((h) => column(table, rows, h, 0).sum)).toEqual(expected);
    expect(terms.map((h) => total.getCell(table.columnOf(h)).value)).toEqual(expected);
    expect(['基期成交价(元)', '本期成交价(元)'].map((h) => total.getCell(table.columnOf(h)).value)).toEqual([value.base, value.current]);
    expect(value.current! - value.base!).toBe(expected.reduce((a, b) => a + b, 0));
    formats(table, rows[0], { 基期销量: 'count', 基期权重: 'percent2', '本期成交价(元)': 'count', '价格效应(元)': 'count' });

    const zip = await deckOf('price/ppt', query, `归因分析-价格归因-${answer.time}.pptx`);
    await expectWaterfall(zip, '整体市场加权成交价变化（元）', answer.waterfall, (b) =>
      b.kind === 'base' || b.kind === 'current' ? thousands(b.value) : signed(b.value),
    );
    await expectTableAndNote(
      zip,
      '价格归因',
      ['车系', '状态', '基期销量', '本期销量', '基期权重', '本期权重', '基期成交价(元)', '本期成交价(元)', ...terms],
      [
        ...answer.rows.map((r) => [
          r.name,
          status[r.status],
          thousands(r.qtyBase),
          thousands(r.qtyCurrent),
          sharePercent2Text(r.weightBase),
          sharePercent2Text(r.weightCurrent),
          thousands(r.valueBase),
          thousands(r.valueCurrent),
          ...[r.price, r.mix, r.interaction, r.newOrGone].map(signed),
        ]),
        [
          '合计',
          '',
          thousands(answer.rows.reduce((a, r) => a + r.qtyBase, 0)),
          thousands(answer.rows.reduce((a, r) => a + r.qtyCurrent, 0)),
          DASH,
          DASH,
          thousands(value.base),
          thousands(value.current),
          ...expected.map(signed),
        ],
      ],
      ATTRIBUTION_NOTES.price,
    );
  });

  test('a bad parameter is the call’s 400 in Chinese, for a workbook as for a deck', async () => {
    for (const path of ['volume/download', 'volume/ppt']) {
      const response = await call(path, { by: 'region', source: '1' });
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
      expect(response.body.msg).toContain('批发量没有区域数据');
    }
  });
});

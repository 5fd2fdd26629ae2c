import { PassThrough } from 'node:stream';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ATTRIBUTION_NOTES, DASH, figureFormat, type PriceAttribution, type ShareAttribution, type VolumeAttribution, type WaterfallBar } from '@car/contracts';
import { writeDeck } from '../deck/deck.writer';
import { waterfallColumns } from '../deck/deck.waterfall';
import type { WorkbookAsOf } from '../workbook/table-workbook';
import { attributionDeck, DECK_TABLE_ROWS, deckRows } from './attribution.deck';
import { priceSplit, shareSplit, volumeSplit } from './attribution.figures';
import { type AttributionFile, priceFile, shareFile, streamAttributionWorkbook, volumeFile } from './attribution.workbook';

const AS_OF: WorkbookAsOf = { source: 'retail', status: { month: '2026-10', publishedAt: '2026-11-14T02:00:00.000Z', publishedOn: '2026-11-14' } };
const PERIODS = { current: '2026年10月', base: '2025年10月', comparison: '当月 vs 同期' };

/** A volume answer worked by the split itself: a member new in the later period, one gone, a zero change. */
function volumeAnswer(): VolumeAttribution {
  const split = volumeSplit([
    { id: 1, name: '纯电动', current: 5200, base: 3100 },
    { id: 2, name: '汽油', current: 6100, base: 7900 },
    { id: 3, name: '插电混动', current: 1500, base: 1200 },
    { id: 4, name: '增程', current: 700, base: 0 },
    { id: 5, name: '柴油', current: 0, base: 33 },
    { id: 6, name: '=氢能', current: 10, base: 10 },
  ]);
  return {
    time: '2026-10',
    source: 2,
    compare: 0,
    periods: PERIODS,
    by: 'fuel',
    byLabel: '燃料类型',
    scope: [{ label: '细分市场', value: 'A级轿车' }],
    total: split.total,
    rows: split.rows.map((r) => ({ ...r, drill: null })),
    waterfall: split.waterfall,
    note: ATTRIBUTION_NOTES.volume,
  };
}

function shareAnswer(): ShareAttribution {
  const split = shareSplit([
    { id: 1, name: 'A级轿车', marketBase: 4000, marketCurrent: 3700, subjectBase: 520, subjectCurrent: 430 },
    { id: 2, name: 'A级SUV', marketBase: 3500, marketCurrent: 4200, subjectBase: 210, subjectCurrent: 300 },
    { id: 3, name: 'B级轿车', marketBase: 1500, marketCurrent: 1300, subjectBase: 330, subjectCurrent: 301 },
    { id: 4, name: 'MPV', marketBase: 0, marketCurrent: 250, subjectBase: 0, subjectCurrent: 7 },
  ]);
  return {
    time: '2026-10',
    source: 2,
    compare: 1,
    periods: { current: '2026年10月', base: '2026年9月', comparison: '当月 vs 上月' },
    by: 'segment',
    byLabel: '细分市场',
    scope: [],
    subject: { type: 'producer', id: 7, name: '一汽-大众', inSet: false },
    ...split,
    note: ATTRIBUTION_NOTES.share,
  };
}

function priceAnswer(): PriceAttribution {
  const split = priceSplit([
    { id: 11, name: '速腾 2026款 1.5T', qtyBase: 800, qtyCurrent: 900, sumBase: 800 * 131_000, sumCurrent: 900 * 128_500 },
    { id: 12, name: '速腾 2026款 1.2T', qtyBase: 600, qtyCurrent: 400, sumBase: 600 * 112_300, sumCurrent: 400 * 111_900 },
    { id: 13, name: '速腾 2027款 300TSI', qtyBase: 0, qtyCurrent: 350, sumBase: 0, sumCurrent: 350 * 142_600 },
    { id: 14, name: '速腾 2025款 200TSI', qtyBase: 150, qtyCurrent: 0, sumBase: 150 * 105_800, sumCurrent: 0 },
  ])!;
  return {
    time: '2026-10',
    compare: 0,
    periods: PERIODS,
    measure: 'tp',
    measureLabel: '成交价',
    subject: { type: 'subSeries', id: 9, name: '速腾' },
    itemLabel: '车型',
    ...split,
    note: ATTRIBUTION_NOTES.price,
  };
}

/** The workbook a split's file streams, read back, and the response's headers. */
async function workbookOf<Row>(
  file: AttributionFile<Row>,
  asOf = AS_OF,
): Promise<{ sheet: ExcelJS.Worksheet; workbook: ExcelJS.Workbook; headers: Record<string, string> }> {
  const stream = new PassThrough();
  const headers: Record<string, string> = {};
  const response = Object.assign(stream, { setHeader: (name: string, value: string) => void (headers[name] = value) }) as unknown as Response;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await streamAttributionWorkbook(response, file, asOf);
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return { sheet: workbook.worksheets[0], workbook, headers };
}

const HEADER_ROW = 5;

/** The table under the header block: its header, its rows to the first blank one (the 合计 last). */
function table(sheet: ExcelJS.Worksheet): { header: string[]; rows: ExcelJS.Row[] } {
  const header = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1).map(String);
  const rows: ExcelJS.Row[] = [];
  for (let r = HEADER_ROW + 1; sheet.getRow(r).getCell(1).value !== null && sheet.getRow(r).getCell(1).value !== ''; r++) rows.push(sheet.getRow(r));
  return { header, rows };
}

/** A column's cells as numbers ('-' as 0) and the sum of the data rows' (all but the 合计) to `decimals`. */
function column(rows: ExcelJS.Row[], at: number, decimals: number): { cells: unknown[]; sum: number; total: number } {
  const cells = rows.map((r) => r.getCell(at).value);
  const numbers = cells.map((v) => (v === DASH ? 0 : (v as number)));
  const scale = 10 ** decimals;
  const sum = Math.round(numbers.slice(0, -1).reduce((a, b) => a + b * scale, 0)) / scale;
  return { cells, sum, total: numbers[numbers.length - 1] };
}

/** The lines under the table, from the blank row after the 合计: the figures' block and the 口径 note. */
function below(sheet: ExcelJS.Worksheet, after: number): unknown[][] {
  const lines: unknown[][] = [];
  for (let r = after + 1; r <= sheet.rowCount; r++) lines.push((sheet.getRow(r).values as unknown[]).slice(1));
  return lines;
}

describe("归因分析's workbooks (issue 50 §4)", () => {
  it('销量拉动: the header block, every row of the answer and its 合计, adding up as the page shows them', async () => {
    const answer = volumeAnswer();
    const { sheet, workbook, headers } = await workbookOf(volumeFile(answer));
    expect(headers['Content-Disposition']).toContain(encodeURIComponent('归因分析-销量拉动-2026-10.xlsx'));
    expect(sheet.name).toBe('销量拉动');
    expect([1, 2, 3].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([
      '归因分析',
      '分析：销量拉动 · 时间：2026年10月 vs 2025年10月 · 对比：当月 vs 同期 · 数据来源：零售量 · 拆分维度：燃料类型 · 细分市场：A级轿车',
      '数据截至 2026-10（2026-11-14 发布） · 零售数据',
    ]);
    const { header, rows } = table(sheet);
    expect(header).toEqual(['燃料类型', '本期', '基期', '变化', '拉动(百分点)', '变化占比']);
    expect(rows.map((r) => r.getCell(1).value)).toEqual([...answer.rows.map((r) => (r.name.startsWith('=') ? `'${r.name}` : r.name)), '合计']);
    // Every figure the answer's, as a number (a percent as its fraction), '-' where the page shows a dash.
    expect(rows.slice(0, -1).map((r) => (r.values as unknown[]).slice(2))).toEqual(
      answer.rows.map((r) => [r.current, r.base, r.change, r.contribution === 0 ? DASH : r.contribution, Math.round((r.changeShare ?? 0) * 10) / 1000 || 0]),
    );
    const [current, base, change, pulls, parts] = [2, 3, 4, 5, 6].map((at, i) => column(rows, at, i === 4 ? 3 : 1));
    expect([current.sum, base.sum, change.sum]).toEqual([answer.total.current, answer.total.base, answer.total.change]);
    expect([current.total, base.total, change.total]).toEqual([answer.total.current, answer.total.base, answer.total.change]);
    // The 拉动 add up to the growth shown, the parts of the change to 100.0 %.
    expect(pulls.total).toBe(answer.total.growth);
    expect(pulls.sum).toBe(pulls.total);
    expect(parts.sum).toBe(1);
    expect(parts.total).toBe(1);
    expect(rows.map((r) => r.getCell(1).font?.bold ?? false)).toEqual([...answer.rows.map(() => false), true]);
    expect([2, 3, 4, 5, 6].map((at) => rows[0].getCell(at).numFmt)).toEqual(
      (['count', 'count', 'count', 'points', 'percent'] as const).map((kind) => figureFormat(kind)),
    );
    expect(below(sheet, HEADER_ROW + rows.length)).toEqual([
      [],
      ['变化与拆分'],
      ['本期', answer.total.current],
      ['基期', answer.total.base],
      ['变化', answer.total.change],
      ['增速', Math.round(answer.total.growth! * 10) / 1000],
      [],
      ['口径'],
      [ATTRIBUTION_NOTES.volume],
    ]);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['销量拉动', '口径说明']);
  });

  it('份额归因: weights and shares to two decimals as percents, the three effects in points adding up to the change', async () => {
    const answer = shareAnswer();
    const { sheet } = await workbookOf(shareFile(answer));
    expect(sheet.getRow(2).getCell(1).value).toBe(
      '分析：份额归因 · 时间：2026年10月 vs 2026年9月 · 对比：当月 vs 上月 · 数据来源：零售量 · 厂商：一汽-大众 · 拆分维度：细分市场',
    );
    const { header, rows } = table(sheet);
    expect(header).toEqual([
      '细分市场',
      '市场比重 w（基期）',
      '市场比重 w（本期）',
      '对象份额 s（基期）',
      '对象份额 s（本期）',
      '结构效应（市场结构变化）(百分点)',
      '表现效应（细分内份额变化）(百分点)',
      '交互效应(百分点)',
      '份额变化(百分点)',
    ]);
    expect(rows.map((r) => r.getCell(1).value)).toEqual([...answer.rows.map((r) => r.name), '合计']);
    const fraction = (percent: number | null) => (percent === null ? DASH : Math.round(percent * 100) / 10000);
    const points = (value: number) => (value === 0 ? DASH : value);
    expect(rows.slice(0, -1).map((r) => (r.values as unknown[]).slice(2))).toEqual(
      answer.rows.map((r) => [
        fraction(r.weightBase),
        fraction(r.weightCurrent),
        fraction(r.shareBase),
        fraction(r.shareCurrent),
        points(r.mix),
        points(r.performance),
        points(r.interaction),
        points(r.total),
      ]),
    );
    const [mix, performance, interaction, total] = [6, 7, 8, 9].map((at) => column(rows, at, 2));
    expect([mix.total, performance.total, interaction.total, total.total]).toEqual([
      answer.effects.mix,
      answer.effects.performance,
      answer.effects.interaction,
      answer.share.change,
    ]);
    for (const each of [mix, performance, interaction, total]) expect(each.sum).toBe(each.total);
    expect(Math.round((mix.total + performance.total + interaction.total) * 100) / 100).toBe(answer.share.change);
    expect(rows[rows.length - 1].getCell(4).value).toBe(fraction(answer.share.base));
    expect([2, 6].map((at) => rows[0].getCell(at).numFmt)).toEqual([figureFormat('percent2'), figureFormat('points2')]);
    expect(figureFormat('points2')).toBe('+0.00;-0.00;0.00');
  });

  it('价格归因: the items with their status, the terms in whole yuan adding up to the effects, 新品 and 退市 apart under the table', async () => {
    const answer = priceAnswer();
    const { sheet } = await workbookOf(priceFile(answer), { source: 'price', status: AS_OF.status });
    const { header, rows } = table(sheet);
    expect(header).toEqual([
      '车型',
      '状态',
      '基期销量',
      '本期销量',
      '基期权重',
      '本期权重',
      '基期成交价(元)',
      '本期成交价(元)',
      '价格效应(元)',
      '结构效应(元)',
      '交互效应(元)',
      '新品效应/退市效应(元)',
    ]);
    expect(rows.map((r) => [r.getCell(1).value, r.getCell(2).value])).toEqual([
      ...answer.rows.map((r) => [r.name, { both: '两期均有', new: '新品', gone: '退市' }[r.status]]),
      ['合计', null],
    ]);
    const [price, mix, interaction, newOrGone] = [9, 10, 11, 12].map((at) => column(rows, at, 0));
    expect([price.total, mix.total, interaction.total, newOrGone.total]).toEqual([
      answer.effects.price,
      answer.effects.mix,
      answer.effects.interaction,
      answer.effects.entry + answer.effects.exit,
    ]);
    for (const each of [price, mix, interaction, newOrGone]) expect(each.sum).toBe(each.total);
    const last = rows[rows.length - 1];
    expect([7, 8].map((at) => last.getCell(at).value)).toEqual([answer.value.base, answer.value.current]);
    expect(answer.value.current! - answer.value.base!).toBe(price.total + mix.total + interaction.total + newOrGone.total);
    const lines = below(sheet, HEADER_ROW + rows.length);
    expect(lines.slice(2, 10)).toEqual([
      ['本期成交价', answer.value.current],
      ['基期成交价', answer.value.base],
      ['成交价变化', answer.value.change],
      ['价格效应', answer.effects.price],
      ['结构效应', answer.effects.mix],
      ['交互效应', answer.effects.interaction],
      ['新品效应', answer.effects.entry],
      ['退市效应', answer.effects.exit],
    ]);
    expect(sheet.getRow(3).getCell(1).value).toBe('数据截至 2026-10（2026-11-14 发布） · 价格数据');
  });
});

/** The text runs of an XML part, in order. */
const runs = (xml: string): string[] => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

async function deckOf<Row>(file: AttributionFile<Row>): Promise<{ zip: JSZip; slides: string[]; chart: string }> {
  const zip = await JSZip.loadAsync(await writeDeck(attributionDeck(file, { asOf: AS_OF, maker: '厂商/品牌：一汽-大众 / 大众' })));
  const count = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
  const slides = await Promise.all(Array.from({ length: count }, (_, i) => zip.file(`ppt/slides/slide${i + 1}.xml`)!.async('string')));
  const charts = Object.keys(zip.files).filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f));
  expect(charts).toHaveLength(1);
  return { zip, slides, chart: await zip.file(charts[0])!.async('string') };
}

/** A chart part's cached values per series, and its point labels per series. */
function chartOf(xml: string): { caches: number[][]; labels: string[][] } {
  const series = [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((m) => m[1]);
  return {
    caches: series.map((s) => [.../<c:numCache>(.*?)<\/c:numCache>/s.exec(s)![1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => Number(v[1]))),
    labels: series.map((s) => [...s.matchAll(/<c:dLbl>(.*?)<\/c:dLbl>/gs)].map((l) => runs(l[1]).join(''))),
  };
}

describe("归因分析's decks (issue 50 §4)", () => {
  it('销量拉动: the title slide, the cards, the waterfall as a native stacked chart labelled with its figures, the table, the note', async () => {
    const answer = volumeAnswer();
    const { slides, chart } = await deckOf(volumeFile(answer));
    expect(runs(slides[0])).toEqual(
      expect.arrayContaining([
        '归因分析',
        '分析：销量拉动    时间：2026年10月 vs 2025年10月    对比：当月 vs 同期    数据来源：零售量    拆分维度：燃料类型    细分市场：A级轿车',
        '数据截至 2026-10（2026-11-14 发布）',
        '厂商/品牌：一汽-大众 / 大众',
      ]),
    );
    expect(runs(slides[1]).slice(0, 9)).toEqual(['销量拉动概况', '本期', '基期', '变化', '增速', '13,510', '12,243', '+1,267', '↑ 10.3%']);
    // The waterfall: a stacked column chart, its first series (the lift) unfilled, each bar's figure on it.
    expect(chart).toContain('<c:grouping val="stacked"/>');
    expect(/<c:ser>.*?<c:spPr>\s*<a:noFill\/>/s.test(chart)).toBe(true);
    const { caches, labels } = chartOf(chart);
    expect(caches).toEqual(waterfallColumns(answer.waterfall).series.map((s) => s.values));
    const labelText = (b: WaterfallBar) =>
      b.kind === 'base' || b.kind === 'current' ? b.value.toLocaleString('en-US') : `${b.value > 0 ? '+' : ''}${b.value.toLocaleString('en-US')}`;
    expect(labels.flat()).toEqual(
      [1, 2, 3].flatMap((series) => answer.waterfall.filter((_, i) => waterfallColumns(answer.waterfall).labelled[i] === series).map(labelText)),
    );
    expect(labels[1]).toEqual(['12,243', '13,510']);
    const tableSlide = slides.find((s) => runs(s)[0] === '销量拉动明细')!;
    const cells = runs(tableSlide);
    expect(cells.slice(1, 7)).toEqual(['燃料类型', '本期', '基期', '变化', '拉动(百分点)', '变化占比']);
    expect(cells).toEqual(expect.arrayContaining(['合计', '+1,267', '+10.3', '100.0%', '汽油', '-1,800']));
    expect(runs(slides[slides.length - 1])).toEqual(['口径说明', '销量拉动', ATTRIBUTION_NOTES.volume, String(slides.length)]);
  });

  it('a table of more than DECK_TABLE_ROWS members shows the largest movers, either way, in its order, with the 合计 and a title that says so', async () => {
    // 45 sub-series: member i moved by (i − 22) × 10 units, so the 5 smallest moves are those nearest 22.
    const split = volumeSplit(Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `车系${i + 1}`, current: 1000 + (i - 22) * 10, base: 1000 })));
    const answer: VolumeAttribution = {
      ...volumeAnswer(),
      by: 'subSeries',
      byLabel: '车系',
      total: split.total,
      rows: split.rows.map((r) => ({ ...r, drill: null })),
      waterfall: split.waterfall,
    };
    const file = volumeFile(answer);
    const shown = deckRows(file);
    expect(shown.capped).toBe(true);
    expect(shown.rows).toHaveLength(DECK_TABLE_ROWS + 1);
    const kept = shown.rows.filter((r) => !r.isTotal);
    expect(Math.min(...kept.map((r) => Math.abs(r.change)))).toBeGreaterThan(
      Math.max(...file.rows.filter((r) => !kept.includes(r) && !r.isTotal).map((r) => Math.abs(r.change))),
    );
    expect(kept).toEqual(file.rows.filter((r) => kept.includes(r)));
    expect(shown.rows[shown.rows.length - 1].name).toBe('合计');
    const { slides } = await deckOf(file);
    const tables = slides.filter((s) => runs(s)[0].startsWith('销量拉动明细'));
    expect(runs(tables[0])[0]).toBe(
      `销量拉动明细：变化最大的${DECK_TABLE_ROWS}项（共45项，全部见下载的工作簿）${tables.length > 1 ? `（1/${tables.length}）` : ''}`,
    );
    const names = tables.flatMap((t) => runs(t).filter((r) => /^车系\d+$/.test(r)));
    expect(names).toEqual(kept.map((r) => r.name));
    expect(tables.flatMap(runs)).toContain('合计');
    // A table of DECK_TABLE_ROWS or fewer is whole (the fuel split above: six members).
    expect(deckRows(volumeFile(volumeAnswer())).capped).toBe(false);
  });

  it('份额归因 and 价格归因: the waterfall of the effects in their order, in points and in yuan', async () => {
    const share = shareAnswer();
    const shareChart = chartOf((await deckOf(shareFile(share))).chart);
    const byBar = (labels: string[][], columns: ReturnType<typeof waterfallColumns>) => {
      const next = labels.map(() => 0);
      return columns.labelled.map((series) => labels[series][next[series]++]);
    };
    expect(byBar(shareChart.labels, waterfallColumns(share.waterfall))).toEqual([
      `${share.share.base!.toFixed(2)}%`,
      ...[share.effects.mix, share.effects.performance, share.effects.interaction].map((v) => `${v > 0 ? '+' : ''}${v.toFixed(2)}`),
      `${share.share.current!.toFixed(2)}%`,
    ]);
    const price = priceAnswer();
    const { chart, slides } = await deckOf(priceFile(price));
    const priceChart = chartOf(chart);
    expect(priceChart.caches[1]).toEqual([price.value.base, 0, 0, 0, 0, 0, price.value.current]);
    const signed = (v: number) => `${v > 0 ? '+' : ''}${v.toLocaleString('en-US')}`;
    expect(byBar(priceChart.labels, waterfallColumns(price.waterfall))).toEqual([
      price.value.base!.toLocaleString('en-US'),
      ...[price.effects.price, price.effects.mix, price.effects.interaction, price.effects.entry, price.effects.exit].map(signed),
      price.value.current!.toLocaleString('en-US'),
    ]);
    const tableSlide = slides.find((s) => runs(s)[0] === '价格归因明细')!;
    expect(runs(tableSlide)).toEqual(expect.arrayContaining(['新品', '退市', '合计']));
  });
});

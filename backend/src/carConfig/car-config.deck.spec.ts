import type { ConfigBlock, ConfigColumn, ConfigRow } from '@car/contracts';
import { sheetColumns, sheetRows, sheetSlides } from './car-config.deck';

const row = (id: number, desc: string, values: string[], data: ConfigRow[] = [], layer = 1): ConfigRow => ({ id, layer, desc, values, data });
const CODES = ['A1', 'A2', 'A3', 'B1', 'C1', 'C2'];
const block = (id: number, desc: string, data: ConfigRow[]): ConfigBlock => ({ id, desc, headerData: ['desc', ...CODES], data });

/** Trims A1-A3 of 英朗 (1), B1 of 宝马5系 (2), C1 and C2 of 速腾 (3). */
const column = (carJllCode: string): ConfigColumn => {
  const [subSeriesId, subSeriesName] = { A: [1, '英朗'], B: [2, '宝马5系'], C: [3, '速腾'] }[carJllCode[0]] as [number, string];
  return { carJllCode, carName: `2026款 ${carJllCode}`, subSeriesId, subSeriesName, modelYear: 2026, onSale: true, msrp: 10, retailQty: 1, tp: 9 };
};

describe('the configuration deck’s sheet (decisions 273, 285)', () => {
  test('two or more sub-series: a column each, in the order the page first shows it, headed by how many trims (a single trim by its name)', () => {
    expect(sheetColumns(['C1', 'A1', 'A2', 'B1', 'C2', 'A3'].map(column))).toEqual([
      { header: '速腾（2款）', codes: ['C1', 'C2'] },
      { header: '英朗（3款）', codes: ['A1', 'A2', 'A3'] },
      { header: '宝马5系 2026款 B1', codes: ['B1'] },
    ]);
  });

  test('one sub-series: its trims, each named with it', () => {
    expect(sheetColumns(['A2', 'A1'].map(column))).toEqual([
      { header: '英朗 2026款 A2', codes: ['A2'] },
      { header: '英朗 2026款 A1', codes: ['A1'] },
    ]);
  });

  test('each cell is its column’s verdict, sub-rows indented; a sub-series’ column leaves out the row naming each trim', () => {
    const basic = block(1, '基本信息', [
      row(1, '车型名称', ['英朗 A1', '英朗 A2', '英朗 A3', '宝马5系 B1', '速腾 C1', '速腾 C2']),
      row(2, '最大功率', ['98kW', '98kW', '110kW', '189kW', '102kW', '166kW']),
    ]);
    const comfort = block(2, '舒适配置', [row(3, '座椅加热', ['-', '●', '●', '●', '○', '-'], [row(4, '后排', ['-', '-', '●', '-', '-', '-'], [], 2)])]);
    const bySubSeries = sheetColumns(['A1', 'A2', 'A3', 'B1', 'C1', 'C2'].map(column));
    expect(sheetRows(basic, bySubSeries)).toEqual([{ item: '最大功率', values: ['98kW、110kW', '189kW', '102kW、166kW'] }]);
    expect(sheetRows(comfort, bySubSeries)).toEqual([
      { item: '座椅加热', values: ['●2/3', '●', '○1/2'] },
      { item: '　后排', values: ['●1/3', '-', '-'] },
    ]);
    // Trims as columns: their own values, their names too.
    expect(sheetRows(basic, sheetColumns(['A3', 'A1'].map(column))).map((r) => r.values)).toEqual([
      ['英朗 A3', '英朗 A1'],
      ['110kW', '98kW'],
    ]);
  });

  test('one dense table through the categories, each under its heading (a section), the legend heading the items', () => {
    const blocks = [block(1, '车身', [row(1, '长度', ['1', '1', '2', '3', '4', '4'])]), block(2, '座椅', [row(2, '加热', ['-', '●', '●', '●', '○', '-'])])];
    const [slide] = sheetSlides(blocks, ['A1', 'A2', 'A3', 'B1', 'C1', 'C2'].map(column));
    expect(slide.columns.map((c) => c.header)).toEqual(['● 标配　○ 选配　- 无', '英朗（3款）', '宝马5系 2026款 B1', '速腾（2款）']);
    expect(slide.rows.map((r) => [r.item, ...slide.columns.slice(1).map((c) => c.value(r))])).toEqual([
      ['车身', '', '', ''],
      ['长度', '1、2', '3', '4'],
      ['座椅', '', '', ''],
      ['加热', '●2/3', '●', '○1/2'],
    ]);
    expect(slide.rows.map((r) => slide.section?.(r))).toEqual(['车身', undefined, '座椅', undefined]);
    expect({ title: slide.title, dense: slide.dense, keep: slide.keepColumns, perSlide: slide.columnsPerSlide }).toEqual({
      title: '配置对比',
      dense: true,
      keep: 1,
      perSlide: 4,
    });
    expect(sheetSlides([], ['A1', 'B1'].map(column))).toEqual([]);
  });
});

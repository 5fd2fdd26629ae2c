import { PRICE_STRUCTURE } from './endpoints';
import { priceStructureTags, type PriceStructureTable, sortStructureRows, structureLabelHeader, structureSettingTags } from './price';

/** The price-structure pages' display rules, one copy for the page and its deck (decision 213). */
describe('the price-structure display rules', () => {
  const table: PriceStructureTable = {
    period: '2026-01~2026-03',
    months: 3,
    market: '整体市场',
    columns: [
      { key: 'band0', label: '5万以下', kind: 'count' },
      { key: 'total', label: '合计', kind: 'count' },
    ],
    rows: [
      { id: -1, name: '整体市场', values: [30, 600], texts: ['30', '600'], total: true },
      { id: 1, name: '德系', values: [10, 100], texts: ['10', '100'], total: false },
      { id: 2, name: '自主', values: [null, 300], texts: ['-', '300'], total: false },
      { id: 3, name: '日系', values: [20, 200], texts: ['20', '200'], total: false },
    ],
  };

  test('a clicked column sorts the members, the market row staying first; missing figures last either way', () => {
    expect(sortStructureRows(table, { column: 'total', direction: 'desc' }).map((r) => r.name)).toEqual(['整体市场', '自主', '日系', '德系']);
    expect(sortStructureRows(table, { column: 'band0', direction: 'asc' }).map((r) => r.name)).toEqual(['整体市场', '德系', '日系', '自主']);
    expect(sortStructureRows(table, null)).toEqual(table.rows);
  });

  test('the header tags and the toolbar settings read as the page shows them', () => {
    const settings = { time: '2026-03', bodyShapes: [4], priceLow: 5, priceHigh: 40, segment: 5, orderBy: 1 };
    const lookups = { bodyShapes: [{ key: 4, value: 'SUV' }], producerProperties: [], families: [], brandProperties: [] };
    expect(priceStructureTags(settings, lookups, 'A级SUV')).toEqual([
      { label: '时间', value: '2026年1-3月' },
      { label: '市场', value: 'A级SUV' },
      { label: '车身形式', value: 'SUV' },
      { label: '厂商属性', value: '全部' },
      { label: '系别', value: '全部' },
      { label: '品牌属性', value: '全部' },
      { label: '价格区间', value: '5-40万，每段5万' },
      { label: '排序', value: '降序' },
    ]);
    expect(structureSettingTags({ data1: 1, averageMonth: 1 }, table).map((t) => t.value)).toEqual(['MSRP', '累计', '2026-01~2026-03（3 个月）']);
    expect([structureLabelHeader(0), structureLabelHeader(4)]).toEqual(['价格段', '厂商品牌']);
  });

  test('the deck call takes the page URL; a malformed sort is refused in Chinese', () => {
    const parsed = PRICE_STRUCTURE.totalPpt.params.parse({ view: '2', chart: '1', tab: '3', data2: '1', sort: 'band3.asc' });
    expect(parsed).toMatchObject({ view: 2, chart: 1, tab: 3, data2: 1, sort: { column: 'band3', direction: 'asc' } });
    const bad = PRICE_STRUCTURE.detailPpt.params.safeParse({ sort: 'band3;drop' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['应为「列.desc」或「列.asc」']);
  });
});

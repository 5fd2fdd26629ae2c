import { DATA_SOURCE_KINDS } from './data-status';
import { DEFINED_FIELDS, DEFINITION_KEYS, DEFINITIONS, definitionKeyOf, definitionKeyOfField, definitionRows, type DefinitionKey } from './definitions';
import { TAG_COLUMNS } from './constants';
import { PROPORTION_VIEW_COLUMNS, SALES_OR_MIX } from './price-volume';

/**
 * Every measure label the pages and workbooks show, and the entry it must name (by hand): the ranking tables'
 * data tags, the sales-proportion views, the summary, price and dashboard cards, the price-volume switches,
 * the exports' headers, the dashboard tables, the configuration comparison's frozen rows, 区域表现 and the car
 * model dialog (建议零售价 is the maker's guide price, not retail volume: decision 205).
 */
const SHOWN: ReadonlyArray<readonly [string, DefinitionKey]> = [
  ['组内份额', 'setShare'],
  ['组内份额变化(百分点)', 'setShareChange'],
  ['组内排名', 'setRank'],
  ['当月销量', 'sales'],
  ['去年同期销量', 'sales'],
  ['10月销量', 'sales'],
  ['环比', 'mom'],
  ['同比', 'yoy'],
  ['销量同比', 'yoy'],
  ['份额', 'share'],
  ['去年同期份额', 'share'],
  ['份额变化(百分点)', 'shareChange'],
  ['累计排名', 'rank'],
  ['细分市场排名', 'rank'],
  ['本年累计销量', 'ytd'],
  ['去年累计销量', 'ytd'],
  ['累计同比', 'ytdYoy'],
  ['累计份额', 'share'],
  ['去年累计份额', 'share'],
  ['累计份额变化(百分点)', 'shareChange'],
  ['细分市场MIX', 'mix'],
  ['整体市场MIX', 'mix'],
  ['MIX', 'mix'],
  ['细分市场MIX变化(百分点)', 'mixChange'],
  ['MIX变化', 'mixChange'],
  ['10月加权厂商指导价', 'msrp'],
  ['MSRP', 'msrp'],
  ['厂商指导价（元）', 'msrp'],
  ['10月加权成交价', 'tp'],
  ['TP', 'tp'],
  ['成交价TP（元）', 'tp'],
  ['10月优惠', 'discount'],
  ['优惠（元）', 'discount'],
  ['10月优惠率', 'discountRate'],
  ['较1月', 'sinceJanuary'],
  ['返点（元）', 'rebate'],
  ['新能源', 'nev'],
  ['渗透率', 'penetration'],
  ['价格段', 'priceBand'],
  ['零售量', 'retail'],
  ['批发量', 'wholesale'],
  ['销量（千辆）', 'sales'],
  ['平均优惠', 'discount'],
  ['最高优惠率', 'discountRate'],
  ['厂商指导价(万元)', 'msrp'],
  ['建议零售价（元）', 'msrp'],
  ['零售量(辆)2026-10', 'retail'],
  ['加权成交价(万元)2026-10', 'tp'],
];

describe('the 口径 dictionary', () => {
  test.each(SHOWN)('%s is explained by %s', (label, key) => {
    expect(definitionKeyOf(label)).toBe(key);
  });

  test('every data tag and sales-proportion column the tables show has an entry', () => {
    const labels = [
      ...TAG_COLUMNS.map((c) => c.label),
      ...Object.values(PROPORTION_VIEW_COLUMNS).flatMap((v) => v.map((c) => c.label)),
      ...SALES_OR_MIX.map((o) => o.label),
    ];
    expect(labels.filter((label) => definitionKeyOf(label) === undefined)).toEqual([]);
  });

  test('a label that is no measure has none', () => {
    for (const label of ['车型', '城市', '品牌', '厂商', '细分市场', '大区', '月份', '整体市场', '子车系代码']) expect(definitionKeyOf(label)).toBeUndefined();
  });

  test('no entry is unused: each is a data source or is reached by a label shown or a wire field', () => {
    const reached = new Set<DefinitionKey>([
      ...SHOWN.map(([, key]) => key),
      ...DEFINED_FIELDS.map((field) => definitionKeyOfField(field)!),
      ...DATA_SOURCE_KINDS.map((source) => (source === 'rebate' ? 'rebateSource' : source) as DefinitionKey),
    ]);
    expect(DEFINITION_KEYS.filter((key) => !reached.has(key))).toEqual([]);
  });

  test('each entry has a name and a short text of its own', () => {
    for (const key of DEFINITION_KEYS) {
      expect(DEFINITIONS[key].name.length).toBeGreaterThan(0);
      expect(DEFINITIONS[key].text.length).toBeLessThanOrEqual(90);
    }
    expect(new Set(DEFINITION_KEYS.map((key) => DEFINITIONS[key].text)).size).toBe(DEFINITION_KEYS.length);
  });

  test('a point change is never called a growth rate: its entries say 百分点', () => {
    for (const key of ['shareChange', 'mixChange', 'setShareChange'] as const) expect(DEFINITIONS[key].text).toContain('百分点');
  });

  test('wire fields name their entry, with their display text and list forms', () => {
    expect(definitionKeyOfField('yoys')).toBe('yoy');
    expect(definitionKeyOfField('tpStr')).toBe('tp');
    expect(definitionKeyOfField('mixChanges')).toBe('shareChange');
    expect(definitionKeyOfField('sales')).toBe('sales');
    expect(definitionKeyOfField('time')).toBeUndefined();
    expect(definitionKeyOfField('name')).toBeUndefined();
  });

  test('the 口径说明 rows of a set of headers: each entry once, in the dictionary’s order', () => {
    expect(definitionRows(['累计同比', '当月销量', '车型', '去年同期销量', '同比']).map(([name]) => name)).toEqual(['销量', '同比', '累计同比']);
  });
});

import { fixedDimensions, priceAttributionQuerySchema, shareAttributionQuerySchema, volumeAttributionQuerySchema } from './attribution';
import { roundToTotal } from './metrics';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('roundToTotal', () => {
  test('a column rounded part by part adds up to its total rounded', () => {
    // 8.5714 − 5.7143 + 4.2857 = 7.1429: alone 8.6 − 5.7 + 4.3 = 7.2; reconciled 8.5 − 5.7 + 4.3 = 7.1.
    expect(roundToTotal([30 / 3.5, -20 / 3.5, 15 / 3.5], 1)).toEqual([8.5, -5.7, 4.3]);
    expect(roundToTotal([1 / 3, 1 / 3, 1 / 3], 2, 1)).toEqual([0.34, 0.33, 0.33]);
    expect(roundToTotal([0.1, 0.2], 1)).toEqual([0.1, 0.2]);
  });

  test('a total that is not the exact sum (the difference of two rounded values) is still met', () => {
    const parts = roundToTotal([0.6, 0.6], 0, 2);
    expect(parts[0] + parts[1]).toBe(2);
    const negative = roundToTotal([-0.4, -0.4, 0.3], 0, -1);
    expect(negative.reduce((a, b) => a + b)).toBe(-1);
  });
});

describe('the attribution parameters', () => {
  test('defaults: retail, 同比, by 细分市场', () => {
    const parsed = volumeAttributionQuerySchema.parse({});
    expect(parsed).toMatchObject({ source: 2, compare: 0, by: 'segment', area: null });
  });

  test('1-2月合计 only for January or February, no area on wholesale, no split by a fixed dimension', () => {
    expect(issues(volumeAttributionQuerySchema.safeParse({ time: '2026-10', compare: '3' }))).toEqual(['compare: 1-2月合计只能在所选月份为1月或2月时使用']);
    expect(volumeAttributionQuerySchema.safeParse({ time: '2026-02', compare: '3' }).success).toBe(true);
    expect(issues(volumeAttributionQuerySchema.safeParse({ source: '1', area: '440000', level: '2' }))).toEqual([
      'area: 批发量没有区域数据，请选择零售量或全国',
    ]);
    expect(issues(volumeAttributionQuerySchema.safeParse({ source: '1', by: 'province' }))).toEqual(['by: 批发量没有区域数据，不能按大区、省份或城市级别拆分']);
    expect(issues(volumeAttributionQuerySchema.safeParse({ fuels: '6', by: 'fuel' }))).toEqual(['by: 已按该维度筛选，请选择另一个拆分维度']);
    expect(volumeAttributionQuerySchema.safeParse({ fuels: '6', by: 'brand' }).success).toBe(true);
  });

  test('without `by`, the first split the scope does not fix and the source has: 细分市场, else the next in order', () => {
    expect(volumeAttributionQuerySchema.parse({ detailId: '3' }).by).toBe('fuel');
    expect(volumeAttributionQuerySchema.parse({ source: '1', detailId: '3', fuels: '6', familyId: '2', producerProperty: '1' }).by).toBe('producer');
    expect(shareAttributionQuerySchema.parse({ detailId: '3' }).by).toBe('fuel');
    // Wholesale has no geography: 价格段 after 细分市场 and 燃料类型.
    expect(shareAttributionQuerySchema.parse({ source: '1', detailId: '3', fuels: '6' }).by).toBe('priceBand');
  });

  test('the drill steps a scope fixes', () => {
    const parsed = volumeAttributionQuerySchema.parse({ fuels: '6', brandId: '12', area: '440000', level: '2', by: 'subSeries' });
    expect(fixedDimensions(parsed)).toEqual(['fuel', 'region', 'province', 'brand']);
  });

  test('a share subject is a type and an id together, and none beside a 竞品组', () => {
    expect(shareAttributionQuerySchema.safeParse({ subjectType: 'brand', subjectId: '3' }).success).toBe(true);
    expect(issues(shareAttributionQuerySchema.safeParse({ subjectType: 'brand' }))).toEqual(['subjectType: 应与 subjectId 一同给出']);
    expect(issues(shareAttributionQuerySchema.safeParse({ setOwn: '1', setRivals: '2', subjectType: 'brand', subjectId: '3' }))).toEqual([
      'subjectType: 竞品组的份额归因以本品为对象，不另选对象',
    ]);
  });

  test('a price subject: the whole market alone, any other with its id', () => {
    expect(priceAttributionQuerySchema.parse({})).toMatchObject({ subjectType: 'market', measure: 'tp', compare: 0 });
    expect(issues(priceAttributionQuerySchema.safeParse({ subjectType: 'subSeries' }))).toEqual(['subjectId: 请选择厂商、品牌或车系']);
    expect(issues(priceAttributionQuerySchema.safeParse({ subjectId: '5' }))).toEqual(['subjectId: 整体市场不另选对象']);
  });
});

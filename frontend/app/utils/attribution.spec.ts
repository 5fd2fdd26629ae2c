import type { WaterfallBar } from '@car/contracts';

import {
  attributionTags,
  comparisonOptions,
  defaultDimension,
  drillHref,
  effectShortLabel,
  scopeCrumbs,
  scopeStepOf,
  shareDimensions,
  tabHref,
  volumeDimensions,
  waterfallLabel,
  waterfallRange,
} from './attribution';

const paramsOf = (href: string | null) => Object.fromEntries(new URLSearchParams(href ?? ''));

describe('the tabs', () => {
  test('a tab link keeps the filters, the comparison and the set, and drops the other tab’s split, drill and subject', () => {
    const search = '?time=2026-10&source=2&fuels=3&compare=1&set=7&by=brand&fuels=3&brandId=9&tier=2&subjectType=brand&subjectId=4&measure=discount';
    expect(paramsOf(tabHref(search, 'share'))).toEqual({ time: '2026-10', source: '2', fuels: '3', compare: '1', set: '7', tab: 'share' });
  });

  test('the first tab is the address without a tab', () => {
    expect(paramsOf(tabHref('?tab=price&time=2026-10', 'volume'))).toEqual({ time: '2026-10' });
  });
});

describe('the comparison', () => {
  test('1-2月合计 is offered for January and February only', () => {
    expect(comparisonOptions('2026-02').map((c) => c.value)).toEqual([0, 1, 2, 3]);
    expect(comparisonOptions('2026-01').map((c) => c.value)).toEqual([0, 1, 2, 3]);
    expect(comparisonOptions('2026-10').map((c) => c.value)).toEqual([0, 1, 2]);
    expect(comparisonOptions(null).map((c) => c.value)).toEqual([0, 1, 2]);
  });
});

describe('the split dimensions a scope leaves open', () => {
  test('retail offers every dimension, wholesale none of the geography', () => {
    expect(volumeDimensions(2, []).map((d) => d.key)).toEqual([
      'segment',
      'fuel',
      'family',
      'producerProperty',
      'region',
      'province',
      'tier',
      'producer',
      'brand',
      'subSeries',
      'priceBand',
    ]);
    expect(volumeDimensions(1, []).map((d) => d.key)).toEqual(['segment', 'fuel', 'family', 'producerProperty', 'producer', 'brand', 'subSeries', 'priceBand']);
  });

  test('a dimension the scope fixes is not offered, and the default is the first left open', () => {
    const open = volumeDimensions(2, ['segment', 'fuel']);
    expect(open.map((d) => d.key)).not.toContain('segment');
    expect(open.map((d) => d.key)).not.toContain('fuel');
    expect(defaultDimension(open)).toBe('family');
    expect(open[0].label).toBe('系别');
  });

  test('the share split takes how the market is cut, not who sells', () => {
    expect(shareDimensions(2, []).map((d) => d.key)).toEqual(['segment', 'fuel', 'region', 'province', 'priceBand']);
    expect(shareDimensions(1, ['segment']).map((d) => d.key)).toEqual(['fuel', 'priceBand']);
  });
});

describe('the drill', () => {
  test('a member adds its filter and moves the split to the next dimension', () => {
    expect(paramsOf(drillHref('?time=2026-10&by=fuel', { param: 'fuels', value: 3, next: 'brand' }))).toEqual({ time: '2026-10', fuels: '3', by: 'brand' });
  });

  test('an area keeps its level', () => {
    expect(paramsOf(drillHref('?by=region', { param: 'area', value: 3, level: 1, next: 'province' }))).toEqual({ area: '3', level: '1', by: 'province' });
  });

  test('with no next split, the split is left to choose', () => {
    expect(paramsOf(drillHref('?brandId=9&by=subSeries', { param: 'subSeriesId', value: 507, next: null }))).toEqual({ brandId: '9', subSeriesId: '507' });
  });
});

describe('the breadcrumb', () => {
  test('a scope tag names the parameters it stands for', () => {
    expect(scopeStepOf('燃料类型')).toEqual({ params: ['fuels'], dimension: 'fuel' });
    expect(scopeStepOf('品牌')).toEqual({ params: ['brandId'], dimension: 'brand' });
    expect(scopeStepOf('省份')).toEqual({ params: ['area', 'level'], dimension: 'province', level: 2 });
    expect(scopeStepOf('竞品组')).toEqual({ params: ['set'], dimension: null });
    // 价格段 splits but never filters; a tag the page does not know is no step.
    expect(scopeStepOf('价格段')).toBeNull();
    expect(scopeStepOf('时间')).toBeNull();
  });

  test('each crumb goes back up to it: the later steps taken away, the split back to where the analyst drilled from', () => {
    const search = '?time=2026-10&fuels=3&brandId=9&by=subSeries';
    const crumbs = scopeCrumbs(
      search,
      [
        { label: '燃料类型', value: '纯电动' },
        { label: '品牌', value: '比亚迪' },
      ],
      null,
    );
    expect(crumbs.map((c) => c.text)).toEqual(['全部', '燃料类型 纯电动', '品牌 比亚迪']);
    expect(paramsOf(crumbs[0].href)).toEqual({ time: '2026-10', by: 'fuel' });
    expect(paramsOf(crumbs[1].href)).toEqual({ time: '2026-10', fuels: '3', by: 'brand' });
    expect(crumbs[2].href).toBeNull();
  });

  test('the area is named level by level, and taking a province away below its region goes up to the region', () => {
    const crumbs = scopeCrumbs(
      '?area=320000&level=2&fuels=3&by=tier',
      [
        { label: '燃料类型', value: '纯电动' },
        { label: '区域', value: '江苏' },
      ],
      { id: 320000, level: 2 },
    );
    expect(crumbs.map((c) => c.text)).toEqual(['全部', '燃料类型 纯电动', '大区 华东', '省份 江苏']);
    expect(paramsOf(crumbs[2].href)).toEqual({ area: '3', level: '1', fuels: '3', by: 'province' });
    expect(paramsOf(crumbs[1].href)).toEqual({ fuels: '3', by: 'region' });
    expect(paramsOf(crumbs[0].href)).toEqual({ by: 'fuel' });
  });

  test('an empty scope is 全部 alone, where the page is', () => {
    expect(scopeCrumbs('?time=2026-10', [], null)).toEqual([{ text: '全部', href: null }]);
  });
});

describe('the figures', () => {
  const bars: WaterfallBar[] = [
    { name: '基期', kind: 'base', value: 1_000_000, from: 0, to: 1_000_000 },
    { name: '纯电动', kind: 'change', value: 60_000, from: 1_000_000, to: 1_060_000 },
    { name: '汽油', kind: 'change', value: -50_000, from: 1_060_000, to: 1_010_000 },
    { name: '其他（3）', kind: 'other', value: -1_000, from: 1_010_000, to: 1_009_000 },
    { name: '本期', kind: 'current', value: 1_009_000, from: 0, to: 1_009_000 },
  ];

  test('the waterfall’s axis spans the levels the changes run between, not from zero', () => {
    // The levels run 1,000,000 to 1,060,000: the axis from half the span below (970,000) to a little above, in six
    // round steps of 20,000 that its ends fall on too.
    expect(waterfallRange(bars)).toEqual({ min: 960_000, max: 1_080_000, step: 20_000 });
    // The demo market's October (2,255,949 → 2,276,256, its lowest level 2,213,764): ticks 2,180,000 … 2,300,000.
    const market = waterfallRange([
      { name: '基期', kind: 'base', value: 2_255_949, from: 0, to: 2_255_949 },
      { name: 'A级轿车', kind: 'change', value: -42_185, from: 2_255_949, to: 2_213_764 },
      { name: 'B级SUV', kind: 'change', value: 67_000, from: 2_213_764, to: 2_280_764 },
      { name: '本期', kind: 'current', value: 2_276_256, from: 0, to: 2_276_256 },
    ]);
    expect(market).toEqual({ min: 2_180_000, max: 2_300_000, step: 20_000 });
    // Points to two decimals: the ends are whole steps as well.
    const points = waterfallRange([
      { name: '基期份额', kind: 'base', value: 12.34, from: 0, to: 12.34 },
      { name: '结构', kind: 'change', value: -0.18, from: 12.34, to: 12.16 },
      { name: '本期份额', kind: 'current', value: 11.78, from: 0, to: 11.78 },
    ]);
    for (const end of [points.min, points.max]) expect(Math.abs(end / points.step - Math.round(end / points.step))).toBeLessThan(1e-6);
    // Near zero (a share of a few points) the axis starts at zero.
    expect(
      waterfallRange([
        { name: '基期份额', kind: 'base', value: 0.4, from: 0, to: 0.4 },
        { name: '本期份额', kind: 'current', value: 0.1, from: 0, to: 0.1 },
      ]).min,
    ).toBe(0);
  });

  test('the ends are labelled with their level, the changes signed', () => {
    const text = { level: (v: number) => `${v}`, change: (v: number) => (v > 0 ? `+${v}` : `${v}`) };
    expect(bars.map((b) => waterfallLabel(b, text))).toEqual(['1000000', '+60000', '-50000', '-1000', '1009000']);
  });

  test('an effect’s header is its name without the gloss', () => {
    expect(effectShortLabel('结构效应（市场结构变化）')).toBe('结构效应');
  });

  test('the header tags name the month, the source and area of the sales splits, and the comparison', () => {
    expect(attributionTags('volume', '2026-10', 2, '江苏', 1)).toEqual([
      { label: '时间', value: '2026年10月' },
      { label: '数据来源', value: '零售量' },
      { label: '区域', value: '江苏' },
      { label: '对比', value: '当月 vs 上月' },
    ]);
    expect(attributionTags('price', '2026-10', 2, '江苏', 0)).toEqual([
      { label: '时间', value: '2026年10月' },
      { label: '对比', value: '当月 vs 同期' },
    ]);
  });
});

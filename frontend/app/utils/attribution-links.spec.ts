import {
  ATTRIBUTION_PAGE,
  type PriceWhole,
  priceAttributionQuerySchema,
  shareAttributionQuerySchema,
  type Summary,
  volumeAttributionQuerySchema,
} from '@car/contracts';

import { attributionHref, cardComparison, growthSplitWhy, priceCardWhy, summaryCardWhy, whyLabel } from './attribution-links';
import type { MarketPriceState } from './price-query';

/** The address split as the page reads it: its path, its tab and the rest — the query of that tab's call. */
const opened = (href: string) => {
  const url = new URL(href, 'http://x');
  const query = Object.fromEntries(url.searchParams);
  const { tab, ...call } = query;
  return { path: url.pathname, tab, call, query };
};

const summary = { time: '2026-10', yoy: 0.9, mom: -3.1, yearYoy: 2.4 } as Summary;
const market = { time: '2026-10', source: 2, detailId: -1, producerProperty: -1, fuels: [] as number[] };

describe('a card’s 为什么? opens 归因分析 with the card’s scope and comparison (issue 50)', () => {
  test('整体市场表现’s 同比: the volume split by 细分市场 of the month on the same month a year earlier', () => {
    const why = summaryCardWhy('yoy', summary, { scope: market }, false);
    expect(why).toEqual({
      href: '/salevolume/attribution?tab=volume&time=2026-10&source=2&compare=0&by=segment',
      label: '为什么同比增长 0.9%？查看归因分析',
    });
    const { path, tab, call } = opened(why!.href);
    expect(path).toBe(ATTRIBUTION_PAGE.path);
    expect(tab).toBe('volume');
    // The link's query is the volume call's own, accepted as it is.
    expect(volumeAttributionQuerySchema.parse(call)).toMatchObject({ time: '2026-10', source: 2, compare: 0, by: 'segment', area: null });
  });

  test('环比 is compare 1 and 累计同比 2; 1-2月合计’s 同比 and 累计同比 are 3 and its 环比 (on 上年11-12月) has none', () => {
    expect(['qty', 'yoy', 'mom', 'lj', 'yearYoy'].map((card) => cardComparison(card, false))).toEqual([null, 0, 1, null, 2]);
    expect(['qty', 'yoy', 'mom', 'lj', 'yearYoy'].map((card) => cardComparison(card, true))).toEqual([null, 3, null, null, 3]);
    expect(opened(summaryCardWhy('mom', summary, { scope: market }, false)!.href).query.compare).toBe('1');
    expect(summaryCardWhy('mom', summary, { scope: market }, false)!.label).toBe('为什么环比下降 3.1%？查看归因分析');
    expect(opened(summaryCardWhy('yearYoy', summary, { scope: market }, false)!.href).query.compare).toBe('2');
    const newYear = summaryCardWhy('yoy', { ...summary, time: '2026-02' }, { scope: { ...market, time: '2026-02' } }, true)!;
    expect(volumeAttributionQuerySchema.parse(opened(newYear.href).call)).toMatchObject({ time: '2026-02', compare: 3 });
    expect(newYear.label).toBe('为什么1-2月同比增长 0.9%？查看归因分析');
    expect(summaryCardWhy('mom', summary, { scope: market }, true)).toBeNull();
    expect(summaryCardWhy('qty', summary, { scope: market }, false)).toBeNull();
  });

  test('the page’s filters go along; a page narrowed to one segment splits by the next open dimension (by 细分市场 it would have one row)', () => {
    const scope = { ...market, detailId: 7, producerProperty: 2, fuels: [4, 6] };
    const { call } = opened(summaryCardWhy('yoy', summary, { scope }, false)!.href);
    expect(call).toEqual({ time: '2026-10', source: '2', detailId: '7', producerProperty: '2', fuels: '4,6', compare: '0', by: 'fuel' });
    expect(volumeAttributionQuerySchema.parse(call)).toMatchObject({ detailId: 7, producerProperty: 2, fuels: [4, 6], by: 'fuel' });
  });

  test('区域市场表现’s node goes as area + level on retail; wholesale (which has no geography) goes without it', () => {
    const retail = opened(summaryCardWhy('yoy', summary, { scope: { ...market, area: { id: 440000, level: 2 } } }, false)!.href);
    expect(volumeAttributionQuerySchema.parse(retail.call)).toMatchObject({ area: { id: 440000, level: 2 } });
    const wholesale = opened(summaryCardWhy('yoy', summary, { scope: { ...market, source: 1, area: { id: 440000, level: 2 } } }, false)!.href);
    expect(wholesale.call).toEqual({ time: '2026-10', source: '1', compare: '0', by: 'segment' });
    expect(volumeAttributionQuerySchema.safeParse(wholesale.call).success).toBe(true);
  });

  test('厂商品牌表现’s maker opens the split of its share, the producer or brand as the subject', () => {
    const scope = { ...market, area: { id: 3, level: 1 } };
    const producer = opened(summaryCardWhy('yoy', summary, { scope, maker: { type: 'producer', id: 40 } }, false)!.href);
    expect(producer.tab).toBe('share');
    expect(shareAttributionQuerySchema.parse(producer.call)).toMatchObject({
      compare: 0,
      by: 'segment',
      subjectType: 'producer',
      subjectId: 40,
      area: { id: 3, level: 1 },
    });
    const brand = opened(summaryCardWhy('yearYoy', summary, { scope, maker: { type: 'brand', id: 64 } }, false)!.href);
    expect(shareAttributionQuerySchema.parse(brand.call)).toMatchObject({ compare: 2, subjectType: 'brand', subjectId: 64 });
  });

  test('整体市场价格指数’s TP and discount cards open 价格归因 of their 环比, of the market or the segment chosen', () => {
    const whole = { time: '2026-10', tpMom: 1.2, discountMom: -0.4 } as PriceWhole;
    const state: MarketPriceState = {
      time: '2026-10',
      detailId: -1,
      producerProperty: -1,
      bigArea: -1,
      composite: -1,
      searchContent: '',
      dataType: 0,
      type: 0,
      type2: 2,
    };
    const tp = priceCardWhy('tp', whole, state)!;
    expect(tp).toEqual({
      href: '/salevolume/attribution?tab=price&time=2026-10&compare=1&subjectType=market&measure=tp',
      label: '为什么成交价环比增长 1.2%？查看归因分析',
    });
    expect(priceAttributionQuerySchema.parse(opened(tp.href).call)).toEqual({ time: '2026-10', compare: 1, subjectType: 'market', measure: 'tp' });
    const discount = priceCardWhy('discount', whole, { ...state, detailId: 7 })!;
    expect(priceAttributionQuerySchema.parse(opened(discount.href).call)).toEqual({
      time: '2026-10',
      compare: 1,
      subjectType: 'segment',
      subjectId: 7,
      measure: 'discount',
    });
    expect(discount.label).toBe('为什么优惠环比下降 0.4%？查看归因分析');
    // No comparison or measure of 归因分析 for these; none for a card narrowed beyond what 价格归因 reads (national, every maker).
    expect(priceCardWhy('msrp', whole, state)).toBeNull();
    expect(priceCardWhy('discountRate', whole, state)).toBeNull();
    for (const narrowed of [{ producerProperty: 2 }, { bigArea: 3 }, { composite: 0 }]) expect(priceCardWhy('tp', whole, { ...state, ...narrowed })).toBeNull();
  });

  test('the dashboard’s sentence opens the market split by 燃料类型 at the dashboard’s month and mode', () => {
    const why = growthSplitWhy({ compare: 2, growth: 0.9 }, '2026-10');
    expect(why.label).toBe('为什么累计同比增长 0.9%？查看归因分析');
    expect(volumeAttributionQuerySchema.parse(opened(why.href).call)).toMatchObject({ time: '2026-10', source: 2, compare: 2, by: 'fuel' });
    expect(opened(growthSplitWhy({ compare: 3, growth: -2 }, '2026-01').href).query).toMatchObject({ tab: 'volume', compare: '3', by: 'fuel' });
  });

  test('a growth the dash rule hides is not put in words: the link says only what it opens', () => {
    expect(whyLabel(0, null)).toBe('查看同比的归因分析');
    expect(whyLabel(1, 0.04, '成交价')).toBe('查看成交价环比的归因分析');
    expect(attributionHref({ tab: 'volume', scope: { time: null, source: 2 }, compare: 0 })).toBe(
      '/salevolume/attribution?tab=volume&source=2&compare=0&by=segment',
    );
  });
});

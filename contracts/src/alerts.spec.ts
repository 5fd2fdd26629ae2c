import {
  alertChangeText,
  alertComparisonsOf,
  alertMeasuresOf,
  alertSubscriptionCreateSchema,
  alertValueText,
  comparisonLabel,
  conditionHolds,
  conditionText,
  rivalTpFallTexts,
  SET_CONDITION_MESSAGES,
  subscriptionTitle,
  viewLinkAt,
  viewSourceOf,
} from './alerts';
import { issueMessage } from './params';

describe('a condition on a figure', () => {
  test('不低于 N holds at N and above, 不高于 N at N and below, on the figure as shown', () => {
    expect(conditionHolds('above', 5, { value: 5, change: null })).toBe(true);
    expect(conditionHolds('above', 5, { value: 4.9, change: 9 })).toBe(false);
    expect(conditionHolds('below', -1, { value: -1, change: null })).toBe(true);
    expect(conditionHolds('below', -1, { value: -0.9, change: -5 })).toBe(false);
  });

  test('变动超过 N compares the change beside the figure, either way, strictly', () => {
    expect(conditionHolds('movedBy', 1, { value: 12.3, change: 1.1 })).toBe(true);
    expect(conditionHolds('movedBy', 1, { value: 12.3, change: -1.1 })).toBe(true);
    expect(conditionHolds('movedBy', 1, { value: 12.3, change: 1 })).toBe(false);
    expect(conditionHolds('movedBy', 1, { value: 12.3, change: -0.4 })).toBe(false);
  });

  test('a dash holds nothing', () => {
    expect(conditionHolds('above', -100, { value: null, change: 3 })).toBe(false);
    expect(conditionHolds('below', 100, { value: null, change: 3 })).toBe(false);
    expect(conditionHolds('movedBy', 0.1, { value: 50, change: null })).toBe(false);
  });

  test('份额变化 reads in points: its threshold, its value and its change', () => {
    expect(conditionText('shareChange', 'below', -1)).toBe('份额变化不高于 -1个百分点');
    expect(conditionText('share', 'movedBy', 1)).toBe('份额变化变动超过 ±1个百分点');
    expect(alertValueText('shareChange', -1.2)).toBe('-1.2个百分点');
    expect(alertChangeText('share', 0.5)).toBe('份额变化 +0.5个百分点');
    expect(alertChangeText('sales', -12.5)).toBe('同比 -12.5%');
  });

  test('figures read as their pages show them', () => {
    expect(alertValueText('sales', 12345)).toBe('12,345辆');
    expect(alertValueText('share', 75)).toBe('75.0%');
    expect(alertValueText('tp', 158000)).toBe('158,000元');
    expect(alertValueText('discountRate', null)).toBe('-');
    expect(conditionText('tp', 'above', 200000)).toBe('成交价不低于 200000元');
  });
});

describe('a view at a new month', () => {
  test('moves the page month parameter and keeps the rest', () => {
    expect(viewLinkAt('/salevolume/wholemarket', 'source=2&time=2026-03&detailId=3', 202604)).toBe('/salevolume/wholemarket?source=2&time=2026-04&detailId=3');
    expect(viewLinkAt('/salevolume/areamarket', '', 202611)).toBe('/salevolume/areamarket?time=2026-11');
  });

  test('a page without a month parameter keeps its address', () => {
    expect(viewLinkAt('/product/configquery', 'ids=1,2', 202604)).toBe('/product/configquery?ids=1%2C2');
    expect(viewLinkAt('/product/configquery', '', 202604)).toBe('/product/configquery');
  });
});

describe("a subscription's title in words", () => {
  test('says the page, the row, the data and the month, not the address', () => {
    const search = 'source=2&time=2026-10&type=0&id=3';
    expect(subscriptionTitle('/salevolume/companybrand', search, '一汽-大众')).toBe('厂商品牌表现 · 一汽-大众 · 零售 · 2026-10');
    expect(subscriptionTitle('/salevolume/wholemarket', 'source=1', null)).toBe('整体市场表现 · 批发');
    expect(subscriptionTitle('/price/cabmodelpricetrace', 'time=2026-09', '朗逸')).toBe('车系价格追踪 · 朗逸 · 价格 · 2026-09');
  });

  test("reads the view's data from its address: a price page's prices, else source 1 wholesale and any other retail", () => {
    expect(viewSourceOf('/price/marketpricetendency', 'source=1')).toBe('price');
    expect(viewSourceOf('/salevolume/wholemarket', 'source=1')).toBe('wholesale');
    expect(viewSourceOf('/salevolume/wholemarket', 'source=2')).toBe('retail');
    expect(viewSourceOf('/salevolume/wholemarket', '')).toBe('retail');
  });

  test('leaves out a month that is not one', () => {
    expect(subscriptionTitle('/salevolume/wholemarket', 'time=2026-13', null)).toBe('整体市场表现 · 零售');
  });
});

describe('the subscription form', () => {
  const view = { name: ' 视图 ', path: '/salevolume/wholemarket', search: '?source=2' };

  test('a new-month subscription needs only its view; the name is trimmed and the ? dropped', () => {
    expect(alertSubscriptionCreateSchema.parse({ ...view, kind: 'newMonth' })).toMatchObject({ name: '视图', search: 'source=2' });
  });

  test('a condition names every part, with two decimals at most', () => {
    expect(alertSubscriptionCreateSchema.safeParse({ ...view, kind: 'condition', measure: 'share', comparison: 'above', threshold: 1.5 }).success).toBe(false);
    const full = { ...view, kind: 'condition', measure: 'share', comparison: 'above', threshold: 1.25, rowKind: 'brand', rowId: '21' };
    expect(alertSubscriptionCreateSchema.parse(full)).toMatchObject({ threshold: 1.25, rowId: 21 });
    expect(alertSubscriptionCreateSchema.safeParse({ ...full, threshold: 1.255 }).success).toBe(false);
    expect(alertSubscriptionCreateSchema.safeParse({ ...full, path: 'https://example.com/' }).success).toBe(false);
  });
});

describe("a competitor set's conditions (decision 298)", () => {
  const MONITOR = '/salevolume/competitormonitor';

  test("本品组内份额 reads as the page's card: a one-decimal percent, its change on the month before in points", () => {
    expect(conditionText('setShare', 'below', 60)).toBe('本品组内份额不高于 60%');
    expect(conditionText('setShare', 'movedBy', 10)).toBe('组内份额较上月变动超过 ±10个百分点');
    expect(alertValueText('setShare', 33.3)).toBe('33.3%');
    expect(alertChangeText('setShare', -16.7)).toBe('组内份额较上月 -16.7个百分点');
    // No change is a dash, as the card's 较上月 shows it.
    expect(alertChangeText('setShare', 0)).toBe('组内份额较上月 -');
  });

  test("a rival's TP fall reads as a fall: more than N yuan or N percent, no sign", () => {
    expect(conditionText('rivalTpFall', 'movedBy', 5000)).toBe('竞品成交价降幅超过 5000元');
    expect(conditionText('rivalTpFallRate', 'movedBy', 3)).toBe('竞品成交价降幅超过 3%');
    expect(comparisonLabel('rivalTpFall', 'movedBy')).toBe('竞品成交价降幅超过');
    expect(comparisonLabel('setShare', 'movedBy')).toBe('组内份额较上月变动超过');
    expect(comparisonLabel('setShare', 'above')).toBe('不低于');
    expect(alertValueText('rivalTpFall', 6000)).toBe('6,000元');
    expect(alertValueText('rivalTpFallRate', 3.7)).toBe('3.7%');
    expect(alertChangeText('rivalTpFall', 6000)).toBe('竞品成交价降幅 6,000元');
  });

  test('a fall holds when the largest fall is more than N, strictly; no rival fell is a dash and holds nothing', () => {
    expect(conditionHolds('movedBy', 5000, { value: 6000, change: 6000 })).toBe(true);
    expect(conditionHolds('movedBy', 6000, { value: 6000, change: 6000 })).toBe(false);
    expect(conditionHolds('movedBy', 3, { value: 3.7, change: 3.7 })).toBe(true);
    expect(conditionHolds('movedBy', 1, { value: null, change: null })).toBe(false);
    // The share within the set: its value and its change, as 份额's.
    expect(conditionHolds('below', 60, { value: 50, change: null })).toBe(true);
    expect(conditionHolds('movedBy', 10, { value: 33.3, change: -16.7 })).toBe(true);
  });

  test('the notification names the rivals that fell, largest first, with both TPs', () => {
    const falls = [
      { name: '乙电EV', tp: 154_000, previousTp: 160_000, fall: 6000, fallRate: 3.7 },
      { name: '日行SUV', tp: 195_000, previousTp: 198_000, fall: 3000, fallRate: 1.5 },
    ];
    expect(rivalTpFallTexts('德锐对标', 202603, falls)).toEqual({
      figureText: '德锐对标 2026-03 竞品成交价降幅 乙电EV 6,000元（3.7%）、日行SUV 3,000元（1.5%）',
      changeText: '乙电EV 成交价 154,000元（上月 160,000元）；日行SUV 成交价 195,000元（上月 198,000元）',
    });
  });

  test("竞品监控's views offer the set's measures and no other view does; a fall takes 变动超过 alone", () => {
    expect(alertMeasuresOf(MONITOR)).toEqual(['setShare', 'rivalTpFall', 'rivalTpFallRate']);
    expect(alertMeasuresOf('/salevolume/wholemarket')).toEqual(['sales', 'share', 'yoy', 'shareChange', 'tp', 'discountRate']);
    expect(alertComparisonsOf('rivalTpFallRate')).toEqual(['movedBy']);
    expect(alertComparisonsOf('setShare')).toEqual(['above', 'below', 'movedBy']);
  });

  test("a view of 竞品监控 is titled by its set and moves its month; its data is the view's source", () => {
    const search = 'set=7&time=2026-10&source=2';
    expect(subscriptionTitle(MONITOR, search, '德锐对标')).toBe('竞品监控 · 德锐对标 · 零售 · 2026-10');
    expect(viewLinkAt(MONITOR, search, 202611)).toBe(`${MONITOR}?set=7&time=2026-11&source=2`);
    expect(viewSourceOf(MONITOR, 'set=7&source=1')).toBe('wholesale');
  });

  test("the form refuses a fall watched otherwise than 变动超过, a set's measure on another row, and a set watched by another measure", () => {
    const view = { name: '竞品', path: MONITOR, search: 'set=7', kind: 'condition', threshold: 5, rowKind: 'competitorSet', rowId: 7 };
    const refusal = (body: object) => {
      const parsed = alertSubscriptionCreateSchema.safeParse(body);
      return parsed.success ? null : issueMessage(parsed.error, alertSubscriptionCreateSchema);
    };
    expect(refusal({ ...view, measure: 'rivalTpFall', comparison: 'movedBy' })).toBeNull();
    expect(refusal({ ...view, measure: 'setShare', comparison: 'above' })).toBeNull();
    expect(refusal({ ...view, measure: 'rivalTpFall', comparison: 'above' })).toBe(SET_CONDITION_MESSAGES.fallComparison);
    expect(refusal({ ...view, measure: 'rivalTpFallRate', comparison: 'below' })).toBe('竞品成交价降幅的条件只能是「降幅超过 N」（movedBy）');
    expect(refusal({ ...view, measure: 'setShare', comparison: 'above', rowKind: 'brand' })).toBe('本品组内份额、竞品成交价降幅的对象类型应为竞品组');
    expect(refusal({ ...view, measure: 'share', comparison: 'above' })).toBe('竞品组的指标应为本品组内份额或竞品成交价降幅');
  });
});

import {
  alertChangeText,
  alertSubscriptionCreateSchema,
  alertValueText,
  conditionHolds,
  conditionText,
  subscriptionTitle,
  viewLinkAt,
  viewSourceOf,
} from './alerts';

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

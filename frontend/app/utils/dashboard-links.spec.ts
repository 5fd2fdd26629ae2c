import { readAreaNode } from './area-drill';
import { readCompanyBrandState } from './company-brand-query';
import { dashboardRowHref } from './dashboard-links';
import { readPriceTrace } from './price-query';
import { readFilters } from './sale-volume-query';

/** The address split as a page's loader sees it. */
const opened = (href: string) => {
  const url = new URL(href, 'http://x');
  return { path: url.pathname, params: url.searchParams };
};

describe('a dashboard row opens its page at the dashboard’s month and mode (decision 177)', () => {
  const single = { time: '2026-05', accumulate: 0 as const };
  const cumulative = { time: '2026-05', accumulate: 1 as const };

  it('a producer opens its single view of 厂商品牌表现, 累计 as the view’s accumulate', () => {
    const { path, params } = opened(dashboardRowHref('producer', 40, cumulative));
    expect(path).toBe('/salevolume/companybrand');
    expect(readCompanyBrandState(params)).toMatchObject({ type: 0, id: 40, accumulate: 1 });
    expect(readFilters(params).time).toBe('2026-05');
    expect(readCompanyBrandState(opened(dashboardRowHref('producer', 40, single)).params).accumulate).toBe(0);
  });

  it('a brand opens the brand’s single view', () => {
    const { path, params } = opened(dashboardRowHref('brand', 64, single));
    expect(path).toBe('/salevolume/companybrand');
    expect(readCompanyBrandState(params)).toMatchObject({ type: 1, id: 64, accumulate: 0 });
    expect(readFilters(params).time).toBe('2026-05');
  });

  it('a 子车系 opens 车系价格追踪 of it at the month', () => {
    const { path, params } = opened(dashboardRowHref('modelSub', 512, cumulative));
    expect(path).toBe('/price/cabmodelpricetrace');
    expect(readPriceTrace(params)).toMatchObject({ time: '2026-05', modelSubId: 512 });
  });

  it('a city opens 区域市场表现 drilled to that city', () => {
    const { path, params } = opened(dashboardRowHref('city', 440100, single));
    expect(path).toBe('/salevolume/areamarket');
    expect(readAreaNode(params)).toEqual({ id: 440100, level: 3 });
    expect(readFilters(params).time).toBe('2026-05');
  });
});

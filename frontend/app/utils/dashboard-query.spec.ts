import { DASHBOARD_PATH } from '@car/contracts';
import { dashboardDeckHref, dashboardHref, dashboardQuery } from './dashboard-query';

describe('the dashboard URL', () => {
  it('reads defaults for what is missing or malformed', () => {
    expect(dashboardQuery(new URLSearchParams('time=2026-13&accumulate=x&brandType=5&cityPage=9'))).toEqual({
      time: null,
      accumulate: 0,
      newYear: false,
      brandType: 2,
      modelType: 2,
      cityPage: 1,
    });
  });
  it('a new brand type goes back to the first city page; defaults stay out of the link', () => {
    const q = dashboardQuery(new URLSearchParams('time=2026-09&accumulate=1&brandType=1&cityPage=3'));
    expect(dashboardHref(q, { brandType: 0, cityPage: 1 })).toBe(`${DASHBOARD_PATH}?time=2026-09&accumulate=1&brandType=0`);
    expect(dashboardHref(dashboardQuery(new URLSearchParams()), {})).toBe(DASHBOARD_PATH);
  });
  it('1-2月合计 is read and written only with a January or February month', () => {
    expect(dashboardQuery(new URLSearchParams('time=2026-02&newYear=1')).newYear).toBe(true);
    expect(dashboardQuery(new URLSearchParams('time=2026-03&newYear=1')).newYear).toBe(false);
    expect(dashboardQuery(new URLSearchParams('newYear=1')).newYear).toBe(false);
    const q = dashboardQuery(new URLSearchParams('time=2026-01&newYear=1'));
    expect(dashboardHref(q, { brandType: 1 })).toBe(`${DASHBOARD_PATH}?time=2026-01&newYear=1&brandType=1`);
    expect(dashboardHref(q, { time: '2026-03' })).toBe(`${DASHBOARD_PATH}?time=2026-03`);
  });
  it('导出PPT carries the period, both tabs and the city page as the page shows them (decision 220)', () => {
    expect(dashboardDeckHref(dashboardQuery(new URLSearchParams('time=2026-01&newYear=1&brandType=1&cityPage=3')))).toBe(
      '/car/api/dashboard/ppt?accumulate=0&brandType=1&modelType=2&cityPage=3&time=2026-01&newYear=1',
    );
    expect(dashboardDeckHref(dashboardQuery(new URLSearchParams()))).toBe('/car/api/dashboard/ppt?accumulate=0&brandType=2&modelType=2&cityPage=1');
  });
});

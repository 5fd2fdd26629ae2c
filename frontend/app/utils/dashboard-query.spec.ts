import { DASHBOARD_PATH } from '@car/contracts';
import { dashboardHref, dashboardQuery } from './dashboard-query';

describe('the dashboard URL', () => {
  it('reads defaults for what is missing or malformed', () => {
    expect(dashboardQuery(new URLSearchParams('time=2026-13&accumulate=x&brandType=5&cityPage=9'))).toEqual({
      time: null,
      accumulate: 0,
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
});

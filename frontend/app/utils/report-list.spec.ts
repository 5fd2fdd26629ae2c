import { REPORT_MAX_PAGE_SIZE } from '@car/contracts';

import { reportListSize } from './report-list';

const size = (search: string, least = 20) => reportListSize(new URLSearchParams(search), least);

describe('a report list’s size in the address', () => {
  test('the size 点击加载更多 wrote, from the page’s first size up to the API’s largest page', () => {
    expect(size('size=40')).toBe(40);
    expect(size('size=10')).toBe(20);
    expect(size('size=10', 10)).toBe(10);
    expect(size(`size=${REPORT_MAX_PAGE_SIZE + 100}`)).toBe(REPORT_MAX_PAGE_SIZE);
  });

  test('no size, or one that is no whole number, is the first page', () => {
    for (const search of ['', 'size=', 'size=abc', 'size=2.5', 'size=-30', 'size=0']) expect(size(search)).toBe(20);
  });
});

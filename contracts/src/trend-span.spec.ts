import { trendSpan } from './trend-span';

/** The months a sales trend draws, as 'from..to'. */
const span = (end: number, granularity: 0 | 1 | 2, count: number, newYear = false, firstMonth = 201801) => {
  const { from, to } = trendSpan({ end, granularity, count, newYear, firstMonth });
  return `${from}..${to}`;
};

describe('近N年 of the sales trend (decision 270)', () => {
  it('is the latest month and the twelve before it, whatever the month of the year', () => {
    expect(span(202602, 0, 1)).toBe('202502..202602');
    expect(span(202610, 0, 1)).toBe('202510..202610');
    expect(span(202612, 0, 1)).toBe('202512..202612');
  });

  it('近N年 reaches back N years to the same month', () => {
    expect(span(202602, 0, 2)).toBe('202402..202602');
    expect(span(202610, 0, 5)).toBe('202110..202610');
  });

  it('under 1-2月合计 starts with the January and February of the year before, so the first bar is the same period a year earlier', () => {
    expect(span(202602, 0, 1, true)).toBe('202501..202602');
    expect(span(202602, 0, 2, true)).toBe('202401..202602');
  });

  it('by quarter, starts at the quarter a year back, whole: five quarters for 近1年', () => {
    expect(span(202602, 1, 1)).toBe('202501..202602');
    expect(span(202611, 1, 1)).toBe('202510..202611');
    expect(span(202612, 1, 2)).toBe('202410..202612');
  });

  it('never starts before the data does', () => {
    expect(span(202602, 0, 2, false, 202501)).toBe('202501..202602');
    expect(span(202510, 1, 1, false, 202503)).toBe('202503..202510');
  });

  it('all years (0) and the year view start with the first year of the data', () => {
    expect(span(202610, 0, 0, false, 201803)).toBe('201803..202610');
    expect(span(202610, 2, 1, false, 201801)).toBe('201801..202610');
  });
});

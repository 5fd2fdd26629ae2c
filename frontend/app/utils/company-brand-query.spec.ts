import {
  compareModeChanges,
  keptParams,
  makerPageHref,
  makerTypeChanges,
  overviewHref,
  readCompanyBrandState,
  readMakerType,
  resetHref,
} from './company-brand-query';
import { withParams } from './sale-volume-query';

const stateOf = (search: string) => readCompanyBrandState(new URLSearchParams(search));

describe('the producer/brand page state in the URL', () => {
  it('treats type 0 as a producer and any other given value as a brand (spec §2)', () => {
    expect(readMakerType(new URLSearchParams(''))).toBe(0);
    expect(readMakerType(new URLSearchParams('type=0'))).toBe(0);
    expect(readMakerType(new URLSearchParams('type=1'))).toBe(1);
    expect(readMakerType(new URLSearchParams('type=2'))).toBe(1);
    expect(readMakerType(new URLSearchParams('type=abc'))).toBe(1);
  });

  it('opens the overview without an id, and ignores ids that are not positive integers', () => {
    expect(stateOf('').id).toBeNull();
    expect(stateOf('id=40').id).toBe(40);
    expect(stateOf('id=-3').id).toBeNull();
    expect(stateOf('id=x').id).toBeNull();
  });

  it('defaults to the list view, band 1, the current month and the time comparison over one year', () => {
    expect(stateOf('')).toEqual({
      type: 0,
      id: null,
      view: 'list',
      rank: 1,
      listAccumulate: 0,
      page: 1,
      foreignId: null,
      accumulate: 0,
      granularity: 0,
      compareType: 0,
      count: 1,
      foreignIds: [],
      sort: null,
    });
  });

  it("reads the list's order leniently: a figure column and direction, anything else the default", () => {
    expect(stateOf('sort=yoy.asc').sort).toEqual({ column: 'yoy', direction: 'asc' });
    expect(stateOf('sort=name.asc').sort).toBeNull();
    expect(stateOf('sort=yoy.sideways').sort).toBeNull();
  });

  it('keeps rank bands to 1-5 and year counts to 1-10', () => {
    expect(stateOf('rank=5').rank).toBe(5);
    expect(stateOf('rank=6').rank).toBe(1);
    expect(stateOf('count=10').count).toBe(10);
    expect(stateOf('count=0').count).toBe(1);
    expect(stateOf('count=11').count).toBe(1);
  });

  it('reads compared ids only in a comparison mode, at most ten of them', () => {
    expect(stateOf('foreignIds=1,2').foreignIds).toEqual([]);
    expect(stateOf('compareType=1&foreignIds=1,2,2,x').foreignIds).toEqual([1, 2]);
    expect(stateOf('compareType=2&foreignIds=1,2,3,4,5,6,7,8,9,10,11,12').foreignIds).toHaveLength(10);
  });

  it('reads the count of a comparison as the Top select: 0 (none) or 1-5 (spec 000 §9)', () => {
    expect(stateOf('compareType=1').count).toBe(0);
    expect(stateOf('compareType=2&count=5').count).toBe(5);
    expect(stateOf('compareType=1&count=6').count).toBe(0);
    expect(keptParams(stateOf('id=4&compareType=1&count=3')).count).toBe(3);
    expect(keptParams(stateOf('id=4&compareType=1')).count).toBeNull();
  });
});

describe('changing the comparison mode (spec §4)', () => {
  it('drops the year count when comparing with producers or brands', () => {
    expect(compareModeChanges(0, 1)).toEqual({ compareType: 1, count: null, foreignIds: null });
    expect(compareModeChanges(0, 2)).toEqual({ compareType: 2, count: null, foreignIds: null });
  });

  it('drops the compared ids when going back to time, or between producers and brands', () => {
    expect(compareModeChanges(1, 0)).toEqual({ compareType: null, foreignIds: null, count: null });
    expect(compareModeChanges(1, 2)).toEqual({ compareType: 2, count: null, foreignIds: null });
    expect(compareModeChanges(2, 1)).toEqual({ compareType: 1, count: null, foreignIds: null });
  });

  it('changes nothing when the mode stays', () => {
    expect(compareModeChanges(1, 1)).toEqual({});
  });

  it('gives a URL without count and foreignIds after a switch', () => {
    expect(withParams('?id=40&count=3&time=2026-10', compareModeChanges(0, 1))).toBe('?id=40&time=2026-10&compareType=1');
    expect(withParams('?id=40&compareType=1&foreignIds=1,3', compareModeChanges(1, 2))).toBe('?id=40&compareType=2');
  });
});

describe('links of the producer/brand page', () => {
  it("opens a producer's window with the same month, source and fuels only", () => {
    expect(makerPageHref('?time=2026-05&source=1&fuels=4,5&view=chart&page=3&tags=2,5', 0, 40)).toBe(
      '/salevolume/companybrand?id=40&type=0&time=2026-05&source=1&fuels=4%2C5',
    );
    expect(makerPageHref('', 1, 64)).toBe('/salevolume/companybrand?id=64&type=1');
    // The chosen region, province or city (spec 000 §3 companybrandsearchForm area) goes along.
    expect(makerPageHref('?area=440000&level=2', 1, 64)).toBe('/salevolume/companybrand?id=64&type=1&area=440000&level=2');
    expect(overviewHref('?id=64&type=1&area=440100&level=3', 1)).toBe('/salevolume/companybrand?area=440100&level=3&type=1');
  });

  it('leads back from a window to the ranking of its kind', () => {
    expect(overviewHref('?id=64&type=1&time=2026-05&count=3', 1)).toBe('/salevolume/companybrand?time=2026-05&type=1');
    expect(overviewHref('?id=40&type=0', 0)).toBe('/salevolume/companybrand');
  });

  it('resets the filters but keeps what the window is about', () => {
    expect(resetHref(0, null)).toBe('/salevolume/companybrand');
    expect(resetHref(1, null)).toBe('/salevolume/companybrand?type=1');
    expect(resetHref(0, 40)).toBe('/salevolume/companybrand?id=40&type=0');
  });

  it('starts the ranking again at its top when switching between producers and brands', () => {
    expect(withParams('?page=3&rank=2&foreignId=40&time=2026-10', makerTypeChanges(1))).toBe('?time=2026-10&type=1');
    expect(withParams('?type=1&foreignId=64', makerTypeChanges(0))).toBe('?');
  });
});

describe('what the filter form carries over', () => {
  it("keeps a window's chart and table settings", () => {
    expect(keptParams(stateOf('id=40&type=0&compareType=1&foreignIds=1,3&accumulate=1&timeDimensionality=1'))).toEqual({
      type: 0,
      accumulate: 1,
      timeDimensionality: 1,
      compareType: 1,
      count: null,
      foreignIds: '1,3',
    });
    expect(keptParams(stateOf('id=40&count=4'))).toMatchObject({ count: 4, compareType: null, foreignIds: null });
  });

  it("keeps the overview's view and chosen row but not the loaded page (the panel adds the columns)", () => {
    expect(keptParams(stateOf('type=1&view=chart&rank=3&page=4&foreignId=64&listAccumulate=1'))).toEqual({
      type: 1,
      view: 'chart',
      rank: 3,
      listAccumulate: 1,
      foreignId: 64,
      accumulate: null,
    });
  });
});

import { isPickListName, makerParams, pickListHref, seriesParams } from './pick-list-source';

describe('the pick lists the browser asks the page server for', () => {
  it('addresses a list under /picklist with its filters, lists comma-joined and empty values left out', () => {
    expect(pickListHref('producers', { key: '', ...makerParams({ detailId: -1, producerProperties: [1, 2], brandProperties: [] }) })).toBe(
      '/picklist/producers?detailId=-1&producerProperties=1%2C2',
    );
    expect(pickListHref('areas')).toBe('/picklist/areas');
  });

  it('gives the series list its producers and brands, and the maker lists only their own filters', () => {
    const filters = { detailId: 3, producerIds: [7], brandIds: [9, 10], time: '2025-06' };
    expect(seriesParams(filters)).toEqual({ detailId: 3, producerProperties: undefined, brandProperties: undefined, producerIds: [7], brandIds: [9, 10] });
    expect(makerParams(filters)).toEqual({ detailId: 3, producerProperties: undefined, brandProperties: undefined });
  });

  it('knows only the lists of its table', () => {
    expect(isPickListName('brands')).toBe(true);
    expect(isPickListName('configSubSeries')).toBe(true);
    expect(isPickListName('toString')).toBe(false);
    expect(isPickListName('getBrands')).toBe(false);
    expect(isPickListName(undefined)).toBe(false);
  });
});

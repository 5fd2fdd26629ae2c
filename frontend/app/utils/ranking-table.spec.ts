import { DEFAULT_TAGS, type TableRow, WHOLE_MARKET } from '@car/contracts';
import {
  deckTableParams,
  effectiveDimension,
  NO_TAGS,
  pagesByLoadMore,
  rankingSort,
  readTags,
  sortRankingRows,
  tagsParam,
  wholeMarketDimensions,
} from './ranking-table';
import { filterApiParams, onlyTagsChanged, pageSizeOf, readFilters, withParams, withShownMonth } from './sale-volume-query';
import { apiDownloadHref } from './download';

describe('whole-market dimension buttons', () => {
  it('show segment only for the whole market and car series only within a segment', () => {
    expect(wholeMarketDimensions({ detailId: -1, source: 2 })).toEqual([1, 2, 5, 3, 4]);
    expect(wholeMarketDimensions({ detailId: 7, source: 2 })).toEqual([2, 5, 3, 6, 4]);
  });

  it('show area only for retail', () => {
    expect(wholeMarketDimensions({ detailId: -1, source: 1 })).toEqual([1, 2, 5, 3]);
    // A 竞品组 shows 车系 whatever the segment (decision 300).
    expect(wholeMarketDimensions({ detailId: -1, source: 2 }, true)).toEqual([1, 2, 5, 3, 6, 4]);
  });

  it('fall back to family when a segment is chosen and the table showed segments', () => {
    expect(effectiveDimension(1, wholeMarketDimensions({ detailId: 7, source: 2 }))).toBe(2);
  });

  it('fall back to family when the whole market is chosen and the table showed car series', () => {
    expect(effectiveDimension(6, wholeMarketDimensions({ detailId: -1, source: 2 }))).toBe(2);
  });

  it('keep a visible dimension', () => {
    expect(effectiveDimension(5, wholeMarketDimensions({ detailId: -1, source: 2 }))).toBe(5);
  });

  it('load more only for producer, brand and car series', () => {
    expect([1, 2, 3, 4, 5, 6].filter((d) => pagesByLoadMore(d as 1))).toEqual([3, 5, 6]);
  });
});

describe('load more', () => {
  it('grows the page size by ten per page', () => {
    expect([1, 2, 3, 7].map(pageSizeOf)).toEqual([10, 20, 30, 70]);
    expect(pageSizeOf(0)).toBe(10);
  });
});

describe('tag columns', () => {
  it('default to 2, 4, 5, 6, 8, 9, 10, 12, 13, 15', () => {
    expect(readTags(null)).toEqual([2, 4, 5, 6, 8, 9, 10, 12, 13, 15]);
    expect(DEFAULT_TAGS).toEqual([2, 4, 5, 6, 8, 9, 10, 12, 13, 15]);
  });

  it('keep the spec order and drop unknown tags', () => {
    expect(readTags('15,3,99,2')).toEqual([2, 3, 15]);
    expect(readTags('x')).toEqual([...DEFAULT_TAGS]);
  });

  it('keep an emptied choice empty instead of bringing the defaults back', () => {
    expect(tagsParam([])).toBe(NO_TAGS);
    expect(readTags(tagsParam([]))).toEqual([]);
    expect(readTags(tagsParam([5, 2]))).toEqual([2, 5]);
  });
});

describe('filters in the URL', () => {
  it('default to retail, the whole market, all producer properties and every fuel', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({ time: null, source: 2, detailId: -1, producerProperty: -1, fuels: [], newYear: false });
  });

  it('1-2月合计 is on only with a January or February month, and goes to the calls as newYear=1', () => {
    const february = readFilters(new URLSearchParams('time=2026-02&newYear=1'));
    expect(february.newYear).toBe(true);
    expect(filterApiParams(february)).toMatchObject({ time: '2026-02', newYear: 1 });
    expect(readFilters(new URLSearchParams('time=2026-03&newYear=1')).newYear).toBe(false);
    expect(readFilters(new URLSearchParams('newYear=1')).newYear).toBe(false);
    expect(filterApiParams(readFilters(new URLSearchParams('time=2026-01&newYear=0')))).not.toHaveProperty('newYear');
  });

  it('ignore malformed values instead of sending them on', () => {
    expect(readFilters(new URLSearchParams('time=2026-13&source=9&detailId=x&fuels=1,a,6,6'))).toEqual({
      time: null,
      source: 2,
      detailId: -1,
      producerProperty: -1,
      fuels: [1, 6],
      newYear: false,
    });
  });

  it('change one param and keep the rest', () => {
    expect(withParams('time=2026-10&page=3', { page: null, dimension: 5 })).toBe('?time=2026-10&dimension=5');
  });
});

describe('revalidation', () => {
  const at = (search: string) => new URL(`http://x/salevolume/wholemarket${search}`);
  it('skips a change of data columns only', () => {
    expect(onlyTagsChanged(at('?time=2026-10&tags=2,4'), at('?time=2026-10&tags=2,4,5'))).toBe(true);
  });
  it('reloads for any other change', () => {
    expect(onlyTagsChanged(at('?time=2026-10&tags=2'), at('?time=2026-09&tags=2'))).toBe(false);
    expect(onlyTagsChanged(at('?tags=2'), new URL('http://x/salevolume/areamarket?tags=2'))).toBe(false);
  });
});

describe('what a page shows and links', () => {
  const filters = readFilters(new URLSearchParams(''));
  it('shows the URL month, else the answered month, else the latest of the calendar', () => {
    expect(withShownMonth({ ...filters, time: '2025-06' }, '2026-10', ['2026-10']).time).toBe('2025-06');
    expect(withShownMonth(filters, '2026-09', ['2026-10']).time).toBe('2026-09');
    expect(withShownMonth(filters, null, ['2026-10', '2026-09']).time).toBe('2026-10');
    expect(withShownMonth(filters, undefined, null).time).toBeNull();
  });
  it('links a download under /car/api with its params', () => {
    expect(apiDownloadHref(WHOLE_MARKET.download, { type: 3, source: 2, fuels: '4,6' })).toBe(
      '/car/api/saleVolume/wholeMarket/download?type=3&source=2&fuels=4%2C6',
    );
  });
});

describe('a whole ranking table sorted in the page', () => {
  const row = (id: number, name: string, sales: number, groupName: string | null, heji = false, columnMerge = false): TableRow =>
    ({ id, name, sales, yoy: heji ? 1 : sales / 10, groupName, heji, columnMerge, rowMerge: false, rowMergeNum: 0 }) as TableRow;
  const table = [
    { ...row(1, 'B级轿车', 400, '轿车'), rowMerge: true, rowMergeNum: 3 },
    row(2, 'A级轿车', 900, '轿车'),
    row(-1, '轿车小计', 1300, '轿车', true),
    { ...row(3, 'A级SUV', 100, 'SUV'), rowMerge: true, rowMergeNum: 3 },
    row(4, 'B级SUV', 700, 'SUV'),
    row(-2, 'SUV小计', 800, 'SUV', true),
    row(0, '合计', 2100, null, true, true),
  ];

  it('sorts within each category, moves the merged category cell to its new first row, keeps subtotals and the total', () => {
    const sorted = sortRankingRows(table, { column: 'sales', direction: 'desc' });
    expect(sorted.map((r) => r.name)).toEqual(['A级轿车', 'B级轿车', '轿车小计', 'B级SUV', 'A级SUV', 'SUV小计', '合计']);
    expect(sorted.map((r) => [r.rowMerge, r.rowMergeNum])).toEqual([
      [true, 3],
      [false, 0],
      [false, 0],
      [true, 3],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
  });

  it('reads the URL order: a paged table by its figures only, a whole one by its name too', () => {
    expect(rankingSort(new URLSearchParams('sort=name.asc'), true)).toBeNull();
    expect(rankingSort(new URLSearchParams('sort=name.asc'), false)).toEqual({ column: 'name', direction: 'asc' });
    expect(rankingSort(new URLSearchParams('sort=yoy.desc'), true)).toEqual({ column: 'yoy', direction: 'desc' });
  });
});

describe('the 导出PPT link’s table (decision 211)', () => {
  it('carries the columns and the order of the URL as it is, as the deck call reads them', () => {
    expect(deckTableParams('', false)).toEqual({ tags: DEFAULT_TAGS.join(',') });
    expect(deckTableParams('?tags=none&sort=name.desc', false)).toEqual({ tags: NO_TAGS, sort: 'name.desc' });
    // A paged table sorts by its figures only, as the page reads its URL; unknown tags read as the page's.
    expect(deckTableParams('?tags=5,x,2&sort=name.desc', true)).toEqual({ tags: '2,5' });
    const deck = WHOLE_MARKET.ppt.params.safeParse({ type: '0', ...deckTableParams('?tags=5,2&sort=sales.asc', false) });
    expect(deck.success && { tags: deck.data.tags, sort: deck.data.sort }).toEqual({ tags: [2, 5], sort: { column: 'sales', direction: 'asc' } });
  });
});

import request from 'supertest';
import { RANKING_SORT_COLUMNS, type TablePage, type TableRow, type TendencyPage } from '@car/contracts';
import { sharedApp, type SharedApp } from '../support/shared-app';

/**
 * The paged ranking calls' `sort` (decision 171): the order is SQL's, over the whole list before paging, so
 * the second page (and load more's longer first page) continues it; a row without the figure comes last both
 * ways; a column or direction the call does not know is a 400 with a Chinese message.
 */
type Query = Record<string, string>;

/** Whether the figures run in the direction, the missing ones (null) all at the end. */
function inOrder(values: Array<number | null>, direction: 'asc' | 'desc'): boolean {
  const firstNull = values.indexOf(null);
  const known = (firstNull < 0 ? values : values.slice(0, firstNull)) as number[];
  if (firstNull >= 0 && values.slice(firstNull).some((v) => v !== null)) return false;
  return known.every((v, i) => i === 0 || (direction === 'asc' ? known[i - 1] <= v : known[i - 1] >= v));
}

describe('the ranking tables sorted by a column', () => {
  let app: SharedApp;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: `10.79.${process.pid % 250}.1` }));
  });

  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string, query: Query) => request(app.getHttpServer()).get(`/car/api/saleVolume/${path}`).query(query).set('token', token);

  async function result<T>(path: string, query: Query): Promise<T> {
    const response = await get(path, query);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: '成功' });
    return response.body.result as T;
  }

  const page = async (path: string, query: Query): Promise<TableRow[]> => (await result<TablePage>(path, query)).list;

  test('every column orders the whole producer list both ways, the rows without a figure last', async () => {
    for (const column of RANKING_SORT_COLUMNS) {
      for (const direction of ['desc', 'asc'] as const) {
        const rows = await page('wholeMarket/producer', { sort: `${column}.${direction}`, pageSize: '500' });
        expect(rows.length).toBeGreaterThan(20);
        const values = rows.map((r) => r[column]);
        expect({ column, direction, inOrder: inOrder(values, direction) }).toEqual({ column, direction, inOrder: true });
      }
    }
  });

  test('the second page continues the order of the first, as load more does', async () => {
    const query = { sort: 'yoy.asc' };
    const all = await page('wholeMarket/bound', { ...query, pageSize: '500' });
    const first = await page('wholeMarket/bound', { ...query, currentPage: '1', pageSize: '10' });
    const second = await page('wholeMarket/bound', { ...query, currentPage: '2', pageSize: '10' });
    const loadMore = await page('wholeMarket/bound', { ...query, currentPage: '1', pageSize: '20' });
    expect(first.map((r) => r.id)).toEqual(all.slice(0, 10).map((r) => r.id));
    expect(second.map((r) => r.id)).toEqual(all.slice(10, 20).map((r) => r.id));
    expect(loadMore.map((r) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    // Sorted, not the default order by the month's sales.
    const byDefault = await page('wholeMarket/bound', { currentPage: '1', pageSize: '20' });
    expect(loadMore.map((r) => r.id)).not.toEqual(byDefault.map((r) => r.id));
    expect(
      inOrder(
        all.map((r) => r.yoy),
        'asc',
      ),
    ).toBe(true);
  });

  test('the area page and the car series table sort the same way', async () => {
    const area = await page('areaMarket/producer', { area: '440000', level: '2', sort: 'mixChange.desc', pageSize: '500' });
    expect(
      inOrder(
        area.map((r) => r.mixChange),
        'desc',
      ),
    ).toBe(true);
    const series = await page('wholeMarket/modelSub', { detailId: '3', sort: 'salesSum.asc', pageSize: '500' });
    expect(
      inOrder(
        series.map((r) => r.salesSum),
        'asc',
      ),
    ).toBe(true);
  });

  test('the producer/brand list sorts in SQL and keeps each row its place in the ranking', async () => {
    const ranked = await result<TendencyPage>('companyBrand/list', { type: '1', currentPage: '1', pageSize: '500' });
    const sorted = await result<TendencyPage>('companyBrand/list', { type: '1', sort: 'yearYoy.desc', currentPage: '2', pageSize: '10' });
    const all = await result<TendencyPage>('companyBrand/list', { type: '1', sort: 'yearYoy.desc', currentPage: '1', pageSize: '500' });
    expect(sorted.list.map((r) => r.id)).toEqual(all.list.slice(10, 20).map((r) => r.id));
    expect(
      inOrder(
        all.list.map((r) => r.yearYoy),
        'desc',
      ),
    ).toBe(true);
    const place = new Map(ranked.list.map((r) => [r.id, r.ranking]));
    for (const row of sorted.list) expect(row.ranking).toBe(place.get(row.id));
  });

  test('an unknown column or direction is a 400 with a Chinese message naming the choices', async () => {
    for (const sort of ['price.desc', 'sales.up', 'name.asc', 'sales']) {
      const response = await get('wholeMarket/producer', { sort });
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
      expect(response.body.msg).toMatch(/sort.*应为「列\.desc」或「列\.asc」/);
    }
  });

  test('the whole tables take no sort: they sort in the page', async () => {
    const response = await get('wholeMarket/detail', { sort: 'sales.desc' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('不是可用的参数');
  });
});

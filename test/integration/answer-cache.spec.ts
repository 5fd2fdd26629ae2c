import request from 'supertest';
import { ANSWER_CACHE_HEADER, API_PREFIX, ApiCode, type PriceStructureTable } from '@car/contracts';
import { AnswerCache } from '../../backend/src/answers/answer-cache';
import { OPERATIONAL_TABLES, STAGING_TABLE } from '../../backend/src/answers/data-changes';
import { binaryBody, signIn } from '../support/shared-app';
import { priceMarketApp } from '../support/price-structure-api';
import { ANALYST } from '../support/sales-fixture';

/*
 * The answer cache (decision 129) on the hand-made market of sales-fixture.ts and price-fixture.ts:
 * the second call of an analytics page is served from memory with the same answer, until a write to any
 * data table (from any connection) empties it; a caller must still be signed in; errors are never kept;
 * `Cache-Control: no-cache` computes afresh; while the data-change listener is down nothing is served
 * from memory. The figures are price-structure.spec.ts's (14万-20万 by 1万, January to March 2026).
 */

const TABLE = '/price/totalMarket/table';
const BANDS = { priceLow: '14', priceHigh: '20', segment: '1', orderBy: '0', time: '2026-03', averageMonth: '1', tab: '0' };

describe('the answer cache', () => {
  const { address, app, token, db } = priceMarketApp('answers', 91, { ANSWER_CACHE_MB: '8' });

  const call = (path: string, query: Record<string, string>, headers: Record<string, string> = {}) => {
    const r = request(app().getHttpServer()).get(`${API_PREFIX}${path}`).query(query).set('token', token());
    for (const [name, value] of Object.entries(headers)) r.set(name, value);
    return r;
  };
  const state = (response: request.Response) => response.headers[ANSWER_CACHE_HEADER.toLowerCase()];
  const total = (table: PriceStructureTable) => table.rows.find((r) => r.total)?.values[0];

  /** The listener hears a commit a moment after it: wait until the next call is computed again. */
  async function untilRecomputed(path: string, query: Record<string, string>): Promise<request.Response> {
    for (let i = 0; i < 100; i++) {
      const response = await call(path, query);
      if (state(response) === 'miss') return response;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the cache never dropped its answer');
  }

  test('the second call is a hit with the same answer, whatever the order of the parameters', async () => {
    const first = await call(TABLE, BANDS).expect(200);
    expect(state(first)).toBe('miss');
    expect(first.body.code).toBe(ApiCode.Success);
    expect(total(first.body.result)).toBe(2200);
    const reordered = Object.fromEntries(Object.entries(BANDS).reverse());
    const second = await call(TABLE, reordered).expect(200);
    expect(state(second)).toBe('hit');
    expect(second.body).toEqual(first.body);
  });

  test('a download is kept as its bytes and served again with its type and file name', async () => {
    const download = (q: Record<string, string>) => call('/price/totalMarket/download', q).buffer(true).parse(binaryBody);
    const first = await download(BANDS).expect(200);
    const second = await download(BANDS).expect(200);
    expect([state(first), state(second)]).toEqual(['miss', 'hit']);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(second.body as Buffer, first.body as Buffer)).toBe(0);
    expect((first.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  test('a write to a data table from another connection drops every answer; the next one has the new figures', async () => {
    await call(TABLE, BANDS).expect(200);
    expect(state(await call(TABLE, BANDS))).toBe('hit');
    // 50 more of trim 61 in March on each of its rows: the rollups are data tables like the facts.
    const { rowCount } = await db().query(`UPDATE rollup_retail_car_band SET qty = qty + 50, qty_ytd = qty_ytd + 50 WHERE month = 202603 AND car_id = 61`);
    expect(rowCount).toBeGreaterThan(0);
    try {
      const after = await untilRecomputed(TABLE, BANDS);
      expect(total(after.body.result)).toBe(2200 + 50 * (rowCount ?? 0));
    } finally {
      await db().query(`UPDATE rollup_retail_car_band SET qty = qty - 50, qty_ytd = qty_ytd - 50 WHERE month = 202603 AND car_id = 61`);
    }
    expect(total((await untilRecomputed(TABLE, BANDS)).body.result)).toBe(2200);
  });

  test('an uncommitted write drops nothing; its commit does', async () => {
    await call(TABLE, BANDS).expect(200);
    await db().query('BEGIN');
    await db().query(`UPDATE data_month SET month = month WHERE month = 202603`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state(await call(TABLE, BANDS))).toBe('hit');
    await db().query('COMMIT');
    expect(state(await untilRecomputed(TABLE, BANDS))).toBe('miss');
  });

  test('Cache-Control: no-cache computes the answer afresh and keeps nothing', async () => {
    const query = { ...BANDS, tab: '2' };
    const fresh = await call(TABLE, query, { 'cache-control': 'no-cache' }).expect(200);
    expect(state(fresh)).toBe('bypass');
    expect(state(await call(TABLE, query))).toBe('miss');
  });

  test('a bad request is never kept', async () => {
    const bad = { ...BANDS, tab: '9' };
    const first = await call(TABLE, bad);
    expect(first.body.code).toBe(ApiCode.BadRequest);
    const second = await call(TABLE, bad);
    expect([state(first), state(second)]).toEqual(['miss', 'miss']);
  });

  test('a kept answer still needs a valid session: none, or a revoked one, is refused', async () => {
    await call(TABLE, BANDS).expect(200);
    expect(state(await call(TABLE, BANDS))).toBe('hit');
    const anonymous = await request(app().getHttpServer()).get(`${API_PREFIX}${TABLE}`).query(BANDS);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.result).toBeNull();
    const second = await signIn(app(), ANALYST.account, ANALYST.password, address);
    await request(app().getHttpServer()).post(`${API_PREFIX}/security/logout`).set('token', second).expect(200);
    const revoked = await request(app().getHttpServer()).get(`${API_PREFIX}${TABLE}`).query(BANDS).set('token', second);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe(ApiCode.TokenRevoked);
  });

  test('while the listener is down nothing is served from memory, and it comes back by itself', async () => {
    await call(TABLE, BANDS).expect(200);
    expect(state(await call(TABLE, BANDS))).toBe('hit');
    await db().query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'car-app-listen' AND datname = current_database()`);
    const states: string[] = [];
    // Until it has been off and keeps again: the first calls may still hit, before the loss is heard.
    for (let i = 0; i < 250 && !(states.includes('off') && states.at(-1) === 'hit'); i++) {
      states.push(state(await call(TABLE, BANDS)));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Off (perhaps a last hit before the loss was heard), then computed and kept again once it listens.
    expect(states).toContain('off');
    expect(states.slice(states.indexOf('off'))).toEqual(expect.arrayContaining(['miss', 'hit']));
    expect(app().get(AnswerCache).size.answers).toBeGreaterThan(0);
  });

  test('every table either tells the cache of its writes or is one whose writes change no answer', async () => {
    const tables: Array<{ name: string; notifies: boolean }> = (
      await db().query(
        `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgrelid = c.oid AND p.proname = 'notify_data_change') AS notifies
           FROM pg_class c WHERE c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace ORDER BY 1`,
      )
    ).rows;
    const silent = tables
      .filter((t) => !t.notifies)
      .map((t) => t.name)
      .filter((name) => !STAGING_TABLE.test(name));
    expect(silent.sort()).toEqual([...OPERATIONAL_TABLES].sort());
    expect(tables.filter((t) => t.notifies).map((t) => t.name)).toEqual(
      expect.arrayContaining(['car', 'retail_fact', 'price_fact', 'data_month', 'rollup_retail_car_band', 'rollup_price_market']),
    );
  });
});

import request from 'supertest';
import { ADMIN_USERS, API_PREFIX, ApiCode } from '@car/contracts';
import { DATA_CHANGE_CHANNEL } from '../../backend/src/answers/data-changes';
import { ACCESS_CHANGE_CHANNEL, ACCESS_TABLES } from '../../backend/src/security/access-changes';
import { signIn, untilAnswer } from '../support/shared-app';
import { priceMarketApp } from '../support/price-structure-api';
import { ANALYST } from '../support/sales-fixture';
import { createAdmin, createAnalyst } from '../support/users';

const PASSWORD = 'Kept#Access2026';

/*
 * What every call reads before its query, kept per process until PostgreSQL says it changed (decision 234): the
 * session (user and token), the role's pages and the calendar. Each test first changes a row *unheard* (triggers off
 * for that transaction, `session_replication_role = replica`), which shows the value is kept — without the cache the
 * call would see the change at once — then lets the channel be heard and sees the change take effect.
 */

const TABLE = '/price/totalMarket/table';
const BANDS = { priceLow: '14', priceHigh: '20', segment: '1', orderBy: '0', time: '2026-03', averageMonth: '1', tab: '0' };

describe('the session, page grants and calendar kept until a change is heard', () => {
  const { address, app, token, db, databaseUrl } = priceMarketApp('access', 92);

  const call = (path: string, query: Record<string, string>, as = token()) =>
    request(app().getHttpServer()).get(`${API_PREFIX}${path}`).query(query).set('token', as).set('X-Forwarded-For', address);

  /** A write no trigger hears: what the app keeps is not emptied by it. */
  async function unheard(sql: string, params: unknown[] = []): Promise<void> {
    await db().query('BEGIN');
    await db().query(`SET LOCAL session_replication_role = replica`);
    await db().query(sql, params);
    await db().query('COMMIT');
  }

  test('a disabled user is still let in while the change is unheard, and refused once the access channel tells', async () => {
    await call(TABLE, BANDS).expect(200);
    await unheard(`UPDATE app_user SET enabled = false WHERE account = $1`, [ANALYST.account]);
    try {
      const kept = await call(TABLE, BANDS);
      expect(kept.status).toBe(200);
      expect(kept.body.code).toBe(ApiCode.Success);
      await db().query(`SELECT pg_notify($1, 'app_user')`, [ACCESS_CHANGE_CHANNEL]);
      const refused = await untilAnswer(
        () => call(TABLE, BANDS),
        (r) => r.body.code !== ApiCode.Success,
      );
      expect(refused.body.code).toBe(ApiCode.TokenRevoked);
    } finally {
      await db().query(`UPDATE app_user SET enabled = true WHERE account = $1`, [ANALYST.account]);
    }
    // The write just made is heard like any other.
    expect(
      (
        await untilAnswer(
          () => call(TABLE, BANDS),
          (r) => r.body.code === ApiCode.Success,
        )
      ).body.code,
    ).toBe(ApiCode.Success);
  });

  test('a role that lost its page keeps it while the change is unheard, and is refused (403) once it is heard', async () => {
    const grants = (await db().query(`SELECT menu_id FROM role_menu WHERE role_id = $1`, [ANALYST.roleId])).rows.map((r: { menu_id: number }) => r.menu_id);
    await call(TABLE, BANDS).expect(200);
    await unheard(`DELETE FROM role_menu WHERE role_id = $1`, [ANALYST.roleId]);
    try {
      await call(TABLE, BANDS).expect(200);
      await db().query(`SELECT pg_notify($1, 'role_menu')`, [ACCESS_CHANGE_CHANNEL]);
      expect(
        (
          await untilAnswer(
            () => call(TABLE, BANDS),
            (r) => r.status !== 200,
          )
        ).status,
      ).toBe(403);
    } finally {
      await db().query(`INSERT INTO role_menu (role_id, menu_id) SELECT $1, unnest($2::int[])`, [ANALYST.roleId, grants]);
    }
    expect(
      (
        await untilAnswer(
          () => call(TABLE, BANDS),
          (r) => r.status === 200,
        )
      ).status,
    ).toBe(200);
  });

  /** Runs `act` with `table`'s NOTIFY trigger off: a write through the app then reaches only the writing process. */
  async function notifyOff(table: string, act: () => Promise<void>): Promise<void> {
    await db().query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_access_change`);
    try {
      await act();
    } finally {
      await db().query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_access_change`);
    }
  }

  test('a token logged out is refused on its next call to this process at once, without the channel', async () => {
    const second = await signIn(app(), ANALYST.account, ANALYST.password, address);
    await call(TABLE, BANDS, second).expect(200);
    await notifyOff('revoked_token', async () => {
      await request(app().getHttpServer()).post(`${API_PREFIX}/security/logout`).set('token', second).set('X-Forwarded-For', address).expect(200);
      expect((await call(TABLE, BANDS, second)).body.code).toBe(ApiCode.TokenRevoked);
    });
    expect((await call(TABLE, BANDS)).body.code).toBe(ApiCode.Success);
  });

  test('a user an administrator disables through 用户管理 is refused on their next call to this process at once, without the channel', async () => {
    const admin = await signIn(app(), await createAdmin('keptadmin', PASSWORD, '缓存管理员', databaseUrl()), PASSWORD, address);
    const account = await createAnalyst('keptanalyst', PASSWORD, '缓存分析师', databaseUrl());
    const analyst = await signIn(app(), account, PASSWORD, address);
    const { id } = (await db().query(`SELECT id FROM app_user WHERE account = $1`, [account])).rows[0] as { id: number };
    await call(TABLE, BANDS, analyst).expect(200);
    await notifyOff('app_user', async () => {
      await request(app().getHttpServer())
        .post(`${API_PREFIX}/${ADMIN_USERS.disable.path}`)
        .set('token', admin)
        .set('X-Forwarded-For', address)
        .send({ id })
        .expect(200);
      expect((await call(TABLE, BANDS, analyst)).body.code).toBe(ApiCode.TokenRevoked);
    });
  });

  test('the calendar is kept until the data channel tells of a change', async () => {
    const months = (await call('/search/calendar', {}).expect(200)).body.result as string[];
    await unheard(`INSERT INTO data_month (month, has_retail) VALUES (203001, true)`);
    try {
      expect((await call('/search/calendar', {}).expect(200)).body.result).toEqual(months);
      await db().query(`SELECT pg_notify($1, 'data_month')`, [DATA_CHANGE_CHANNEL]);
      const heard = await untilAnswer(
        () => call('/search/calendar', {}),
        (r) => (r.body.result as string[])[0] === '2030-01',
      );
      expect(heard.body.result).toEqual(['2030-01', ...months]);
    } finally {
      await db().query(`DELETE FROM data_month WHERE month = 203001`);
    }
    expect(
      (
        await untilAnswer(
          () => call('/search/calendar', {}),
          (r) => (r.body.result as string[])[0] !== '2030-01',
        )
      ).body.result,
    ).toEqual(months);
  });

  test('every access table tells of its writes on the access channel', async () => {
    const tables = (
      await db().query(
        `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_class c ON c.oid = t.tgrelid
          WHERE p.proname = 'notify_access_change' ORDER BY 1`,
      )
    ).rows.map((r: { name: string }) => r.name);
    expect(tables).toEqual([...ACCESS_TABLES].sort());
  });
});

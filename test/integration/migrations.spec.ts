import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { rollupColumns } from '../../backend/src/analytics/rollup.repository';
import { ROLLUP_TABLES } from '../../backend/src/analytics/rollups';
import { MIGRATIONS, openDataSource } from '../../backend/src/database/data-source';
import { testEnv, withDatabase } from '../support/test-env';

async function tables(ds: DataSource): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`,
  );
  return rows.map((r) => r.table_name);
}

describe('migrations', () => {
  const database = `${new URL(testEnv().databaseUrl).pathname.slice(1)}_migrations`;
  let ds: DataSource;

  beforeAll(async () => {
    const admin = new Client({ connectionString: testEnv().adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database} ENCODING 'UTF8' TEMPLATE template0`);
    await admin.end();
    ds = await openDataSource(withDatabase(testEnv().adminUrl, database), 'car-test-migrations');
  });

  afterAll(() => ds?.destroy());

  test('up creates the data model with its reference data, down removes it all, and up works again', async () => {
    const applied = await ds.runMigrations({ transaction: 'each' });
    expect(applied).toHaveLength(MIGRATIONS.length);
    expect(await tables(ds)).toEqual(
      expect.arrayContaining([
        'area',
        'province',
        'city',
        'segment',
        'family',
        'producer',
        'brand',
        'brand_group',
        'producer_brand',
        'series',
        'sub_series',
        'car',
        'dictionary',
        'retail_fact',
        'wholesale_fact',
        'price_fact',
        'msrp_month',
        'rebate_month',
        'config_category',
        'config_item',
        'config_value',
        'report',
        'app_user',
        'role',
        'menu',
        'role_menu',
        'export_job',
        'alert_subscription',
        'alert_notification',
      ]),
    );
    const [counts] = await ds.query(
      `SELECT (SELECT count(*) FROM area)::int AS areas, (SELECT count(*) FROM province)::int AS provinces,
              (SELECT count(*) FROM city)::int AS cities, (SELECT count(*) FROM role)::int AS roles,
              (SELECT count(DISTINCT type) FROM dictionary)::int AS dictionaries`,
    );
    expect(counts).toEqual({ areas: 7, provinces: 31, cities: expect.any(Number), roles: 2, dictionaries: expect.any(Number) });
    expect(counts.cities).toBeGreaterThanOrEqual(300);
    expect(counts.dictionaries).toBeGreaterThanOrEqual(12);

    for (let i = 0; i < MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables(ds)).toEqual([]);

    await ds.runMigrations({ transaction: 'each' });
    expect((await tables(ds)).length).toBeGreaterThanOrEqual(27);
  });

  test('every rollup declared in rollups.ts has its table, with the columns its declaration writes and no other', async () => {
    const rows: Array<{ table_name: string; column_name: string }> = await ds.query(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name LIKE 'rollup\\_%'`,
    );
    const columns = new Map<string, string[]>();
    for (const r of rows) columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
    for (const table of ROLLUP_TABLES) expect([table.table, columns.get(table.table)?.sort()]).toEqual([table.table, rollupColumns(table).sort()]);
  });
});

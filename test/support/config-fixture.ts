import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { CarConfigRepository } from '../../backend/src/carConfig/car-config.repository';
import { openDataSource } from '../../backend/src/database/data-source';
import { ReadReplicas } from '../../backend/src/database/read-replicas';
import { signedInApp } from './api-app';
import { PRICE_LAYER } from './price-fixture';
import { ANALYST, SALES_LAYER } from './sales-fixture';
import { copyOfFixture, type FixtureLayer } from './template-database';
import { testEnv } from './test-env';

/**
 * A configuration sheet for the trims of sales-fixture.ts, all literals, so the configuration tests work
 * their expected tables out by hand. Three categories; rows with sub-rows two levels deep; trims that
 * differ in known rows.
 *
 * Trims: 61 德锐 2025款 舒适型, 62 德锐 2026款 豪华型 (sub-series 51); 64 乙电EV (53); 65 乙尊 旗舰型,
 * 66 乙尊 标准型 (54; 66 ended 2025-12, so it is 停售 in the latest month 2026-03).
 *
 *   [1] 基本信息  [101] 能源类型       61 汽油  62 汽油  64 纯电动  65 汽油  66 汽油
 *                 [102] 座位数         5 everywhere
 *   [2] 车身      [201] 车长(mm)       61 4,680mm  62 4,680mm  64 4,750mm  65 4,950mm  66 4,950mm
 *   [3] 舒适配置  [301] 座椅加热       61 -  62 ●  64 ●  65 ●  66 ○
 *                   [302] 前排 (2)     61 -  62 ●  64 ●  65 ●  66 -
 *                     [303] 主驾 (3)   61 -  62 ●  64 ●  65 ●  66 -
 *                   [304] 后排 (2)     61 -  62 -  64 -  65 ●  66 -
 *                 [305] 冰箱           - everywhere (66 has no value at all: shown as -)
 *                 [307] 按摩           - everywhere
 *                   [308] 主驾按摩 (2) 61 -  62 -  64 -  65 ●  66 -
 */
export const CONFIG_CATEGORIES = [
  { id: 1, name: '基本信息' },
  { id: 2, name: '车身' },
  { id: 3, name: '舒适配置' },
] as const;

export const CONFIG_ITEMS = [
  { id: 101, categoryId: 1, parentId: null, name: '能源类型', layer: 1 },
  { id: 102, categoryId: 1, parentId: null, name: '座位数', layer: 1 },
  { id: 201, categoryId: 2, parentId: null, name: '车长(mm)', layer: 1 },
  { id: 301, categoryId: 3, parentId: null, name: '座椅加热', layer: 1 },
  { id: 302, categoryId: 3, parentId: 301, name: '前排', layer: 2 },
  { id: 303, categoryId: 3, parentId: 302, name: '主驾', layer: 3 },
  { id: 304, categoryId: 3, parentId: 301, name: '后排', layer: 2 },
  { id: 305, categoryId: 3, parentId: null, name: '冰箱', layer: 1 },
  { id: 307, categoryId: 3, parentId: null, name: '按摩', layer: 1 },
  { id: 308, categoryId: 3, parentId: 307, name: '主驾按摩', layer: 2 },
] as const;

/** Values per item: trims 61, 62, 64, 65, 66 in that order; null = no row stored. */
export const CONFIG_VALUES: Readonly<Record<number, readonly (string | null)[]>> = {
  101: ['汽油', '汽油', '纯电动', '汽油', '汽油'],
  102: ['5', '5', '5', '5', '5'],
  201: ['4,680mm', '4,680mm', '4,750mm', '4,950mm', '4,950mm'],
  301: ['-', '●', '●', '●', '○'],
  302: ['-', '●', '●', '●', '-'],
  303: ['-', '●', '●', '●', '-'],
  304: ['-', '-', '-', '●', '-'],
  305: ['-', '-', '-', '-', null],
  307: ['-', '-', '-', '-', '-'],
  308: ['-', '-', '-', '●', '-'],
};
export const CONFIG_TRIMS = [61, 62, 64, 65, 66] as const;

/**
 * The sheet above and its per-trim sheets, on the market of sales-fixture.ts with the prices of price-fixture.ts
 * (configFixtureApp) or without them (the configuration imports, data-import-config.spec.ts).
 */
export const CONFIG_LAYER: FixtureLayer = {
  name: 'config',
  // CarConfigRepository.rebuildSheets writes the per-trim sheets.
  sources: ['test/support/config-fixture.ts', 'backend/src/carConfig'],
  fill: addConfigFixture,
};

/** Writes the sheet above into a copy of the fixture below it, then its per-trim sheets. */
async function addConfigFixture(databaseUrl: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    for (const [i, c] of CONFIG_CATEGORIES.entries()) {
      await db.query(`INSERT INTO config_category (id, name, sort) VALUES ($1, $2, $3)`, [c.id, c.name, i + 1]);
    }
    for (const [i, item] of CONFIG_ITEMS.entries()) {
      await db.query(`INSERT INTO config_item (id, category_id, parent_id, name, layer, sort) VALUES ($1, $2, $3, $4, $5, $6)`, [
        item.id,
        item.categoryId,
        item.parentId,
        item.name,
        item.layer,
        i + 1,
      ]);
    }
    for (const [itemId, values] of Object.entries(CONFIG_VALUES)) {
      for (const [i, value] of values.entries()) {
        if (value !== null) await db.query(`INSERT INTO config_value (car_id, item_id, value) VALUES ($1, $2, $3)`, [CONFIG_TRIMS[i], Number(itemId), value]);
      }
    }
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
  // As an import of configuration sheets would: the comparison reads the per-trim sheets (decision 123).
  const ds = await openDataSource(databaseUrl, 'car-test-config');
  try {
    await new CarConfigRepository(ds, ReadReplicas.primaryOnly(ds)).rebuildSheets();
  } finally {
    await ds.destroy();
  }
}

/**
 * One app for a test file over its own copy of the hand-made market with the prices of price-fixture.ts and
 * this sheet, signed in as the fixture's analyst from the file's own address: started in beforeAll, closed in
 * afterAll (the global teardown drops its database). `name` makes the database the file's, `octet` its address.
 */
export function configFixtureApp(name: string, octet: number): { app: () => NestExpressApplication; token: () => string } {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_${name}`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await copyOfFixture(env.adminUrl, database, [SALES_LAYER, PRICE_LAYER, CONFIG_LAYER]);
    ({ app, token } = await signedInApp({ address: `10.${octet}.${process.pid % 250}.1`, databaseUrl, account: ANALYST.account, password: ANALYST.password }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  return { app: () => app, token: () => token };
}

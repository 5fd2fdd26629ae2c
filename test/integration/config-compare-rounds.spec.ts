import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { type ConfigRow, type ConfigTable, UNEQUIPPED } from '@car/contracts';
import { DataSource } from 'typeorm';
import { CarConfigService } from '../../backend/src/carConfig/car-config.service';
import { CATALOGUE_ROWS } from '../../backend/src/carConfig/car-config.rules';
import { signedInApp } from '../support/api-app';
import { testEnv } from '../support/test-env';

/**
 * The five-sub-series comparison on the demo data, read in few statements (decision 183): every trim of
 * five sub-series as columns, each cell what config_value holds for the trim and row (the sheet's source,
 * read here row by row instead of through config_sheet), the 基本信息 rows the catalogue's, the pickers
 * every trim of each sub-series; and the comparison asks PostgreSQL at most seven statements (ten before). Asked
 * again, it reads only the fuels and its figures: the layout, the trims and their sheets are kept until data
 * changes (decision 288), and the answer is the same.
 */
describe('the five-sub-series comparison', () => {
  const env = testEnv();
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let ids: number[];
  let codes: string[];

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.183' }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    // Five sub-series with the most trims, and every trim of theirs in the order of their ids.
    ids = (await db.query<{ id: number }>(`SELECT sub_series_id AS id FROM car GROUP BY sub_series_id ORDER BY count(*) DESC, sub_series_id LIMIT 5`)).rows.map(
      (r) => r.id,
    );
    codes = (await db.query<{ code: string }>(`SELECT jll_code AS code FROM car WHERE sub_series_id = ANY($1) ORDER BY sub_series_id, id`, [ids])).rows.map(
      (r) => r.code,
    );
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  async function compare(query: Record<string, string>): Promise<ConfigTable> {
    const response = await request(app.getHttpServer()).get('/car/api/carConfig/get').query(query).set('token', token);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: 1 });
    return response.body.result as ConfigTable;
  }

  test('every trim of five sub-series: each cell is config_value’s, the 基本信息 rows the catalogue’s', async () => {
    const table = await compare({ ids: ids.join(','), carJllCodes: codes.join(',') });
    expect(table.columns.map((c) => c.carJllCode)).toEqual(codes);
    expect(codes.length).toBeGreaterThan(100);

    // The pickers list every trim of each sub-series once, on sale or not.
    expect(table.cars.map((c) => c.id)).toEqual(ids);
    const picked = table.cars.flatMap((c) => [...c.zaishouList, ...c.tingshouList].map((t) => t.carJllCode));
    expect([...picked].sort()).toEqual([...codes].sort());

    const trims = (
      await db.query<{ id: number; code: string; producer: string; brand: string; subseries: string; name: string }>(
        `SELECT c.id, c.jll_code AS code, p.name AS producer, b.name AS brand, s.name AS subseries, c.name
         FROM car c JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id JOIN sub_series s ON s.id = c.sub_series_id
         WHERE c.jll_code = ANY($1)`,
        [codes],
      )
    ).rows;
    const byCode = new Map(trims.map((t) => [t.code, t]));
    const cells = (
      await db.query<{ car_id: number; item_id: number; value: string }>(`SELECT car_id, item_id, value FROM config_value WHERE car_id = ANY($1)`, [
        trims.map((t) => t.id),
      ])
    ).rows;
    const value = new Map(cells.map((c) => [`${c.car_id}:${c.item_id}`, c.value]));

    let checked = 0;
    const walk = (rows: readonly ConfigRow[], basic: boolean): void => {
      for (const row of rows) {
        const fromCatalogue = basic && row.layer === 1 && CATALOGUE_ROWS[row.desc] !== undefined;
        if (!fromCatalogue) {
          expect({ row: row.desc, values: row.values }).toEqual({
            row: row.desc,
            values: codes.map((code) => value.get(`${byCode.get(code)!.id}:${row.id}`) ?? UNEQUIPPED),
          });
          checked += row.values.length;
        }
        walk(row.data, basic);
      }
    };
    for (const block of table.items) walk(block.data, block.desc === '基本信息');
    expect(checked).toBeGreaterThan(codes.length * 100);

    const basic = table.items.find((b) => b.desc === '基本信息')!;
    expect(basic.data.find((r) => r.desc === '厂商')?.values).toEqual(codes.map((code) => byCode.get(code)!.producer));
    expect(basic.data.find((r) => r.desc === '车型名称')?.values).toEqual(codes.map((code) => `${byCode.get(code)!.subseries} ${byCode.get(code)!.name}`));
  });

  test('the comparison asks at most seven statements, with its trims named or on a first load', async () => {
    const ds = app.get(DataSource);
    const service = app.get(CarConfigService);
    const spy = jest.spyOn(ds, 'query');
    try {
      for (const query of [{ ids, carJllCodes: codes }, { ids }]) {
        spy.mockClear();
        const { table } = await service.compare(query);
        expect(table.columns.length).toBeGreaterThan(0);
        // latest month, layout, fuels (and a link's sheets), then the trims, then the sheets and the two verdicts.
        expect(spy.mock.calls.length).toBeLessThanOrEqual(7);
      }
    } finally {
      spy.mockRestore();
    }
  });

  test('asked again, the comparison reads only the fuels and its two figures, and answers the same', async () => {
    const ds = app.get(DataSource);
    const service = app.get(CarConfigService);
    const spy = jest.spyOn(ds, 'query');
    try {
      for (const query of [{ ids, carJllCodes: codes }, { ids }]) {
        const first = (await service.compare(query)).table;
        spy.mockClear();
        const again = (await service.compare(query)).table;
        expect(again).toEqual(first);
        const statements = spy.mock.calls.map(([sql]) => String(sql).replace(/\s+/g, ' ').slice(0, 60));
        // The fuels' dictionary, then the columns' retail volume and TP from the query layer.
        expect(statements).toHaveLength(3);
      }
    } finally {
      spy.mockRestore();
    }
  });
});

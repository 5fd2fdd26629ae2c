import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The price trace asks one sub-series' prices per region and province over twelve months; the province
 * price rollup is keyed by month first, so that question read every row of those months (about 480,000
 * at the large scale, 1 s). An index by sub-series and month reads only the series' own rows.
 */
export class PriceTraceIndex1763700000012 implements MigrationInterface {
  name = 'PriceTraceIndex1763700000012';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS rollup_price_province_sub_series ON rollup_price_province (sub_series_id, month)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS rollup_price_province_sub_series`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * rollup_retail_car_band: the retail volume of each trim-month beside the trim's national weighted TP and
 * MSRP of that month, each rounded down to whole thousands of yuan (`tp_floor`, `msrp_floor`), with the
 * product attributes the price-band page filters and groups by, and year-to-date sums per trim and
 * price pair (`qty_ytd`). Every band bound the API accepts is a whole number of thousands of yuan, so
 * the rounded prices fall in the same bands as the exact ones, and a band question — January to date
 * included — reads the rows of its month and the same month a year earlier, with no join
 * (docs/query-layer.md "Price bands"; decision 87). The app fills it at its next start (an empty
 * rollup beside facts is rebuilt at boot).
 *
 * And an index of rollup_price_car by sub-series and month: the sales-proportion page prices a few
 * series' trims, January to date over twenty months (about 40,000 rows at the large scale by month).
 */
export class SalesBandRollup1763700000019 implements MigrationInterface {
  name = 'SalesBandRollup1763700000019';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rollup_retail_car_band (
        month integer NOT NULL, car_id integer NOT NULL, tp_floor integer NOT NULL, msrp_floor integer NOT NULL,
        sub_series_id integer NOT NULL, series_id integer NOT NULL, producer_brand_id integer NOT NULL,
        producer_id integer NOT NULL, brand_id integer NOT NULL, segment_id smallint NOT NULL, family_id smallint NOT NULL,
        producer_property smallint NOT NULL, brand_property smallint NOT NULL, jll_type smallint NOT NULL, fuel smallint NOT NULL,
        body_type smallint NOT NULL, qty bigint NOT NULL, qty_ytd bigint NOT NULL,
        PRIMARY KEY (month, car_id, tp_floor, msrp_floor));
      CREATE INDEX IF NOT EXISTS rollup_price_car_sub_series ON rollup_price_car (sub_series_id, month);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS rollup_price_car_sub_series; DROP TABLE rollup_retail_car_band`);
  }
}

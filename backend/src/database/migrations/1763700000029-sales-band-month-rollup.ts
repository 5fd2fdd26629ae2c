import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * rollup_retail_car_band_month: the sales band rollup's rows of the months a trim sold at a price pair,
 * without the rows rollup_retail_car_band carries through the rest of the year for its year-to-date sums
 * (volume 0; about two thirds of twelve months at the large scale). A band question that reads no
 * January-to-date sum — the structure pages' twelve months, a single month — reads it instead (decision
 * 127). Filled here from the year-to-date table's rows with sales, which are exactly its monthly
 * rows; an empty database leaves it empty for the seed or an import (an empty rollup beside facts is
 * rebuilt at boot).
 */
export class SalesBandMonthRollup1763700000029 implements MigrationInterface {
  name = 'SalesBandMonthRollup1763700000029';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rollup_retail_car_band_month (
        month integer NOT NULL, car_id integer NOT NULL, tp_floor integer NOT NULL, msrp_floor integer NOT NULL,
        sub_series_id integer NOT NULL, series_id integer NOT NULL, producer_brand_id integer NOT NULL,
        producer_id integer NOT NULL, brand_id integer NOT NULL, segment_id smallint NOT NULL, family_id smallint NOT NULL,
        producer_property smallint NOT NULL, brand_property smallint NOT NULL, jll_type smallint NOT NULL, fuel smallint NOT NULL,
        body_type smallint NOT NULL, qty bigint NOT NULL,
        PRIMARY KEY (month, car_id, tp_floor, msrp_floor))`);
    const columns = `month, car_id, tp_floor, msrp_floor, sub_series_id, series_id, producer_brand_id, producer_id, brand_id,
      segment_id, family_id, producer_property, brand_property, jll_type, fuel, body_type, qty`;
    await q.query(`INSERT INTO rollup_retail_car_band_month (${columns})
      SELECT ${columns} FROM rollup_retail_car_band WHERE qty <> 0 ORDER BY month, car_id, tp_floor, msrp_floor`);
    await q.query('ANALYZE rollup_retail_car_band_month');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rollup_retail_car_band_month');
  }
}

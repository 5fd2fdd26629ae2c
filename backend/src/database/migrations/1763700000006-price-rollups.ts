import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups of the transaction-price facts for the query layer's price measures (analytics/measures.ts):
 *   rollup_price_car       month × trim              (national prices, price bands)
 *   rollup_price_province  month × province × trim   (a region's or province's prices)
 * Each row keeps the priced volume `qty` (the retail volume the TPs were weighted over), the amounts
 * Σ TP × qty and Σ MSRP × qty, the rebate amount and the volume whose rebate is known, the trim-month's
 * MSRP, and the lowest and highest city TP. Weighted prices are ratios of these sums at any grain.
 * The app fills them at its next start (an empty rollup beside facts is rebuilt at boot).
 */
const ATTRIBUTES = `sub_series_id integer NOT NULL, series_id integer NOT NULL, producer_brand_id integer NOT NULL,
  producer_id integer NOT NULL, brand_id integer NOT NULL, segment_id smallint NOT NULL, family_id smallint NOT NULL,
  producer_property smallint NOT NULL, brand_property smallint NOT NULL, jll_type smallint NOT NULL, fuel smallint NOT NULL,
  body_type smallint NOT NULL`;
const PRICES = `qty bigint NOT NULL, tp_amount bigint NOT NULL, msrp integer NOT NULL, msrp_amount bigint NOT NULL,
  rebate_amount bigint NOT NULL, rebate_qty bigint NOT NULL, tp_min integer NOT NULL, tp_max integer NOT NULL`;

export class PriceRollups1763700000006 implements MigrationInterface {
  name = 'PriceRollups1763700000006';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rollup_price_car (month integer NOT NULL, car_id integer NOT NULL, ${ATTRIBUTES}, ${PRICES}, PRIMARY KEY (month, car_id));
      CREATE TABLE rollup_price_province (
        month integer NOT NULL, area_id smallint NOT NULL, province_id integer NOT NULL, car_id integer NOT NULL, ${ATTRIBUTES}, ${PRICES},
        PRIMARY KEY (month, area_id, province_id, car_id));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rollup_price_province, rollup_price_car`);
  }
}

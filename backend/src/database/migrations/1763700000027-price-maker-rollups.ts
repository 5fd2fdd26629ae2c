import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Three price rollups at the grain the market price calls ask (decision 122):
 *
 * - rollup_price_market: month × segment × fuel × producer property × brand type, nationally (~135 rows
 *   a month at the large scale against ~2,000 of the trim price rollup): the cards, the trend chart, the
 *   segment table and every market figure without product detail;
 * - rollup_price_maker: month × producer-brand × segment × fuel with the producer, brand, family, producer
 *   and brand properties and brand type (~550 rows a month): the producer and brand tables nationally;
 * - rollup_price_province_maker: the same per province, the region first in its key (~12,000 rows a month
 *   against ~40,000 of the province trim rollup): a region's producer and brand tables.
 *
 * Each holds the price rollups' sums (volume, Σ TP × qty, Σ MSRP × qty, rebates, lowest and highest TP).
 * Filled here from the trim and province price rollups (the SQL RollupRepository writes for them, frozen
 * as of this migration), so a database that has prices gains them in one pass instead of finding empty
 * rollups at boot and rebuilding every rollup; an empty database leaves them empty for the seed or an import.
 */
const SUMS = `sum(qty) AS qty, sum(tp_amount) AS tp_amount, max(msrp) AS msrp, sum(msrp_amount) AS msrp_amount,
  sum(rebate_amount) AS rebate_amount, sum(rebate_qty) AS rebate_qty, min(tp_min) AS tp_min, max(tp_max) AS tp_max`;
const VALUES = 'qty, tp_amount, msrp, msrp_amount, rebate_amount, rebate_qty, tp_min, tp_max';
const VALUE_COLUMNS = `qty bigint NOT NULL, tp_amount bigint NOT NULL, msrp integer NOT NULL, msrp_amount bigint NOT NULL,
  rebate_amount bigint NOT NULL, rebate_qty bigint NOT NULL, tp_min integer NOT NULL, tp_max integer NOT NULL`;
const MAKER = 'producer_brand_id, segment_id, fuel, producer_id, brand_id, family_id, producer_property, brand_property, jll_type';
const MAKER_COLUMNS = `producer_brand_id integer NOT NULL, segment_id smallint NOT NULL, fuel smallint NOT NULL,
  producer_id integer NOT NULL, brand_id integer NOT NULL, family_id smallint NOT NULL,
  producer_property smallint NOT NULL, brand_property smallint NOT NULL, jll_type smallint NOT NULL`;

export class PriceMakerRollups1763700000027 implements MigrationInterface {
  name = 'PriceMakerRollups1763700000027';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE rollup_price_market (
      month integer NOT NULL, segment_id smallint NOT NULL, fuel smallint NOT NULL, producer_property smallint NOT NULL, jll_type smallint NOT NULL,
      ${VALUE_COLUMNS}, PRIMARY KEY (month, segment_id, fuel, producer_property, jll_type))`);
    await q.query(`CREATE TABLE rollup_price_maker (month integer NOT NULL, ${MAKER_COLUMNS}, ${VALUE_COLUMNS},
      PRIMARY KEY (month, producer_brand_id, segment_id, fuel))`);
    await q.query(`CREATE TABLE rollup_price_province_maker (month integer NOT NULL, area_id smallint NOT NULL, province_id integer NOT NULL,
      ${MAKER_COLUMNS}, ${VALUE_COLUMNS}, PRIMARY KEY (month, area_id, province_id, producer_brand_id, segment_id, fuel))`);
    await q.query(
      `INSERT INTO rollup_price_market (month, segment_id, fuel, producer_property, jll_type, ${VALUES})
       SELECT month, segment_id, fuel, producer_property, jll_type, ${SUMS}
       FROM rollup_price_car GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    );
    await q.query(
      `INSERT INTO rollup_price_maker (month, ${MAKER}, ${VALUES})
       SELECT month, ${MAKER}, ${SUMS}
       FROM rollup_price_car GROUP BY month, ${MAKER} ORDER BY month, ${MAKER}`,
    );
    await q.query(
      `INSERT INTO rollup_price_province_maker (month, province_id, ${MAKER}, area_id, ${VALUES})
       SELECT k.month, k.province_id, ${MAKER.split(', ')
         .map((c) => `k.${c}`)
         .join(', ')}, pr.area_id, ${VALUES.split(', ')
         .map((c) => `k.${c}`)
         .join(', ')}
       FROM (SELECT month, province_id, ${MAKER}, ${SUMS} FROM rollup_price_province GROUP BY month, province_id, ${MAKER}) k
       JOIN province pr ON pr.id = k.province_id
       ORDER BY k.month, k.province_id, k.producer_brand_id, k.segment_id, k.fuel`,
    );
    for (const table of ['rollup_price_market', 'rollup_price_maker', 'rollup_price_province_maker']) await q.query(`ANALYZE ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rollup_price_province_maker`);
    await q.query(`DROP TABLE rollup_price_maker`);
    await q.query(`DROP TABLE rollup_price_market`);
  }
}

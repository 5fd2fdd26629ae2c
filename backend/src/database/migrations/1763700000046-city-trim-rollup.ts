import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A city's trims of a month as one range (issue 48, decision 294). The sales-proportion page in a city ranks its
 * segment's trims there, and the price bands by a city's TP and the price trace in a city read that city's prices;
 * the facts' keys lead with the month and the trim, so each such question read every fact of its months (456,000
 * retail rows a month at the large scale) to keep one city's.
 *
 * - rollup_retail_city_car: month × city × trim of the retail volume, with the attributes the query layer filters
 *   by (as rollup_retail_city has), keyed by month, city and trim. rollup_retail_city is now summed from it.
 * - price_fact_city: the price facts by month, city and trim, carrying the TP and volume, so a city's prices are
 *   read from the index alone.
 * - rollup_retail_city_market_city and rollup_retail_province_city: those rollups by city (province) and month. Their
 *   keys lead with the month, the region and the province, so a city's (a province's) trend over 37 months read every
 *   city's (province's) rows of each month.
 *
 * The rollup is filled here from the facts (the SQL RollupRepository writes for it, frozen as of this migration), so
 * a database that already has data gains it in one pass. An empty database leaves it empty; the seed or an import
 * builds it with the rest.
 */
export class CityTrimRollup1763700000046 implements MigrationInterface {
  name = 'CityTrimRollup1763700000046';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS price_fact_city ON price_fact (month, city_id, car_id) INCLUDE (tp, qty)`);
    await q.query(`CREATE INDEX IF NOT EXISTS rollup_retail_city_market_city ON rollup_retail_city_market (city_id, month)`);
    await q.query(`CREATE INDEX IF NOT EXISTS rollup_retail_province_province ON rollup_retail_province (province_id, month)`);
    await q.query(`CREATE TABLE rollup_retail_city_car (
      month integer NOT NULL, city_id integer NOT NULL, car_id integer NOT NULL,
      province_id integer NOT NULL, area_id smallint NOT NULL, tier smallint NOT NULL,
      sub_series_id integer NOT NULL, series_id integer NOT NULL, producer_brand_id integer NOT NULL, producer_id integer NOT NULL,
      brand_id integer NOT NULL, segment_id smallint NOT NULL, family_id smallint NOT NULL, producer_property smallint NOT NULL,
      brand_property smallint NOT NULL, jll_type smallint NOT NULL, fuel smallint NOT NULL, body_type smallint NOT NULL,
      qty bigint NOT NULL,
      PRIMARY KEY (month, city_id, car_id))`);
    await q.query(`CREATE TRIGGER rollup_retail_city_car_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON rollup_retail_city_car
      FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()`);
    await q.query(
      `INSERT INTO rollup_retail_city_car (month, city_id, car_id, province_id, area_id, tier, sub_series_id, series_id, producer_brand_id,
         producer_id, brand_id, segment_id, family_id, producer_property, brand_property, jll_type, fuel, body_type, qty)
       SELECT k.month, k.city_id, k.car_id, ci.province_id, pr.area_id, ci.tier, c.sub_series_id, c.series_id, c.producer_brand_id,
         c.producer_id, c.brand_id, c.segment_id, b.family_id, p.property, b.property, b.jll_type, s.fuel, s.body_type, k.qty
       FROM (SELECT month, city_id, car_id, sum(qty) AS qty FROM retail_fact GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) k
       JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id
       JOIN car c ON c.id = k.car_id JOIN sub_series s ON s.id = c.sub_series_id
       JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id`,
    );
    await q.query(`ANALYZE rollup_retail_city_car`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rollup_retail_city_car`);
    await q.query(`DROP INDEX IF EXISTS rollup_retail_province_province`);
    await q.query(`DROP INDEX IF EXISTS rollup_retail_city_market_city`);
    await q.query(`DROP INDEX IF EXISTS price_fact_city`);
  }
}

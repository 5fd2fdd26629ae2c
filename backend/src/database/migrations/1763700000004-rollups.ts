import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pre-aggregated rollups of the facts, rebuilt per month by RollupRepository (at seed time and when
 * a month's facts change). Each carries the attributes the sales-volume calls filter and group on, so
 * most questions need no join to the trim table. The query layer picks the smallest that answers.
 *   rollup_retail_car       month × trim                       (no geography)
 *   rollup_retail_province  month × province × sub-series      (regions and provinces)
 *   rollup_retail_city      month × city × sub-series          (cities and tiers)
 *   rollup_wholesale_car    month × trim                       (data source 1)
 */
const ATTRIBUTES = `
  sub_series_id integer NOT NULL,
  series_id integer NOT NULL,
  producer_brand_id integer NOT NULL,
  producer_id integer NOT NULL,
  brand_id integer NOT NULL,
  segment_id smallint NOT NULL,
  family_id smallint NOT NULL,
  producer_property smallint NOT NULL,
  brand_property smallint NOT NULL,
  jll_type smallint NOT NULL,
  fuel smallint NOT NULL,
  body_type smallint NOT NULL,
  qty bigint NOT NULL`;

export class Rollups1763700000004 implements MigrationInterface {
  name = 'Rollups1763700000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rollup_retail_car (month integer NOT NULL, car_id integer NOT NULL, ${ATTRIBUTES}, PRIMARY KEY (month, car_id));
      CREATE TABLE rollup_wholesale_car (month integer NOT NULL, car_id integer NOT NULL, ${ATTRIBUTES}, PRIMARY KEY (month, car_id));
      CREATE TABLE rollup_retail_province (
        month integer NOT NULL, province_id integer NOT NULL, area_id smallint NOT NULL, ${ATTRIBUTES},
        PRIMARY KEY (month, province_id, sub_series_id));
      CREATE TABLE rollup_retail_city (
        month integer NOT NULL, city_id integer NOT NULL, province_id integer NOT NULL, area_id smallint NOT NULL,
        tier smallint NOT NULL, ${ATTRIBUTES},
        PRIMARY KEY (month, city_id, sub_series_id));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rollup_retail_city, rollup_retail_province, rollup_wholesale_car, rollup_retail_car`);
  }
}

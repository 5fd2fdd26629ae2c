import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The city × trim rollup keyed by month, city, segment and trim (issue 48, decision 295). The sales-proportion page in
 * a city ranks one segment's trims there: with the segment after the city in the key, those trims are one range of each
 * month instead of every trim of the city filtered (13,600 of 51,000 index entries for a city's 累计 at the large
 * scale). A trim has one segment, so the rows and what the key keeps unique are the same.
 */
export class CityTrimSegmentKey1763700000047 implements MigrationInterface {
  name = 'CityTrimSegmentKey1763700000047';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rollup_retail_city_car DROP CONSTRAINT rollup_retail_city_car_pkey`);
    await q.query(`ALTER TABLE rollup_retail_city_car ADD CONSTRAINT rollup_retail_city_car_pkey PRIMARY KEY (month, city_id, segment_id, car_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rollup_retail_city_car DROP CONSTRAINT rollup_retail_city_car_pkey`);
    await q.query(`ALTER TABLE rollup_retail_city_car ADD CONSTRAINT rollup_retail_city_car_pkey PRIMARY KEY (month, city_id, car_id)`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Year-to-date sums in the city × trim rollup (issue 48, decision 295). The sales-proportion page in a city with
 * 累计 summed up to 24 months of the city's trims; with `qty_ytd` (January to the row's month, a row for every month
 * after a key's first sale of the year, as the other year-to-date rollups keep) it reads two.
 *
 * The rollup is emptied here and gains the column: the app rebuilds an empty rollup beside facts at boot
 * (prepareDatabase), as migration 005 did for the trim and province rollups. rollup_retail_city, summed from it,
 * keeps its rows.
 */
export class CityTrimYearToDate1763700000047 implements MigrationInterface {
  name = 'CityTrimYearToDate1763700000047';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE rollup_retail_city_car`);
    await q.query(`ALTER TABLE rollup_retail_city_car ADD COLUMN qty_ytd bigint NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE rollup_retail_city_car`);
    await q.query(`ALTER TABLE rollup_retail_city_car DROP COLUMN qty_ytd`);
  }
}

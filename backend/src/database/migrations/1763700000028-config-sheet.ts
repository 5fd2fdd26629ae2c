import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each trim's configuration sheet as one JSON object ({"item id": value}), derived from config_value,
 * which stays the sheet's source of truth (decision 123): a comparison of five sub-series reads
 * 200 rows instead of 72,600. Filled here for a database that already holds sheets; whoever writes
 * config_value rebuilds it afterwards (CarConfigRepository.rebuildSheets).
 */
export class ConfigSheet1763700000028 implements MigrationInterface {
  name = 'ConfigSheet1763700000028';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE config_sheet (
      car_id integer PRIMARY KEY REFERENCES car(id) ON DELETE CASCADE,
      sheet json NOT NULL
    )`);
    await q.query(`INSERT INTO config_sheet (car_id, sheet)
      SELECT car_id, json_object_agg(item_id, value ORDER BY item_id) FROM config_value GROUP BY car_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE config_sheet`);
  }
}

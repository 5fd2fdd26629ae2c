import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every write to a table an analytics answer is read from tells the API processes, at commit (decision
 * 129): a statement trigger on each such table sends `pg_notify('car_data_change', <table>)`, which
 * PostgreSQL delivers to every listening connection only when the writing transaction commits (and folds
 * repeats within one transaction into one). The API's answer cache (`answers/`) drops its answers on each.
 * The tables: the reference catalog, the calendar and dictionaries, the facts, the configuration sheets,
 * the producers' reports (the pick-lists offer the producers that have one), and every rollup (`rollup_%`, whatever earlier migrations made). The accounts, sessions, audit trail,
 * menus and job records change no answer and have no trigger; `data-changes.spec.ts` holds every table to
 * one side or the other, so a later table cannot be forgotten.
 */
const DATA_TABLES = [
  'area',
  'province',
  'city',
  'segment',
  'family',
  'brand_group',
  'brand',
  'producer',
  'producer_brand',
  'series',
  'sub_series',
  'car',
  'dictionary',
  'data_month',
  'retail_fact',
  'wholesale_fact',
  'price_fact',
  'msrp_month',
  'rebate_month',
  'config_category',
  'config_item',
  'config_sheet',
  'config_value',
  'report',
];

export class DataChangeNotify1763700000030 implements MigrationInterface {
  name = 'DataChangeNotify1763700000030';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('car_data_change', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    const rollups = (await q.query(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'rollup\\_%' ORDER BY 1`,
    )) as Array<{ name: string }>;
    for (const table of [...DATA_TABLES, ...rollups.map((r) => r.name)]) {
      await q.query(
        `CREATE TRIGGER ${table}_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION notify_data_change() CASCADE`);
  }
}

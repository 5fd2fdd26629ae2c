import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each month of each data source was published (issue 30 §4, decision 200): the import's publish step
 * and the demo load set it; the pages and workbooks show it beside 数据截至. A month published before this
 * migration is dated by the last finished import of that kind that wrote it, else by the migration itself
 * (a demo load, whose months became visible then or earlier).
 */
export class DataMonthPublished1763700000040 implements MigrationInterface {
  name = 'DataMonthPublished1763700000040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE data_month
        ADD COLUMN retail_published_at timestamptz,
        ADD COLUMN wholesale_published_at timestamptz,
        ADD COLUMN price_published_at timestamptz,
        ADD COLUMN rebate_published_at timestamptz
    `);
    for (const source of ['retail', 'wholesale', 'price', 'rebate']) {
      await q.query(
        `UPDATE data_month d SET ${source}_published_at = coalesce(
           (SELECT max(i.finished_at) FROM data_import i WHERE i.kind = $1 AND i.state = 'done' AND d.month = ANY(i.months)),
           now())
         WHERE d.has_${source}`,
        [source],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE data_month
        DROP COLUMN retail_published_at,
        DROP COLUMN wholesale_published_at,
        DROP COLUMN price_published_at,
        DROP COLUMN rebate_published_at
    `);
  }
}

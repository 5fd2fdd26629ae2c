import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A report of one user (issue 49 §3, decision 299): a competitor set's monthly deck is listed, downloaded and counted
 * for the set's owner only. `owner_id` null is everyone's report (decision 101); a deck names its set, one deck a set
 * and month, and goes with the set (and with its owner). The answer cache hears of writes to everyone's reports alone:
 * the producer pick-list of 报告下载 reads those, and a deck written when a set is saved must not empty the cache.
 */
export class PrivateReports1763700000051 implements MigrationInterface {
  name = 'PrivateReports1763700000051';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE report
        ADD COLUMN owner_id integer REFERENCES app_user (id) ON DELETE CASCADE,
        ADD COLUMN competitor_set_id integer REFERENCES competitor_set (id) ON DELETE CASCADE,
        ADD CONSTRAINT report_set_deck_has_owner CHECK (competitor_set_id IS NULL OR owner_id IS NOT NULL);
      CREATE INDEX report_owner_idx ON report (owner_id) WHERE owner_id IS NOT NULL;
      CREATE UNIQUE INDEX report_set_month_key ON report (competitor_set_id, month) WHERE competitor_set_id IS NOT NULL;
      DROP TRIGGER report_data_change ON report;
      CREATE TRIGGER report_data_change_insert AFTER INSERT ON report FOR EACH ROW WHEN (NEW.owner_id IS NULL) EXECUTE FUNCTION notify_data_change();
      CREATE TRIGGER report_data_change_update AFTER UPDATE ON report FOR EACH ROW WHEN (OLD.owner_id IS NULL OR NEW.owner_id IS NULL)
        EXECUTE FUNCTION notify_data_change();
      CREATE TRIGGER report_data_change_delete AFTER DELETE ON report FOR EACH ROW WHEN (OLD.owner_id IS NULL) EXECUTE FUNCTION notify_data_change();
      CREATE TRIGGER report_data_change AFTER TRUNCATE ON report FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER report_data_change_insert ON report;
      DROP TRIGGER report_data_change_update ON report;
      DROP TRIGGER report_data_change_delete ON report;
      DROP TRIGGER report_data_change ON report;
      DELETE FROM report WHERE owner_id IS NOT NULL;
      ALTER TABLE report DROP COLUMN competitor_set_id, DROP COLUMN owner_id;
      CREATE TRIGGER report_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON report FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
    `);
  }
}

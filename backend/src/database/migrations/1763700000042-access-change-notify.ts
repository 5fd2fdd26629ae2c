import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every write to a table the session and page checks read tells the API processes, at commit (decision 234): a
 * statement trigger on each sends `pg_notify('car_access_change', <table>)`, and each process drops the sessions
 * and page grants it keeps (`security/access-changes.ts`), so a logout or a disabled user is refused on every
 * instance at once. A list of its own, as migrations are: `access-changes.spec.ts` holds it to `ACCESS_TABLES`.
 */
const ACCESS_TABLES = ['app_user', 'role', 'role_menu', 'menu', 'revoked_token', 'mp_binding'];

export class AccessChangeNotify1763700000042 implements MigrationInterface {
  name = 'AccessChangeNotify1763700000042';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('car_access_change', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of ACCESS_TABLES) {
      await q.query(
        `CREATE TRIGGER ${table}_access_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION notify_access_change() CASCADE`);
  }
}

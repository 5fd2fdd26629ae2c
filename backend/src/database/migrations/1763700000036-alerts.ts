import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 订阅与提醒 (issue 30 §2, decisions 190-193): each user's subscriptions to a view, and the notifications their
 * evaluation after a published month writes.
 * - alert_subscription keeps the view it watches itself (page path, query string, name: decision 190), the
 *   source its months come from and the query layer's filters parsed from the view once, the condition (measure,
 *   comparison, threshold, row) and the latest month of its source it has been evaluated at. `robot_id` names a
 *   group robot (another part of the issue; its key is added where the robots' table is).
 * - alert_notification: one per subscription and month (the unique key makes an evaluation run twice write
 *   nothing twice); the bell counts a user's unread ones through a partial index.
 * Both are operational tables (no answer reads them), so they have no data-change trigger.
 */
export class Alerts1763700000036 implements MigrationInterface {
  name = 'Alerts1763700000036';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE alert_subscription (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        name varchar(60) NOT NULL,
        view_path varchar(200) NOT NULL,
        view_search varchar(2000) NOT NULL DEFAULT '',
        kind varchar(16) NOT NULL CHECK (kind IN ('newMonth', 'condition')),
        source varchar(16) NOT NULL CHECK (source IN ('retail', 'wholesale', 'price')),
        filters jsonb NOT NULL DEFAULT '{}',
        measure varchar(16),
        comparison varchar(16),
        threshold numeric(14, 2),
        row_kind varchar(16),
        row_id integer,
        paused boolean NOT NULL DEFAULT false,
        robot_id integer,
        last_month integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (kind = 'newMonth' OR (measure IS NOT NULL AND comparison IS NOT NULL AND threshold IS NOT NULL AND row_kind IS NOT NULL AND row_id IS NOT NULL))
      );
      CREATE INDEX alert_subscription_user_idx ON alert_subscription (user_id, id);
      CREATE INDEX alert_subscription_due_idx ON alert_subscription (source, last_month) WHERE NOT paused;

      CREATE TABLE alert_notification (
        id bigserial PRIMARY KEY,
        subscription_id integer NOT NULL REFERENCES alert_subscription(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        month integer NOT NULL,
        title varchar(200) NOT NULL,
        figure_text varchar(200) NOT NULL,
        change_text varchar(200) NOT NULL DEFAULT '',
        link varchar(2300) NOT NULL,
        figure numeric(18, 2),
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (subscription_id, month)
      );
      CREATE INDEX alert_notification_user_idx ON alert_notification (user_id, id DESC);
      CREATE INDEX alert_notification_unread_idx ON alert_notification (user_id) WHERE read_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE alert_notification; DROP TABLE alert_subscription;`);
  }
}

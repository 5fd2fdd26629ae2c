import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscription's robot is checked against its owner's team at each delivery (issue 44 §4, decision 261); when
 * the owner has left that team the robot is taken off the subscription and the owner told in the bell. That notice
 * is an `alert_notification` of `kind` 'robotStopped' beside the month's hit ('hit'), so the unique key that makes
 * an evaluation run twice write nothing twice becomes (subscription, month, kind).
 */
export class AlertRobotStoppedNotice1763700000044 implements MigrationInterface {
  name = 'AlertRobotStoppedNotice1763700000044';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE alert_notification ADD COLUMN kind varchar(16) NOT NULL DEFAULT 'hit' CHECK (kind IN ('hit', 'robotStopped'))`);
    await q.query(`ALTER TABLE alert_notification DROP CONSTRAINT alert_notification_subscription_id_month_key`);
    await q.query(`ALTER TABLE alert_notification ADD CONSTRAINT alert_notification_subscription_month_kind_key UNIQUE (subscription_id, month, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM alert_notification WHERE kind <> 'hit'`);
    await q.query(`ALTER TABLE alert_notification DROP CONSTRAINT alert_notification_subscription_month_kind_key`);
    await q.query(`ALTER TABLE alert_notification ADD CONSTRAINT alert_notification_subscription_id_month_key UNIQUE (subscription_id, month)`);
    await q.query(`ALTER TABLE alert_notification DROP COLUMN kind`);
  }
}

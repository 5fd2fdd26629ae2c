import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscription's group robot (decision 203): `alert_subscription.robot_id` names a `robot` (the key the two
 * tables, built apart, did not have; a robot deleted leaves its subscriptions without one), and each
 * `robot_delivery` made for a subscription names it, so the subscription shows its latest send and failure.
 */
export class AlertRobots1763700000041 implements MigrationInterface {
  name = 'AlertRobots1763700000041';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE alert_subscription SET robot_id = NULL WHERE robot_id IS NOT NULL AND robot_id NOT IN (SELECT id FROM robot)`);
    await q.query(`ALTER TABLE alert_subscription ADD CONSTRAINT alert_subscription_robot_fk FOREIGN KEY (robot_id) REFERENCES robot(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE robot_delivery ADD COLUMN subscription_id integer REFERENCES alert_subscription(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX robot_delivery_subscription_idx ON robot_delivery (subscription_id, id DESC) WHERE subscription_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX robot_delivery_subscription_idx`);
    await q.query(`ALTER TABLE robot_delivery DROP COLUMN subscription_id`);
    await q.query(`ALTER TABLE alert_subscription DROP CONSTRAINT alert_subscription_robot_fk`);
  }
}

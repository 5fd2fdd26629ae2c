import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team robots (robots/, docs/robots.md): `robot`, a 企业微信 / 钉钉 / 飞书 group webhook of one producer's team
 * (none: everyone's), its URL and signing secret kept here and never answered to a client; `robot_delivery`,
 * one message to one robot with its state (queued, sent, failed), the sends tried and the last failure, so a
 * failure is visible on the page and to the subscriptions. Both are operational tables (no data-change
 * notice). And the page 群机器人 (/admin/robots) under 系统管理, whose role_menu row (the admin group's, from
 * migration 1763700000017) opens it to administrators only.
 */
export class Robots1763700000038 implements MigrationInterface {
  name = 'Robots1763700000038';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE robot (
        id serial PRIMARY KEY,
        producer_id integer REFERENCES producer(id) ON DELETE CASCADE,
        name varchar(64) NOT NULL,
        service varchar(16) NOT NULL CHECK (service IN ('wecom', 'dingtalk', 'feishu')),
        url varchar(1000) NOT NULL,
        secret varchar(200),
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        created_by integer REFERENCES app_user(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX robot_producer_idx ON robot (producer_id)`);
    await q.query(`
      CREATE TABLE robot_delivery (
        id bigserial PRIMARY KEY,
        robot_id integer NOT NULL REFERENCES robot(id) ON DELETE CASCADE,
        message jsonb NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX robot_delivery_robot_idx ON robot_delivery (robot_id, id DESC)`);
    await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES (66, 6, '群机器人', '/admin/robots', 606) ON CONFLICT (id) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_id = 66`);
    await q.query(`DELETE FROM menu WHERE id = 66`);
    await q.query(`DROP TABLE IF EXISTS robot_delivery`);
    await q.query(`DROP TABLE IF EXISTS robot`);
  }
}

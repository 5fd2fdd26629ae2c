import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 订阅与提醒's pages, for every role (analysts and administrators alike): the menus call lists them and the
 * page guard lets their calls through. Ids 36x stay clear of the other menus.
 */
export const ALERT_MENU = {
  id: 36,
  name: '订阅与提醒',
  path: '/alerts',
  pages: [
    [361, '我的订阅', '/alerts/subscriptions'],
    [362, '我的提醒', '/alerts/notifications'],
  ] as ReadonlyArray<[number, string, string]>,
} as const;

export class AlertMenus1763700000037 implements MigrationInterface {
  name = 'AlertMenus1763700000037';

  async up(q: QueryRunner): Promise<void> {
    const sort = 550;
    await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, NULL, $2, $3, $4)`, [ALERT_MENU.id, ALERT_MENU.name, ALERT_MENU.path, sort]);
    for (const [index, [id, name, path]] of ALERT_MENU.pages.entries()) {
      await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [id, ALERT_MENU.id, name, path, sort + index + 1]);
    }
    await q.query(`INSERT INTO role_menu (role_id, menu_id) SELECT r.id, $1 FROM role r`, [ALERT_MENU.id]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_id = $1`, [ALERT_MENU.id]);
    await q.query(`DELETE FROM menu WHERE parent_id = $1`, [ALERT_MENU.id]);
    await q.query(`DELETE FROM menu WHERE id = $1`, [ALERT_MENU.id]);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The administration pages (系统管理), for the administrator role only: the menus call shows them to
 * administrators and the page guard refuses everyone else. As with the analysis pages, the shell lists
 * a page only once its route exists.
 */
export const ADMIN_MENU = {
  id: 6,
  name: '系统管理',
  path: '/admin',
  pages: [
    [61, '用户管理', '/admin/users'],
    [62, '安全日志', '/admin/audit'],
    [63, '数据导入', '/admin/import'],
    [64, '任务监控', '/admin/jobs'],
    [65, '报告管理', '/admin/reports'],
  ] as ReadonlyArray<[number, string, string]>,
} as const;

export class AdminMenus1763700000017 implements MigrationInterface {
  name = 'AdminMenus1763700000017';

  async up(q: QueryRunner): Promise<void> {
    const sort = 600;
    await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, NULL, $2, $3, $4)`, [ADMIN_MENU.id, ADMIN_MENU.name, ADMIN_MENU.path, sort]);
    for (const [index, [id, name, path]] of ADMIN_MENU.pages.entries()) {
      await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [id, ADMIN_MENU.id, name, path, sort + index + 1]);
    }
    await q.query(`INSERT INTO role_menu (role_id, menu_id) SELECT r.id, $1 FROM role r WHERE r.code = 'admin'`, [ADMIN_MENU.id]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_id = $1`, [ADMIN_MENU.id]);
    await q.query(`DELETE FROM menu WHERE parent_id = $1`, [ADMIN_MENU.id]);
    await q.query(`DELETE FROM menu WHERE id = $1`, [ADMIN_MENU.id]);
  }
}

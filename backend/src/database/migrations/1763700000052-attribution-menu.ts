import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 归因分析 (issue 50, decision 302): a page of 销量分析 after 竞品监控, held by every role that holds 整体市场表现 (the two
 * demo roles among them), whose cards open it (为什么?); a role holding the whole 销量分析 group holds it through the group.
 */
const PAGE = { id: 15, parentId: 1, name: '归因分析', path: '/salevolume/attribution', sort: 105 } as const;
const WHOLE_MARKET_PAGE = 11;

export class AttributionMenu1763700000052 implements MigrationInterface {
  name = 'AttributionMenu1763700000052';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [PAGE.id, PAGE.parentId, PAGE.name, PAGE.path, PAGE.sort]);
    await q.query(`INSERT INTO role_menu (role_id, menu_id) SELECT role_id, $1 FROM role_menu WHERE menu_id = $2`, [PAGE.id, WHOLE_MARKET_PAGE]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_id = $1`, [PAGE.id]);
    await q.query(`DELETE FROM menu WHERE id = $1`, [PAGE.id]);
  }
}

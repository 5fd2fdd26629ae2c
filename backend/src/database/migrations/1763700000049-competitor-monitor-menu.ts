import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 竞品监控 (issue 49 §2, decision 297): a page of 销量分析 after 厂商品牌表现, held by every role that holds 厂商品牌表现
 * (the two demo roles among them); a role holding the whole 销量分析 group holds it through the group.
 */
const PAGE = { id: 14, parentId: 1, name: '竞品监控', path: '/salevolume/competitormonitor', sort: 104 } as const;
const COMPANY_BRAND_PAGE = 13;

export class CompetitorMonitorMenu1763700000049 implements MigrationInterface {
  name = 'CompetitorMonitorMenu1763700000049';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [PAGE.id, PAGE.parentId, PAGE.name, PAGE.path, PAGE.sort]);
    await q.query(`INSERT INTO role_menu (role_id, menu_id) SELECT role_id, $1 FROM role_menu WHERE menu_id = $2`, [PAGE.id, COMPANY_BRAND_PAGE]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_id = $1`, [PAGE.id]);
    await q.query(`DELETE FROM menu WHERE id = $1`, [PAGE.id]);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spec's menu tree ("parent path/route name") and who sees it: analysts and administrators both
 * get every analysis page. The shell shows only the pages that are built, so a page appears in the
 * menu the day it ships; the API's page guard reads the same rows.
 */
export const MENU_TREE: ReadonlyArray<{ id: number; name: string; path: string; pages: ReadonlyArray<[number, string, string]> }> = [
  {
    id: 1,
    name: '销量分析',
    path: '/salevolume',
    pages: [
      [11, '整体市场表现', '/salevolume/wholemarket'],
      [12, '区域市场表现', '/salevolume/areamarket'],
      [13, '厂商品牌表现', '/salevolume/companybrand'],
    ],
  },
  {
    id: 2,
    name: '价格分析',
    path: '/price',
    pages: [
      [21, '整体市场价格指数', '/price/marketpricetendency'],
      [22, '车系价格追踪', '/price/cabmodelpricetrace'],
    ],
  },
  {
    id: 3,
    name: '价量交叉',
    path: '/pricevolume',
    pages: [
      [31, '价格维度分析', '/pricevolume/pricedimension'],
      [32, '车型价格段销量', '/pricevolume/cabmodelprice'],
    ],
  },
  {
    id: 4,
    name: '产品分析',
    path: '/product',
    pages: [[41, '配置查询', '/product/configquery']],
  },
  {
    id: 5,
    name: '数据综合查询',
    path: '/comprehensiveinquiry',
    pages: [
      [51, '城市零售数据导出', '/comprehensiveinquiry/cityretailexport'],
      [52, '价量数据导出', '/comprehensiveinquiry/pricevolumeexport'],
      [53, '价格数据导出', '/comprehensiveinquiry/pricedownload'],
      [54, '返点数据导出', '/comprehensiveinquiry/fandiandownload'],
      [55, '报告下载', '/comprehensiveinquiry/reportdownload'],
    ],
  },
];

export class Menus1763700000003 implements MigrationInterface {
  name = 'Menus1763700000003';

  async up(q: QueryRunner): Promise<void> {
    for (const [groupIndex, group] of MENU_TREE.entries()) {
      await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, NULL, $2, $3, $4)`, [
        group.id,
        group.name,
        group.path,
        (groupIndex + 1) * 100,
      ]);
      for (const [pageIndex, [id, name, path]] of group.pages.entries()) {
        await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [
          id,
          group.id,
          name,
          path,
          (groupIndex + 1) * 100 + pageIndex + 1,
        ]);
      }
    }
    await q.query(`INSERT INTO role_menu (role_id, menu_id) SELECT r.id, m.id FROM role r CROSS JOIN menu m WHERE r.code IN ('admin', 'analyst')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_id <= 100`);
    await q.query(`DELETE FROM menu WHERE parent_id IS NOT NULL AND id <= 100`);
    await q.query(`DELETE FROM menu WHERE id <= 100`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two things of the price pages (decisions 113, 116):
 *
 * - The menu rows of the spec's placeholder pair, made real: 整体市场价格结构 (/price/totalmarket) and
 *   细分市场价格结构 (/pricedetailmarket) under 价格分析, for analysts and administrators as every
 *   analysis page. The shell lists them because their routes now exist.
 * - rollup_price_province_market: month × province × segment × fuel × producer property × brand type of
 *   the price facts' sums (volume, Σ TP × qty, Σ MSRP × qty, rebates, lowest and highest TP), for the
 *   market price calls that read a region's or each province's prices over twelve months. Filled here
 *   from rollup_price_province (the SQL RollupRepository writes for it, frozen as of this migration), so
 *   a database that has prices gains it in one pass instead of finding an empty rollup at boot and
 *   rebuilding every rollup; an empty database leaves it empty for the seed or an import.
 */
export const PRICE_STRUCTURE_MENUS: ReadonlyArray<[number, string, string, number]> = [
  [23, '整体市场价格结构', '/price/totalmarket', 203],
  [24, '细分市场价格结构', '/pricedetailmarket', 204],
];
const PRICE_GROUP = 2;

export class PriceStructure1763700000024 implements MigrationInterface {
  name = 'PriceStructure1763700000024';

  async up(q: QueryRunner): Promise<void> {
    for (const [id, name, path, sort] of PRICE_STRUCTURE_MENUS) {
      await q.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [id, PRICE_GROUP, name, path, sort]);
      await q.query(`INSERT INTO role_menu (role_id, menu_id) SELECT r.id, $1 FROM role r WHERE r.code IN ('admin', 'analyst')`, [id]);
    }
    await q.query(`CREATE TABLE rollup_price_province_market (
      month integer NOT NULL, area_id smallint NOT NULL, province_id integer NOT NULL,
      segment_id smallint NOT NULL, fuel smallint NOT NULL, producer_property smallint NOT NULL, jll_type smallint NOT NULL,
      qty bigint NOT NULL, tp_amount bigint NOT NULL, msrp integer NOT NULL, msrp_amount bigint NOT NULL,
      rebate_amount bigint NOT NULL, rebate_qty bigint NOT NULL, tp_min integer NOT NULL, tp_max integer NOT NULL,
      PRIMARY KEY (month, area_id, province_id, segment_id, fuel, producer_property, jll_type))`);
    await q.query(
      `INSERT INTO rollup_price_province_market (month, province_id, segment_id, fuel, producer_property, jll_type, area_id,
         qty, tp_amount, msrp, msrp_amount, rebate_amount, rebate_qty, tp_min, tp_max)
       SELECT k.month, k.province_id, k.segment_id, k.fuel, k.producer_property, k.jll_type, pr.area_id,
         k.qty, k.tp_amount, k.msrp, k.msrp_amount, k.rebate_amount, k.rebate_qty, k.tp_min, k.tp_max
       FROM (SELECT month, province_id, segment_id, fuel, producer_property, jll_type,
               sum(qty) AS qty, sum(tp_amount) AS tp_amount, max(msrp) AS msrp, sum(msrp_amount) AS msrp_amount,
               sum(rebate_amount) AS rebate_amount, sum(rebate_qty) AS rebate_qty, min(tp_min) AS tp_min, max(tp_max) AS tp_max
             FROM rollup_price_province GROUP BY 1, 2, 3, 4, 5, 6) k
       JOIN province pr ON pr.id = k.province_id
       ORDER BY k.month, k.province_id, k.segment_id, k.fuel, k.producer_property, k.jll_type`,
    );
    await q.query(`ANALYZE rollup_price_province_market`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rollup_price_province_market`);
    await q.query(`DELETE FROM role_menu WHERE menu_id = ANY($1::int[])`, [PRICE_STRUCTURE_MENUS.map(([id]) => id)]);
    await q.query(`DELETE FROM menu WHERE id = ANY($1::int[])`, [PRICE_STRUCTURE_MENUS.map(([id]) => id)]);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * rollup_retail_city_jll: month × city × brand type (jll_type 2 新创 / 1 自主 / 0 合资) of the retail
 * volume with its January-to-date sum, for the dashboard's city table (decision 105). At the
 * large scale the city × sub-series rollup it would otherwise read holds ~115,000 rows a month; this
 * one about a thousand.
 *
 * Filled here from rollup_retail_city (the SQL RollupRepository writes for it, frozen as of this
 * migration), so a database that already has data gains it in one pass instead of finding an empty
 * rollup at boot and rebuilding every rollup of every month. An empty database leaves it empty; the
 * seed or an import builds it with the rest.
 */
export class CityJllRollup1763700000022 implements MigrationInterface {
  name = 'CityJllRollup1763700000022';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE rollup_retail_city_jll (
      month integer NOT NULL, city_id integer NOT NULL, jll_type smallint NOT NULL,
      province_id integer NOT NULL, area_id smallint NOT NULL, tier smallint NOT NULL,
      qty bigint NOT NULL, qty_ytd bigint NOT NULL,
      PRIMARY KEY (month, jll_type, city_id))`);
    const [{ months }] = (await q.query(`SELECT coalesce(array_agg(DISTINCT month ORDER BY month), '{}') AS months FROM rollup_retail_city`)) as Array<{
      months: number[];
    }>;
    if (months.length === 0) return;
    await q.query(
      `INSERT INTO rollup_retail_city_jll (month, city_id, jll_type, province_id, area_id, tier, qty, qty_ytd)
       SELECT k.month, k.city_id, k.jll_type, ci.province_id, pr.area_id, ci.tier, k.qty, k.qty_ytd
       FROM (
         SELECT t.month, r.city_id, r.jll_type, CASE WHEN t.month = r.month THEN r.qty ELSE 0 END AS qty, r.qty_ytd
         FROM (SELECT m.*, sum(m.qty) OVER w AS qty_ytd, lead(m.month) OVER w AS next_sale
               FROM (SELECT month, city_id, jll_type, sum(qty) AS qty FROM rollup_retail_city GROUP BY 1, 2, 3) m
               WINDOW w AS (PARTITION BY m.city_id, m.jll_type, m.month / 100 ORDER BY m.month)) r
         JOIN unnest($1::int[]) AS t(month)
           ON t.month / 100 = r.month / 100 AND t.month >= r.month AND (r.next_sale IS NULL OR t.month < r.next_sale)
       ) k JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id
       ORDER BY k.month, k.city_id, k.jll_type`,
      [months],
    );
    await q.query(`ANALYZE rollup_retail_city_jll`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rollup_retail_city_jll`);
  }
}

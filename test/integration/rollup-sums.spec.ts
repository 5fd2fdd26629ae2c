import type { DataSource } from 'typeorm';
import { openDataSource } from '../../backend/src/database/data-source';
import { ROLLUP_TABLES, type RollupDeclaration } from '../../backend/src/analytics/rollups';
import { testEnv } from '../support/test-env';

/**
 * The seed builds coarser rollups from finer ones (docs/query-layer.md), two at a time: whatever the order,
 * every rollup must hold the facts' own totals. Each month's sums of every rollup are compared with the
 * facts' sums of the month, and a year-to-date rollup's January-to-date sums with the facts' from January.
 */

/** The facts' totals per month, under the rollups' value names: min and max for the lowest and highest TP, sums else. */
const FACT_TOTALS: Record<RollupDeclaration['source'], string> = {
  1: `SELECT month, sum(qty) AS qty FROM wholesale_fact GROUP BY month`,
  2: `SELECT month, sum(qty) AS qty FROM retail_fact GROUP BY month`,
  price: `SELECT f.month, sum(f.qty) AS qty, sum(f.tp::bigint * f.qty) AS tp_amount, sum(m.msrp::bigint * f.qty) AS msrp_amount,
            coalesce(sum(rb.rebate::bigint * f.qty), 0) AS rebate_amount, sum(CASE WHEN rb.rebate IS NULL THEN 0 ELSE f.qty END) AS rebate_qty,
            min(f.tp) AS tp_min, max(f.tp) AS tp_max
       FROM price_fact f JOIN msrp_month m ON m.month = f.month AND m.car_id = f.car_id
       LEFT JOIN rebate_month rb ON rb.month = f.month AND rb.car_id = f.car_id
      GROUP BY f.month`,
};

/** How a value column adds up over a month's rows; the trim-month's MSRP is a level, not a sum, and is left out. */
const COMBINE: Record<string, 'sum' | 'min' | 'max'> = {
  qty: 'sum',
  tp_amount: 'sum',
  msrp_amount: 'sum',
  rebate_amount: 'sum',
  rebate_qty: 'sum',
  tp_min: 'min',
  tp_max: 'max',
};

type Totals = Map<number, Record<string, string>>;

async function totalsByMonth(ds: DataSource, sql: string): Promise<Totals> {
  const rows: Array<Record<string, string | number>> = await ds.query(sql);
  return new Map(rows.map(({ month, ...values }) => [Number(month), Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))]));
}

/** January to date of each month's `qty`, from the monthly totals. */
function yearToDate(totals: Totals): Map<number, string> {
  const sums = new Map<number, string>();
  for (const month of [...totals.keys()].sort((a, b) => a - b)) {
    const before = month % 100 === 1 ? 0n : BigInt(sums.get(month - 1) ?? '0');
    sums.set(month, String(before + BigInt(totals.get(month)?.qty ?? '0')));
  }
  return sums;
}

describe('every rollup of the demo set holds the facts’ totals', () => {
  let ds: DataSource;
  const facts = new Map<RollupDeclaration['source'], Totals>();

  beforeAll(async () => {
    ds = await openDataSource(testEnv().databaseUrl, 'car-test-rollup-sums');
    for (const source of [1, 2, 'price'] as const) facts.set(source, await totalsByMonth(ds, FACT_TOTALS[source]));
  });

  afterAll(async () => {
    await ds?.destroy();
  });

  test.each(ROLLUP_TABLES.map((b) => [b.table, b] as const))('%s sums to the facts in every month', async (_, build) => {
    const values = (build.values ?? ['qty']).filter((v) => COMBINE[v]);
    const ytd = build.yearToDate ? ', sum(qty_ytd) AS qty_ytd' : '';
    const rollup = await totalsByMonth(
      ds,
      `SELECT month, ${values.map((v) => `${COMBINE[v]}(${v}) AS ${v}`).join(', ')}${ytd} FROM ${build.table} GROUP BY month`,
    );
    const expected = facts.get(build.source) as Totals;
    const pick = (totals: Totals): Array<[number, Record<string, string>]> =>
      [...totals].map(([month, row]) => [month, Object.fromEntries(values.map((v) => [v, row[v]]))]);
    expect(expected.size).toBeGreaterThan(12);
    expect(pick(rollup).sort(([a], [b]) => a - b)).toEqual(pick(expected).sort(([a], [b]) => a - b));
    if (build.yearToDate) {
      const fromFacts = yearToDate(expected);
      expect([...rollup].map(([month, row]) => [month, row.qty_ytd]).sort(([a], [b]) => Number(a) - Number(b))).toEqual(
        [...fromFacts].sort(([a], [b]) => a - b),
      );
    }
  });
});

import { checksum, duckSql } from './plans';

/*
 * The large-scale bench once reported 8 of 27 price-volume calls as "figures differ": the calls with
 * compared series (modelSubIds), whose price query returns 20-27 trims' weighted TPs. Row by row the
 * rollup, raw PostgreSQL and DuckDB gave bit-identical prices (2026-10, own series 304 with 2 and 3: 25
 * trims, 50 values); the checksum summed them in each engine's row order and compared exactly, and
 * those 50 values summed in 200 orders give five different totals (2,897,498.9264067193 …
 * 2,897,498.926406721). The API was right; the comparison was not.
 */
describe("the engines' answers compared by checksum", () => {
  test('the same values in any row order give the same checksum, to the last bit', () => {
    // Summed as they come, 1e16 + 1 − 1e16 is 0 in one order and 1 in another.
    const rows = [
      { a: 1e16, b: 1 },
      { a: -1e16, b: null },
      { a: 0.1, b: 0.2 },
    ];
    const orders = [rows, [rows[1], rows[0], rows[2]], [rows[2], rows[1], rows[0]]];
    const sums = orders.map((o) => checksum(o, ['a', 'b']));
    expect(new Set(sums).size).toBe(1);
    // Smallest first: −1e16 + 0.1 + 0.2 + 1 + 1e16 (null counts as 0, as a missing price does).
    expect(sums[0]).toBe(-1e16 + 0 + 0.1 + 0.2 + 1 + 1e16);
  });

  test('weighted prices of many trims: row order changes a naive sum, never the checksum', () => {
    const prices = Array.from({ length: 50 }, (_, i) => ({ tp: (1_234_567_891 + i * 7_919) / (1_000 + i * 13) }));
    const naive = (rows: Array<{ tp: number }>): number => rows.reduce((s, r) => s + r.tp, 0);
    const reversed = [...prices].reverse();
    const shuffled = prices.map((p, i) => prices[(i * 17) % 50]);
    expect(new Set([naive(prices), naive(reversed), naive(shuffled)]).size).toBeGreaterThan(1);
    expect(new Set([checksum(prices, ['tp']), checksum(reversed, ['tp']), checksum(shuffled, ['tp'])]).size).toBe(1);
  });

  test('DuckDB gets the bound values written in, lists as IN', () => {
    expect(duckSql('SELECT 1 WHERE month = ANY($1::int[]) AND x = $2', [[202610, 202510], "a'b"])).toBe(
      "SELECT 1 WHERE month IN (202610, 202510) AND x = 'a''b'",
    );
  });
});

import { CITIES, PROVINCES } from '../reference/data/geography';
import { CATALOG } from './catalog';
import { buildDimensions } from './dimensions';
import { FactSink, SCALES, generateFacts } from './facts';

/** A cheap running hash (FNV-1a over the numbers), fast enough for millions of rows. */
class RunningHash {
  value = 0x811c9dc5;
  add(...numbers: number[]): void {
    for (const n of numbers) this.value = Math.imul(this.value ^ n, 16777619) >>> 0;
  }
}

/** Runs the generator at the tiny scale into a hash and totals. */
async function fingerprint(seed: number): Promise<{ hash: number; retail: number; rows: number }> {
  const hash = new RunningHash();
  let retail = 0;
  let rows = 0;
  const sink: FactSink = {
    retail: (...v) => {
      hash.add(...v);
      retail += v[6];
      rows++;
    },
    wholesale: (...v) => hash.add(1, ...v),
    price: (...v) => hash.add(2, ...v),
    msrp: (...v) => hash.add(3, ...v),
    rebate: (...v) => hash.add(4, ...v),
    endOfMonth: () => Promise.resolve(),
  };
  const dims = buildDimensions(CATALOG, seed);
  for (const t of dims.trims) hash.add(t.id, t.msrp, t.launchMonth);
  await generateFacts(dims, CITIES, new Map(PROVINCES.map((p) => [p.code, p.regionId])), SCALES.tiny, seed, sink);
  return { hash: hash.value, retail, rows };
}

describe('the demo data generator', () => {
  test('is deterministic: the same seed gives the same rows, another seed other rows', async () => {
    const first = await fingerprint(7);
    const again = await fingerprint(7);
    const other = await fingerprint(8);
    expect(again.hash).toBe(first.hash);
    expect(other.hash).not.toBe(first.hash);
    // The market totals do not depend on the seed: only where the units land does.
    expect(Math.abs(other.retail / first.retail - 1)).toBeLessThan(0.001);
    expect(first.rows).toBeGreaterThan(100_000);
  }, 120_000);

  test('the catalog is large enough and every trim sits under a real sub-series', () => {
    const dims = buildDimensions(CATALOG, 1);
    expect(dims.brands.length).toBeGreaterThanOrEqual(100);
    expect(dims.subSeries.length).toBeGreaterThanOrEqual(500);
    expect(dims.trims.length).toBeGreaterThanOrEqual(3000);
    const subIds = new Set(dims.subSeries.map((s) => s.id));
    expect(dims.trims.every((t) => subIds.has(t.subSeriesId) && t.msrp > 0)).toBe(true);
  });
});

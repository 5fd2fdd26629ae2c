import { CITIES, PROVINCES } from '../reference/data/geography';
import { CATALOG } from './catalog';
import { buildDimensions } from './dimensions';
import { FactSink, SCALES, ScaleSettings, generateFacts } from './facts';

/** A cheap running hash (FNV-1a over the numbers), fast enough for millions of rows. */
class RunningHash {
  value = 0x811c9dc5;
  add(...numbers: number[]): void {
    for (const n of numbers) this.value = Math.imul(this.value ^ n, 16777619) >>> 0;
  }
}

/** Runs the generator (the tiny scale unless told) into a hash and totals; the retail rows' hash is also kept apart, by colour code. */
async function fingerprint(
  seed: number,
  scale: ScaleSettings = SCALES.tiny,
): Promise<{ hash: number; others: number; retail: number; rows: number; byColour: Map<number, number> }> {
  const hash = new RunningHash();
  const others = new RunningHash();
  const byColour = new Map<number, number>();
  let retail = 0;
  let rows = 0;
  const sink: FactSink = {
    retail: (...v) => {
      hash.add(...v);
      retail += v[6];
      rows++;
      byColour.set(v[5], (byColour.get(v[5]) ?? 0) + 1);
    },
    wholesale: (...v) => [hash, others].forEach((h) => h.add(1, ...v)),
    price: (...v) => [hash, others].forEach((h) => h.add(2, ...v)),
    msrp: (...v) => [hash, others].forEach((h) => h.add(3, ...v)),
    rebate: (...v) => [hash, others].forEach((h) => h.add(4, ...v)),
    endOfMonth: () => Promise.resolve(),
  };
  const dims = buildDimensions(CATALOG, seed);
  for (const t of dims.trims) hash.add(t.id, t.msrp, t.launchMonth);
  await generateFacts(dims, CITIES, new Map(PROVINCES.map((p) => [p.code, p.regionId])), scale, seed, sink);
  return { hash: hash.value, others: others.value, retail, rows, byColour };
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

  test('retailCopies writes each retail row k times under colour codes +10, +20 …, and leaves every other fact as it was', async () => {
    const one = await fingerprint(7);
    const two = await fingerprint(7, { ...SCALES.tiny, retailCopies: 2 });
    expect(two.rows).toBe(2 * one.rows);
    expect(two.retail).toBe(2 * one.retail);
    expect(two.others).toBe(one.others);
    for (const [colour, count] of one.byColour) {
      expect(colour).toBeLessThan(10);
      expect(two.byColour.get(colour)).toBe(count);
      expect(two.byColour.get(colour + 10)).toBe(count);
    }
    expect(two.byColour.size).toBe(2 * one.byColour.size);
  }, 300_000);

  test('the catalog is large enough and every trim sits under a real sub-series', () => {
    const dims = buildDimensions(CATALOG, 1);
    expect(dims.brands.length).toBeGreaterThanOrEqual(100);
    expect(dims.subSeries.length).toBeGreaterThanOrEqual(500);
    expect(dims.trims.length).toBeGreaterThanOrEqual(3000);
    const subIds = new Set(dims.subSeries.map((s) => s.id));
    expect(dims.trims.every((t) => subIds.has(t.subSeriesId) && t.msrp > 0)).toBe(true);
  });
});

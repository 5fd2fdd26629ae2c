import { CITIES, PROVINCES } from '../reference/data/geography';
import { CATALOG } from './catalog';
import { buildDimensions } from './dimensions';
import { FactSink, SCALES, ScaleSettings, generateFacts } from './facts';

/** Bound once: a global read is slow under jest's sandbox (see rng.ts), and the hash takes millions of numbers. */
const { imul } = Math;

/** A cheap running hash (FNV-1a over the numbers), fast enough for millions of rows. */
class RunningHash {
  value = 0x811c9dc5;
  add(n: number): void {
    this.value = imul(this.value ^ n, 16777619) >>> 0;
  }
  addAll(a: number, b: number, c: number, d = 0, e = 0, f = 0, g = 0): void {
    this.add(a);
    this.add(b);
    this.add(c);
    this.add(d);
    this.add(e);
    this.add(f);
    this.add(g);
  }
}

interface Fingerprint {
  /** Every row: the trims, every fact, every retail row with its copies. */
  hash: number;
  /** The same rows without the retail copies (colour codes below FIRST_COPY_COLOUR): the first copy alone. */
  originals: number;
  /** Every fact but retail. */
  others: number;
  retail: number;
  rows: number;
  byColour: Map<number, number>;
  /** The hash and retail volume of the first year alone (2019), as they stood at its end. */
  firstYear: { hash: number; retail: number };
}

class StopGenerating extends Error {}

/** retailCopies' second copy adds 10 to a row's colour code; the colours themselves are 1-8. */
const FIRST_COPY_COLOUR = 10;

/**
 * Runs the generator (the tiny scale unless told) into hashes and totals, stopping after `lastMonth`
 * when given. The sink takes its arguments one by one: a spread and an array per row cost more than the
 * generator itself, which writes a million rows at the tiny scale.
 */
async function fingerprint(seed: number, scale: ScaleSettings = SCALES.tiny, lastMonth?: number): Promise<Fingerprint> {
  const hash = new RunningHash();
  const originals = new RunningHash();
  const others = new RunningHash();
  const byColour = new Map<number, number>();
  let retail = 0;
  let rows = 0;
  let firstYear = { hash: 0, retail: 0 };
  const other = (kind: number, a: number, b: number, c: number, d = 0, e = 0): void => {
    hash.addAll(kind, a, b, c, d, e);
    originals.addAll(kind, a, b, c, d, e);
    others.addAll(kind, a, b, c, d, e);
  };
  const sink: FactSink = {
    retail: (month, car, city, use, owner, colour, qty) => {
      hash.addAll(month, car, city, use, owner, colour, qty);
      if (colour < FIRST_COPY_COLOUR) originals.addAll(month, car, city, use, owner, colour, qty);
      retail += qty;
      rows++;
      byColour.set(colour, (byColour.get(colour) ?? 0) + 1);
    },
    wholesale: (month, car, qty) => other(1, month, car, qty),
    price: (month, car, city, tp, qty) => other(2, month, car, city, tp, qty),
    msrp: (month, car, value) => other(3, month, car, value),
    rebate: (month, car, value) => other(4, month, car, value),
    endOfMonth: (month) => {
      if (month === 201912) firstYear = { hash: originals.value, retail };
      return month === lastMonth ? Promise.reject(new StopGenerating()) : Promise.resolve();
    },
  };
  const dims = buildDimensions(CATALOG, seed);
  for (const t of dims.trims) for (const h of [hash, originals]) h.addAll(t.id, t.msrp, t.launchMonth);
  try {
    await generateFacts(dims, CITIES, new Map(PROVINCES.map((p) => [p.code, p.regionId])), scale, seed, sink);
  } catch (error) {
    if (!(error instanceof StopGenerating)) throw error;
  }
  return { hash: hash.value, originals: originals.value, others: others.value, retail, rows, byColour, firstYear };
}

describe('the demo data generator', () => {
  // Two full runs of seed 7 serve every test: plain, and with each retail row written twice, whose first
  // copies are the plain run's rows again. Another seed is read for its first year only.
  let one: Fingerprint;
  let two: Fingerprint;
  beforeAll(async () => {
    one = await fingerprint(7);
    two = await fingerprint(7, { ...SCALES.tiny, retailCopies: 2 });
  }, 300_000);

  test('is deterministic: the same seed gives the same rows, another seed other rows', async () => {
    const other = await fingerprint(8, SCALES.tiny, 201912);
    expect(two.originals).toBe(one.hash);
    expect(other.firstYear.hash).not.toBe(one.firstYear.hash);
    // The market totals do not depend on the seed: only where the units land does.
    expect(Math.abs(other.firstYear.retail / one.firstYear.retail - 1)).toBeLessThan(0.001);
    expect(one.rows).toBeGreaterThan(100_000);
  }, 120_000);

  test('retailCopies writes each retail row k times under colour codes +10, +20 …, and leaves every other fact as it was', () => {
    expect(two.rows).toBe(2 * one.rows);
    expect(two.retail).toBe(2 * one.retail);
    expect(two.others).toBe(one.others);
    for (const [colour, count] of one.byColour) {
      expect(colour).toBeLessThan(10);
      expect(two.byColour.get(colour)).toBe(count);
      expect(two.byColour.get(colour + 10)).toBe(count);
    }
    expect(two.byColour.size).toBe(2 * one.byColour.size);
  });

  test('the catalog is large enough and every trim sits under a real sub-series', () => {
    const dims = buildDimensions(CATALOG, 1);
    expect(dims.brands.length).toBeGreaterThanOrEqual(100);
    expect(dims.subSeries.length).toBeGreaterThanOrEqual(500);
    expect(dims.trims.length).toBeGreaterThanOrEqual(3000);
    const subIds = new Set(dims.subSeries.map((s) => s.id));
    expect(dims.trims.every((t) => subIds.has(t.subSeriesId) && t.msrp > 0)).toBe(true);
  });
});

import type { Rng } from './rng';

/** Bound once, as in rng.ts: a global read is slow under jest's sandbox, and draw() runs millions of times. */
const { floor } = Math;

/** Vose's alias method: draws an index by weight in constant time, for millions of draws. */
export class AliasTable {
  private readonly probability: Float64Array;
  private readonly alias: Int32Array;

  constructor(weights: readonly number[]) {
    const n = weights.length;
    const total = weights.reduce((a, b) => a + b, 0);
    this.probability = new Float64Array(n);
    this.alias = new Int32Array(n);
    const scaled = weights.map((w) => (w * n) / total);
    const small: number[] = [];
    const large: number[] = [];
    scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
    while (small.length > 0 && large.length > 0) {
      const s = small.pop() as number;
      const l = large.pop() as number;
      this.probability[s] = scaled[s];
      this.alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      (scaled[l] < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.probability[i] = 1;
  }

  draw(rng: Rng): number {
    const i = floor(rng.next() * this.probability.length);
    return rng.next() < this.probability[i] ? i : this.alias[i];
  }
}

// Bound once: under jest's sandbox every read of a global such as `Math` goes through the sandbox's
// global object, which made the generator five times slower in the unit tests than in the seed.
const { imul, floor, sqrt, log, cos, PI } = Math;

/**
 * A small seeded pseudo-random generator (mulberry32). The demo data must be the same on every
 * machine for the same seed, so nothing in the generator may call Math.random().
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return lo + floor(this.next() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[floor(this.next() * items.length)];
  }

  /** Picks by weight; weights need not sum to one. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  }

  /** Normal deviate (Box-Muller), mean 0, sd 1. */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return sqrt(-2 * log(u)) * cos(2 * PI * v);
  }

  /** A child generator whose stream depends only on this seed and the key, not on call order. */
  fork(key: number): Rng {
    return new Rng(imul((this.state ^ key) >>> 0, 2654435761) ^ (key * 40503));
  }
}

/** Stable 32-bit hash of a string (FNV-1a), for deriving per-entity seeds from names. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return h >>> 0;
}

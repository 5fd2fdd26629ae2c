/** Nearest-rank percentile of ascending samples (p in 0-100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function spread(samples: readonly number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? Number.NaN };
}

export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

/** Milliseconds with one decimal below 100, whole above. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
}

export function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-';
}

export function bytes(value: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let v = value;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${v.toFixed(v < 10 && u > 0 ? 1 : 0)} ${units[u]}`;
}

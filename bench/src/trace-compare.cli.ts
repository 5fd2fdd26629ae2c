import * as path from 'node:path';
import { ApiClient } from './api-client';
import { startApp } from './app-process';
import { ms, spread } from './stats';

/**
 * The price trace's comparison case of the benchmark (issue 28: the comparison took 1.24 s on the demo data;
 * target under 300 ms), on the demo database:
 *   node bench/dist/trace-compare.cli.js [--base http://127.0.0.1:3000/car/api] [--calls N]
 * With `--base` it times an app already running (so two builds can be compared on one database), else it
 * starts the built app on DATABASE_URL. Signed in as the demo analyst, each variant below is called N times
 * after a first call (timed apart: its rows may not be in PostgreSQL's buffers yet) with `cache-control: no-cache` (no answer cache), from the request to the last byte;
 * it prints each variant's first call, p50 / p95 / max and the median and p95 over every call.
 */
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** 宝来 507 against 宋PLUS DM-i 17 and Model Y 916, a trim, five series, in a city (the raw price facts), by rate. */
const VARIANTS: readonly string[] = [
  'modelSubId=507&modelSubIds=17,916',
  'modelSubId=507&modelSubIds=17,916&type=1',
  'modelSubId=507&modelSubIds=17,916&carIds=6288',
  'modelSubId=1&modelSubIds=2,3,4,5,6&carIds=6288,6289,6290,6291,6292',
  'modelSubId=507&modelSubIds=17,916&city=110000',
  'modelSubId=916&modelSubIds=17,1,507&city=510100&type=1',
  'modelSubId=507&time=2025-06&modelSubIds=17,916',
];

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const calls = Number(value('calls') ?? 20);
  let base = value('base');
  let stop: (() => Promise<void>) | null = null;
  if (!base) {
    if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL or --base is required');
    const app = await startApp(path.resolve(__dirname, '..', '..'), process.env.DATABASE_URL);
    base = app.base;
    stop = () => app.stop();
  }
  try {
    const client = await ApiClient.signIn(base);
    const all: number[] = [];
    log(`| variant | first | p50 | p95 | max |\n|---|---:|---:|---:|---:|`);
    for (const query of VARIANTS) {
      // The first call of a variant: its rows not yet in PostgreSQL's buffers.
      const first = (await client.timedGet('price/cabmodelpricetrace/highCharts', query)).ms;
      const samples: number[] = [];
      for (let i = 0; i < calls; i++) samples.push((await client.timedGet('price/cabmodelpricetrace/highCharts', query)).ms);
      all.push(...samples);
      const s = spread(samples);
      log(`| \`${query}\` | ${ms(first)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`);
    }
    const s = spread(all);
    log(`| every call (${s.n}) | | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`);
  } finally {
    await stop?.();
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { API_PREFIX, SECURITY } from '@car/contracts';
import { type RunningProcesses, startApp } from './app-process';
import { ms, type Spread } from './stats';

/**
 * What the benches in Chromium share (config-page.cli.ts, page-ready.cli.ts): the browser as they launch it, the
 * demo analyst's session, the builds they compare and their alternating runs, the load average they report, the
 * timings' tables and the section of bench/RESULTS.md each writes between its markers.
 */

/** The demo analyst's session, signed in through the API as the login form's action does, saved for the runs' contexts. */
export async function signedInState(browser: Browser, origin: string, label: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const response = await context.request.post(`${origin}${API_PREFIX}/${SECURITY.login.path}`, { data: { account: 'demo', password: 'Demo@2026' } });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`signing demo in: ${body.msg}`);
  const state = path.join(os.tmpdir(), `bench-${label}-${process.pid}.json`);
  await context.storageState({ path: state });
  await context.close();
  return state;
}

/** Puts `section` (its markers included) in bench/RESULTS.md in place of the one between the markers, or at the end. */
export function writeResultsSection(projectRoot: string, markers: { start: string; end: string }, section: string): void {
  const file = path.join(projectRoot, 'bench', 'RESULTS.md');
  const text = fs.readFileSync(file, 'utf8');
  const [start, end] = [text.indexOf(markers.start), text.indexOf(markers.end)];
  fs.writeFileSync(
    file,
    start >= 0 && end > start ? `${text.slice(0, start)}${section}${text.slice(end + markers.end.length)}` : `${text.trimEnd()}\n\n${section}\n`,
  );
}

/** The Chromium of the browser benches: Debian's headless shell where it is installed. */
export function chromiumPath(): string {
  return process.env.CHROMIUM ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
}

/** That Chromium launched headless as every browser bench runs it: no sandbox, no GPU, shared memory in /tmp. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** The machine's load average now as the results write it: the 1, 5 and 15 minutes' figures, '2.5 / 2.1 / 2.2'. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
}

/** The value of `--name` on the command line. */
export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A build a browser bench times, and its samples. */
export interface BenchBuild<S> {
  label: string;
  app: RunningProcesses;
  samples: S[];
}

/**
 * The builds a browser bench compares on one database: this build, and with `--compare PATH` another build's backend
 * main.js (e.g. a copy of the previous build beside its frontend build), named by `--compare-label`.
 */
export async function startBuilds<S>(projectRoot: string, databaseUrl: string): Promise<Array<BenchBuild<S>>> {
  const builds: Array<BenchBuild<S>> = [{ label: 'this build', app: await startApp(projectRoot, databaseUrl), samples: [] }];
  const compare = option('compare');
  if (compare)
    builds.push({ label: option('compare-label') ?? 'the other build', app: await startApp(projectRoot, databaseUrl, { main: compare }), samples: [] });
  return builds;
}

/**
 * `runs` samples of every build, after one unmeasured run each (the app's first answers and the browser's first compile
 * are not an analyst's), the builds alternating which goes first; each sample said on stderr as `said` words it.
 */
export async function sampleBuilds<S>(
  builds: ReadonlyArray<BenchBuild<S>>,
  runs: number,
  sample: (build: BenchBuild<S>) => Promise<S>,
  said: (sample: S) => string,
): Promise<void> {
  for (let i = -1; i < runs; i++) {
    for (const [k, build] of (i % 2 === 0 ? builds : [...builds].reverse()).entries()) {
      const taken = await sample(build);
      if (i < 0) continue;
      build.samples.push(taken);
      process.stderr.write(`  ${build.label} run ${i + 1}${k === 0 ? '' : "'"}: ${said(taken)}\n`);
    }
  }
}

/** A timing's row of a section's table, with its target's verdict where it has one. */
export function timingRow(label: string, s: Spread, target?: number): string {
  const verdict = target === undefined ? '' : s.p95 <= target ? 'met' : s.p50 <= target ? 'median only' : 'not met';
  return `| ${label} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${target === undefined ? '' : `≤ ${target}`} | ${verdict} |`;
}

/** The head of a section's table of timings. */
export const TIMING_HEAD = ['| timing | p50 ms | p95 ms | max ms | target | |', '|---|---:|---:|---:|---:|---|'];

/** The section's tables: one, or one per build under its label. */
export function buildTables<S>(builds: ReadonlyArray<BenchBuild<S>>, table: (samples: readonly S[]) => string[]): string[] {
  return builds.flatMap((b) => (builds.length > 1 ? [`**${b.label}**`, '', ...table(b.samples), ''] : [...table(b.samples), '']));
}

/** The end of a browser bench's runs, however they ended: the browser closed, the builds and the database stopped. */
export async function stopBench(browser: Browser, builds: ReadonlyArray<BenchBuild<unknown>>, database: { stop(): Promise<void> }): Promise<void> {
  await browser.close();
  for (const b of builds) await b.app.stop();
  await database.stop();
}

import type { Browser, Page } from 'playwright-core';
import { COMPETITOR_MONITOR_PAGE } from '@car/contracts';
import { loadConfig } from '@car/backend/dist/config/config';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import { ApiClient } from './api-client';
import { type RunningProcesses, startApp } from './app-process';
import { launchBenchBrowser, loadAverage, signedInState, writeResultsSection } from './browser-bench';
import { benchCompetitorSet } from './bench-set';
import { ms, type Spread, spread } from './stats';

/**
 * `npm run bench:monitor` (issue 49 §4, decision 297): 竞品监控 in Chromium as an analyst opens it every day, on the
 * app started as production runs it on DATABASE_URL (the demo data for the issue's target), a 1440 × 900 window, the
 * bench's 竞品组 (bench-set.ts: the first suggested set):
 * - **the page ready**: the set's address opened in a browser that has the page's scripts cached (a second visit),
 *   from navigation start until the members table, the price table, the chart and the map are drawn and the page
 *   is live (hydrated); target ≤ 300 ms on a quiet machine;
 * - **cold**: the same in a new browser context (nothing cached but the session's cookie), beside it;
 * - **the call**: competitorSets/monitor alone, from the request to the last byte, no answer cache.
 * Options: --runs N (default 9); --compare PATH another build's backend main.js (e.g. a copy of the previous build
 * beside its frontend build) run in the same loop on the same database, alternating with this one, and --compare-label
 * its name in the table; --write puts the figures in bench/RESULTS.md's 竞品监控 section (between its markers).
 */
const TARGET = 300;
const START = '<!-- bench:monitor -->';
const END = '<!-- /bench:monitor -->';

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** `performance.now()` once every panel is drawn and the page hydrated, looked at every frame. */
async function drawn(page: Page): Promise<number> {
  // A function, not a string: the page's content security policy allows no eval.
  const handle = await page.waitForFunction(
    () => {
      const hydrated = Object.keys(document.body).some((key) => key.startsWith('__reactFiber'));
      const ready =
        hydrated &&
        document.querySelector('.monitor-members tbody tr') !== null &&
        document.querySelector('.monitor-prices tbody tr') !== null &&
        document.querySelector('.trend-chart canvas[data-drawn="true"]') !== null &&
        document.querySelector('.monitor-map canvas[data-drawn="true"]') !== null;
      return ready ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface Sample {
  warm: number;
  cold: number;
  call: number;
}

async function run(browser: Browser, origin: string, state: string, link: string, client: ApiClient, setId: number): Promise<Sample> {
  const cold = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
  const coldPage = await cold.newPage();
  await coldPage.goto(`${origin}${link}`, { waitUntil: 'commit' });
  const coldAt = await drawn(coldPage);
  // The second visit in the same context: the scripts, styles and map geometry are cached, as an analyst's browser has them.
  await coldPage.goto(`${origin}${link}`, { waitUntil: 'commit' });
  const warmAt = await drawn(coldPage);
  await cold.close();
  const call = await client.timedGet('competitorSets/monitor', `id=${setId}`);
  return { warm: warmAt, cold: coldAt, call: call.ms };
}

function row(label: string, s: Spread, target?: number): string {
  const verdict = target === undefined ? '' : s.p95 <= target ? 'met' : s.p50 <= target ? 'median only' : 'not met';
  return `| ${label} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${target === undefined ? '' : `≤ ${target}`} | ${verdict} |`;
}

function table(samples: readonly Sample[]): string[] {
  const of = (key: keyof Sample): Spread => spread(samples.map((s) => s[key]));
  return [
    '| timing | p50 ms | p95 ms | max ms | target | |',
    '|---|---:|---:|---:|---:|---|',
    row('the set opened again → every panel drawn, page live', of('warm'), TARGET),
    row('the set opened in a new browser → every panel drawn, page live', of('cold')),
    row('competitorSets/monitor alone (no answer cache)', of('call')),
  ];
}

async function main(): Promise<void> {
  const runs = Number(option('runs') ?? 9);
  const compare = option('compare');
  const config = loadConfig();
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const builds: Array<{ label: string; app: RunningProcesses; samples: Sample[] }> = [
    { label: 'this build', app: await startApp(config.projectRoot, database.url), samples: [] },
  ];
  if (compare)
    builds.push({
      label: option('compare-label') ?? 'the other build',
      app: await startApp(config.projectRoot, database.url, { main: compare }),
      samples: [],
    });
  const browser = await launchBenchBrowser();
  const loads = [loadAverage()];
  const bench: { setId?: number } = {};
  try {
    // One set for every build: the same database, the bench user's.
    const setId = await benchCompetitorSet(await ApiClient.signIn(builds[0].app.base));
    bench.setId = setId;
    const link = `${COMPETITOR_MONITOR_PAGE.path}?set=${setId}`;
    const sessions = await Promise.all(
      builds.map(async (b, i) => ({
        origin: new URL(b.app.base).origin,
        state: await signedInState(browser, new URL(b.app.base).origin, `monitor-${i}`),
        client: await ApiClient.signIn(b.app.base),
      })),
    );
    // One unmeasured run each: the app's first answers and the browser's first compile are not an analyst's.
    for (let i = -1; i < runs; i++) {
      for (const [k, build] of (i % 2 === 0 ? builds : [...builds].reverse()).entries()) {
        const { origin, state, client } = sessions[builds.indexOf(build)];
        const sample = await run(browser, origin, state, link, client, setId);
        if (i < 0) continue;
        build.samples.push(sample);
        process.stderr.write(
          `  ${build.label} run ${i + 1}${k === 0 ? '' : "'"}: ready ${ms(sample.warm)}, cold ${ms(sample.cold)}, call ${ms(sample.call)} ms\n`,
        );
      }
    }
  } finally {
    loads.push(loadAverage());
    await browser.close();
    for (const b of builds) await b.app.stop();
    await database.stop();
  }
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    START,
    `## 竞品监控 in the browser (\`npm run bench:monitor\`, issue 49 §4)`,
    '',
    `${at} UTC, ${runs} runs${builds.length > 1 ? ' of each build, alternating' : ''}; Chromium headless, 1440 × 900, loopback; the app as production runs it on ${database.url.replace(/\/\/[^@]*@/, '//')}; the bench's 竞品组 (${bench.setId}, the first suggested set). Load average ${loads.join(' → ')} (1 / 5 / 15 min; two cores).`,
    '',
    ...builds.flatMap((b) => (builds.length > 1 ? [`**${b.label}**`, '', ...table(b.samples), ''] : [...table(b.samples), ''])),
    END,
  ].join('\n');
  if (process.argv.includes('--write')) writeResultsSection(config.projectRoot, { start: START, end: END }, section);
  process.stdout.write(`${section}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:monitor] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

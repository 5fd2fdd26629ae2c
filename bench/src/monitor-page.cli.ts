import * as os from 'node:os';
import { type Browser, chromium, type Page } from 'playwright-core';
import { COMPETITOR_MONITOR_PAGE } from '@car/contracts';
import { loadConfig } from '@car/backend/dist/config/config';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import { ApiClient } from './api-client';
import { startApp } from './app-process';
import { chromiumPath, signedInState, writeResultsSection } from './browser-bench';
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
 * Options: --runs N (default 9); --write puts the figures in bench/RESULTS.md's 竞品监控 section (between its markers).
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

async function main(): Promise<void> {
  const runs = Number(option('runs') ?? 9);
  const config = loadConfig();
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const app = await startApp(config.projectRoot, database.url);
  const origin = new URL(app.base).origin;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const loads = [
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  ];
  const samples: Sample[] = [];
  const bench: { setId?: number } = {};
  try {
    const client = await ApiClient.signIn(app.base);
    const setId = await benchCompetitorSet(client);
    bench.setId = setId;
    const state = await signedInState(browser, origin, 'monitor');
    const link = `${COMPETITOR_MONITOR_PAGE.path}?set=${setId}`;
    // One unmeasured run: the app's first answers and the browser's first compile are not an analyst's.
    for (let i = -1; i < runs; i++) {
      const sample = await run(browser, origin, state, link, client, setId);
      if (i < 0) continue;
      samples.push(sample);
      process.stderr.write(`  run ${i + 1}: ready ${ms(sample.warm)}, cold ${ms(sample.cold)}, call ${ms(sample.call)} ms\n`);
    }
  } finally {
    loads.push(
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / '),
    );
    await browser.close();
    await app.stop();
    await database.stop();
  }
  const of = (key: keyof Sample): Spread => spread(samples.map((s) => s[key]));
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    START,
    `## 竞品监控 in the browser (\`npm run bench:monitor\`, issue 49 §4)`,
    '',
    `${at} UTC, ${runs} runs; Chromium headless, 1440 × 900, loopback; the app as production runs it on ${database.url.replace(/\/\/[^@]*@/, '//')}; the bench's 竞品组 (${bench.setId}, the first suggested set). Load average ${loads.join(' → ')} (1 / 5 / 15 min; two cores).`,
    '',
    '| timing | p50 ms | p95 ms | max ms | target | |',
    '|---|---:|---:|---:|---:|---|',
    row('the set opened again → every panel drawn, page live', of('warm'), TARGET),
    row('the set opened in a new browser → every panel drawn, page live', of('cold')),
    row('competitorSets/monitor alone (no answer cache)', of('call')),
    '',
    END,
  ].join('\n');
  if (process.argv.includes('--write')) writeResultsSection(config.projectRoot, { start: START, end: END }, section);
  process.stdout.write(`${section}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:monitor] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

import 'reflect-metadata';
import * as fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { API_PREFIX, CAR_CONFIG, type ConfigTable } from '@car/contracts';
import { loadConfig } from '@car/backend/dist/config/config';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import {
  buildTables,
  launchBenchBrowser,
  loadAverage,
  option,
  sampleBuilds,
  signedInState,
  startBuilds,
  stopBench,
  TIMING_HEAD,
  timingRow,
  writeResultsSection,
} from './browser-bench';
import { ms, type Spread, spread } from './stats';

/**
 * `npm run bench:config` (issue 45 §3, decision 288): 配置查询 in Chromium as an analyst uses it, on the app started
 * as production runs it on DATABASE_URL (the demo data for the targets), a 1440 × 900 window:
 * - **typing → first suggestion**: the name of the fifth sub-series put in the search box (one input event), from
 *   that event until the first match is listed (the box's typing pause of 120 ms included); target ≤ 250 ms;
 * - **one sub-series added → table drawn**: four sub-series shown, the fifth's match clicked, until the head shows
 *   its trims with the first screenful of rows (and, reported beside it, until every row is drawn); target ≤ 300 ms;
 * - **a cold link of five → table drawn**: a new tab (cold cache, the session's cookie) opening the bookmark of five
 *   sub-series with their trims, from navigation start to every row drawn and the page live (hydrated); its first
 *   contentful paint beside it (the server renders the first screenful); target ≤ 800 ms.
 * Each run is a new browser context. Options: --runs N (default 9); --compare PATH another build's backend main.js
 * (e.g. a copy of the previous build beside its frontend build) run in the same loop, alternating with this one, and
 * --compare-label its name in the table; --write puts the figures in
 * bench/RESULTS.md's 配置查询 section (between its markers, the rest left as it is); --out FILE writes them alone.
 */
const TARGETS = { suggest: 250, add: 300, cold: 800 } as const;
const SUB_SERIES = [720, 585, 68, 549, 509];
const PAGE = '/product/configquery';
const START = '<!-- bench:config -->';
const END = '<!-- /bench:config -->';

interface Sample {
  suggest: number;
  add: number;
  addAll: number;
  coldFcp: number;
  cold: number;
}

/** What the page is waited for: every row drawn; the fifth sub-series' trims in the head with rows under them (and every row); a match listed. */
type Probe = { rows: boolean; group?: number; match?: boolean };

/** `performance.now()` in the page once `probe` holds, looked at every frame. */
async function when(page: Page, probe: Probe): Promise<number> {
  // A function, not a string: the page's content security policy allows no eval.
  const handle = await page.waitForFunction(
    ({ rows, group, match }: Probe) => {
      const holds =
        (!rows || document.querySelector('.config-scroll[data-rows="all"] table.config-block') !== null) &&
        (group === undefined ||
          (document.querySelector(`.config-head th.config-group[data-sub-series="${group}"]`) !== null &&
            document.querySelector('table.config-block') !== null)) &&
        (!match || document.querySelector('.config-search__item') !== null);
      return holds ? performance.now() : null;
    },
    probe,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** The bookmark of the sub-series with the trims their first load pre-selects (as the page writes it into the address). */
async function bookmark(browser: Browser, origin: string, state: string, ids: readonly number[]): Promise<{ link: string; names: string[] }> {
  const context = await browser.newContext({ storageState: state });
  const response = await context.request.get(`${origin}${API_PREFIX}/${CAR_CONFIG.get.path}?ids=${ids.join(',')}`);
  const table = ((await response.json()) as { result: ConfigTable }).result;
  await context.close();
  const codes = table.columns.map((c) => c.carJllCode).join(',');
  return { link: `${PAGE}?ids=${ids.join(',')}&carJllCodes=${codes}`, names: table.cars.map((c) => c.name) };
}

async function run(browser: Browser, origin: string, state: string): Promise<Sample> {
  const five = await bookmark(browser, origin, state, SUB_SERIES);
  const four = await bookmark(browser, origin, state, SUB_SERIES.slice(0, 4));
  const fifth = { id: SUB_SERIES[4], name: five.names[4] };

  // A cold link of five: a new context, so nothing is cached but the session's cookie.
  const cold = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
  const coldPage = await cold.newPage();
  await coldPage.goto(`${origin}${five.link}`, { waitUntil: 'commit' });
  const coldAll = await when(coldPage, { rows: true });
  const coldFcp = await coldPage.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  await cold.close();

  // Four shown, then the fifth typed and added.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
  const page = await context.newPage();
  await page.goto(`${origin}${four.link}`);
  await when(page, { rows: true });
  const box = page.getByRole('textbox', { name: '搜索子车系' });
  await box.click();
  // From the input event itself, so that the driver's own steps before it (its checks, the focus) do not count.
  await box.evaluate((input) =>
    input.addEventListener('input', (event) => ((window as unknown as { typedAt: number }).typedAt = event.timeStamp), { once: true, capture: true }),
  );
  await box.fill(fifth.name);
  const suggested = await when(page, { rows: false, match: true });
  const typed = await page.evaluate(() => (window as unknown as { typedAt: number }).typedAt);
  const match = page.getByRole('option', { name: fifth.name, exact: true });
  await match.waitFor();
  // The click in the page, so that its time is the page's own.
  const clicked = await match.evaluate((el) => {
    const at = performance.now();
    (el as HTMLElement).click();
    return at;
  });
  const added = await when(page, { rows: false, group: fifth.id });
  const addedAll = await when(page, { rows: true, group: fifth.id });
  await context.close();
  return { suggest: suggested - typed, add: added - clicked, addAll: addedAll - clicked, coldFcp, cold: coldAll };
}

function table(samples: readonly Sample[]): string[] {
  const of = (key: keyof Sample): Spread => spread(samples.map((s) => s[key]));
  return [
    ...TIMING_HEAD,
    timingRow('typing → first suggestion', of('suggest'), TARGETS.suggest),
    timingRow('one sub-series added → its trims and the first rows drawn', of('add'), TARGETS.add),
    timingRow('one sub-series added → every row drawn', of('addAll')),
    timingRow('cold link of five → first contentful paint', of('coldFcp')),
    timingRow('cold link of five → every row drawn, page live', of('cold'), TARGETS.cold),
  ];
}

async function main(): Promise<void> {
  const runs = Number(option('runs') ?? 9);
  const out = option('out');
  const config = loadConfig();
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const builds = await startBuilds<Sample>(config.projectRoot, database.url);
  const browser = await launchBenchBrowser();
  const loads: string[] = [loadAverage()];
  try {
    const states = await Promise.all(builds.map((b, i) => signedInState(browser, new URL(b.app.base).origin, `config-${i}`)));
    await sampleBuilds(
      builds,
      runs,
      (build) => run(browser, new URL(build.app.base).origin, states[builds.indexOf(build)]),
      (sample) => `suggest ${ms(sample.suggest)}, add ${ms(sample.add)} (all ${ms(sample.addAll)}), cold FCP ${ms(sample.coldFcp)}, cold ${ms(sample.cold)} ms`,
    );
  } finally {
    loads.push(loadAverage());
    await stopBench(browser, builds, database);
  }
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    START,
    `## 配置查询 in the browser (\`npm run bench:config\`, issue 45 §3)`,
    '',
    `${at} UTC, ${runs} runs, each in a new browser context; Chromium headless, 1440 × 900, loopback; the app as production runs it on ${database.url.replace(/\/\/[^@]*@/, '//')}; sub-series ${SUB_SERIES.join(', ')} (the first four shown, the fifth typed and added; the cold link is the five's bookmark with their pre-selected trims). Load average ${loads.join(' → ')} (1 / 5 / 15 min; two cores).`,
    '',
    ...buildTables(builds, table),
    END,
  ];
  const section = lines.join('\n');
  if (out) fs.writeFileSync(out, `${section}\n`);
  if (process.argv.includes('--write')) writeResultsSection(config.projectRoot, { start: START, end: END }, section);
  process.stdout.write(`${section}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:config] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

import type { Browser, Page } from 'playwright-core';
import { ATTRIBUTION_PAGE, COMPETITOR_MONITOR_PAGE } from '@car/contracts';
import { loadConfig } from '@car/backend/dist/config/config';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import { ApiClient } from './api-client';
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
import { benchCompetitorSet } from './bench-set';
import { ms, type Spread, spread } from './stats';

/**
 * `npm run bench:monitor`, `npm run bench:attribution` (issue 49 §4, decision 297; issue 50 §5, decision 302): an
 * analysis page in Chromium as an analyst opens it every day, on the app started as production runs it on DATABASE_URL
 * (the demo data for the issues' target), a 1440 × 900 window:
 * - **the page ready**: its address opened in a browser that has the page's scripts cached (a second visit), from
 *   navigation start until every panel of the page (READY_PAGES) is drawn and the page is live (hydrated); target
 *   ≤ 300 ms on a quiet machine;
 * - **cold**: the same in a new browser context (nothing cached but the session's cookie), beside it;
 * - **the call**: the page's main call alone, from the request to the last byte, no answer cache.
 * The page is the first argument (monitor, attribution). Options: --runs N (default 9); --compare PATH another build's
 * backend main.js (e.g. a copy of the previous build beside its frontend build) run in the same loop on the same
 * database, alternating with this one, and --compare-label its name in the table; --write puts the figures in
 * bench/RESULTS.md's section of the page (between its markers).
 */
const TARGET = 300;

/** A page timed: what it opens, what drawn means (every selector present) and the call timed alone. */
interface ReadyPage {
  /** Its section's heading and the markers' name in RESULTS.md. */
  title: string;
  marker: string;
  script: string;
  source: string;
  /** The address opened and the call timed alone, once the bench's data is in place; `about` says what was opened. */
  prepare(client: ApiClient): Promise<{ link: string; call: { path: string; query: string }; about: string }>;
  /** What is on the page once every panel is drawn: each selector matches. */
  drawn: string[];
  what: string;
}

const READY_PAGES: Record<string, ReadyPage> = {
  monitor: {
    title: '竞品监控',
    marker: 'bench:monitor',
    script: 'npm run bench:monitor',
    source: 'issue 49 §4',
    prepare: async (client) => {
      // The bench user's set (bench-set.ts: the first suggested set), one for every build: the same database.
      const setId = await benchCompetitorSet(client);
      return {
        link: `${COMPETITOR_MONITOR_PAGE.path}?set=${setId}`,
        call: { path: 'competitorSets/monitor', query: `id=${setId}` },
        about: `the bench's 竞品组 (${setId}, the first suggested set)`,
      };
    },
    drawn: ['.monitor-members tbody tr', '.monitor-prices tbody tr', '.trend-chart canvas[data-drawn="true"]', '.monitor-map canvas[data-drawn="true"]'],
    what: 'the set',
  },
  attribution: {
    title: '归因分析',
    marker: 'bench:attribution',
    script: 'npm run bench:attribution',
    source: 'issue 50 §5',
    prepare: () =>
      Promise.resolve({
        link: ATTRIBUTION_PAGE.path,
        call: { path: 'attribution/volume', query: '' },
        about: 'the page as the menu opens it (销量拉动: the latest month, 同比, by 细分市场)',
      }),
    drawn: ['.attribution-cards .summary-card', '.attribution-table tbody tr', '.attribution-waterfall canvas[data-drawn="true"]'],
    what: 'the page',
  },
};

/** `performance.now()` once every selector matches and the page is hydrated, looked at every frame. */
async function drawn(page: Page, selectors: readonly string[]): Promise<number> {
  // A function, not a string: the page's content security policy allows no eval.
  const handle = await page.waitForFunction(
    (wanted: readonly string[]) => {
      const hydrated = Object.keys(document.body).some((key) => key.startsWith('__reactFiber'));
      return hydrated && wanted.every((s) => document.querySelector(s) !== null) ? performance.now() : null;
    },
    selectors,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface Sample {
  warm: number;
  cold: number;
  call: number;
}

async function run(
  browser: Browser,
  origin: string,
  state: string,
  target: ReadyPage,
  link: string,
  call: { path: string; query: string },
  client: ApiClient,
): Promise<Sample> {
  const cold = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
  const coldPage = await cold.newPage();
  await coldPage.goto(`${origin}${link}`, { waitUntil: 'commit' });
  const coldAt = await drawn(coldPage, target.drawn);
  // The second visit in the same context: the scripts, styles and map geometry are cached, as an analyst's browser has them.
  await coldPage.goto(`${origin}${link}`, { waitUntil: 'commit' });
  const warmAt = await drawn(coldPage, target.drawn);
  await cold.close();
  const timed = await client.timedGet(call.path, call.query);
  return { warm: warmAt, cold: coldAt, call: timed.ms };
}

function table(target: ReadyPage, call: { path: string }, samples: readonly Sample[]): string[] {
  const of = (key: keyof Sample): Spread => spread(samples.map((s) => s[key]));
  return [
    ...TIMING_HEAD,
    timingRow(`${target.what} opened again → every panel drawn, page live`, of('warm'), TARGET),
    timingRow(`${target.what} opened in a new browser → every panel drawn, page live`, of('cold')),
    timingRow(`${call.path} alone (no answer cache)`, of('call')),
  ];
}

async function main(): Promise<void> {
  const key = process.argv[2] ?? '';
  const target = READY_PAGES[key];
  if (!target) throw new Error(`which page? ${Object.keys(READY_PAGES).join(' or ')} (got "${key}")`);
  const runs = Number(option('runs') ?? 9);
  const config = loadConfig();
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const builds = await startBuilds<Sample>(config.projectRoot, database.url);
  const browser = await launchBenchBrowser();
  const loads = [loadAverage()];
  let opened: Awaited<ReturnType<ReadyPage['prepare']>>;
  try {
    opened = await target.prepare(await ApiClient.signIn(builds[0].app.base));
    const sessions = await Promise.all(
      builds.map(async (b, i) => ({
        origin: new URL(b.app.base).origin,
        state: await signedInState(browser, new URL(b.app.base).origin, `${key}-${i}`),
        client: await ApiClient.signIn(b.app.base),
      })),
    );
    await sampleBuilds(
      builds,
      runs,
      (build) => {
        const { origin, state, client } = sessions[builds.indexOf(build)];
        return run(browser, origin, state, target, opened.link, opened.call, client);
      },
      (sample) => `ready ${ms(sample.warm)}, cold ${ms(sample.cold)}, call ${ms(sample.call)} ms`,
    );
  } finally {
    loads.push(loadAverage());
    await stopBench(browser, builds, database);
  }
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const [start, end] = [`<!-- ${target.marker} -->`, `<!-- /${target.marker} -->`];
  const section = [
    start,
    `## ${target.title} in the browser (\`${target.script}\`, ${target.source})`,
    '',
    `${at} UTC, ${runs} runs${builds.length > 1 ? ' of each build, alternating' : ''}; Chromium headless, 1440 × 900, loopback; the app as production runs it on ${database.url.replace(/\/\/[^@]*@/, '//')}; ${opened.about}. Load average ${loads.join(' → ')} (1 / 5 / 15 min; two cores).`,
    '',
    ...buildTables(builds, (samples) => table(target, opened.call, samples)),
    end,
  ].join('\n');
  if (process.argv.includes('--write')) writeResultsSection(config.projectRoot, { start, end }, section);
  process.stdout.write(`${section}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:page-ready] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

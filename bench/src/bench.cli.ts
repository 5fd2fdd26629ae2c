import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatMonth } from '@car/contracts';
import { RollupBuildReport, RollupRepository } from '@car/backend/dist/analytics/rollup.repository';
import { CalendarRepository } from '@car/backend/dist/reference/calendar.repository';
import { ROLLUP_TABLES } from '@car/backend/dist/analytics/rollups';
import { ApiClient, FRESH, type MpLinkSigner } from './api-client';
import { startApp } from './app-process';
import { BenchEndpoint, ENDPOINTS } from './bench-cases';
import { benchCompetitorSet, readsBenchSet, withBenchSet } from './bench-set';
import { datedRecord } from './doc-section';
import { DuckFacts, exportParquet } from './duckdb-facts';
import { benchExports, type ExportBench, renderExportBench } from './export-bench';
import { loadRun, loadSummary } from './load-run';
import { costPerCall, costSnapshot } from './call-cost';
import { captureScans, compareRaw, EndpointResult, measureLatency, monthRows } from './measure';
import { renderPriceTimings, timePriceQueries } from './price-queries';
import { benchSlowCalls, renderSlowCalls } from './slow-calls';
import { benchViews, renderViewsBench, viewsCalls, type ViewsBench } from './views-bench';
import { budgetOf, budgetVerdict, kindOf, OVER_BUDGET_EXIT_CODE, overBudget, type TimedCall } from './budget';
import { QueryCapture } from './query-capture';
import { BenchReport, type FreshLoadRun, MIN_RETAIL_ROWS, renderReport, RollupSize } from './report';
import { ms, spread } from './stats';
import { loadConfig } from '@car/backend/dist/config/config';
import { openDataSource } from '@car/backend/dist/database/data-source';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import { loadDemoData } from '@car/backend/dist/bootstrap/load-demo-data';
import { terminalProgress } from '@car/backend/dist/seed/progress';
import { LinkSigner } from '@car/backend/dist/mp/mp-link';
import { loadMpSecret } from '@car/backend/dist/mp/mp-session.service';
import { MP_SESSION_HEADER } from '@car/contracts';

/**
 * `npm run bench`: the analytics query layer and the sales-volume API at the large scale (at least 30
 * million retail rows; seed it first with `npm run seed -- --scale large`, or pass `--seed`).
 *   1. rollup sizes, a full rebuild of every rollup and a one-month rebuild, timed;
 *   2. the built app started as its own process, signed in as the demo analyst;
 *   3. every endpoint of bench-cases.ts over its varied filters: p50 / p95 / max, rows scanned;
 *   4. the same aggregates on the raw facts: PostgreSQL without rollups and DuckDB over Parquet;
 *   5. a load run: 50 users on a mix of the calls for 60 s (autocannon);
 *   6. the exports (with REDIS_URL): city retail exports of 1 and 3 million rows in a worker process
 *      (export-bench.ts); --exports-only runs this case alone, with no rebuild of any rollup, and
 *      --no-exports leaves it out;
 *   7. issue 28's slow actions cold and warm (slow-calls.ts: the five-sub-series configuration link and
 *      the report search over an archive of reports it writes once); --slow-calls runs this case alone on
 *      any database (the demo's will do: no large set needed) and appends its section to the report
 *      instead of rewriting it, --against DIR times another build of the app in turns (e.g. main's),
 *      --cold-runs N (5) app starts per call and build, --warm-calls N (20); with --against the load run computing
 *      every call afresh (5.) also takes turns between the two builds, twice each;
 *   8. 我的视图's save, list and open (views-bench.ts, target p95 ≤ 20 ms): --views runs this case alone on any database
 *      (the demo's will do) and appends its section to the report;
 * then writes bench/RESULTS.md, and ends with the calls over their budget (budget.ts: JSON 20 ms, workbook 50 ms,
 * deck 1 s at p95) and exit code 3 when there are any. Options: --seed, --skip-rebuild, --no-load, --only <text>,
 * --compare N (variants per endpoint timed on the raw facts, 3), --pg-runs N (1), --duck-runs N (5),
 * --calls N (at least N calls per endpoint, 24), --connections N (50), --seconds N (60), --out FILE.
 */
const log = (line: string): void => void process.stderr.write(`${line}\n`);

function options(argv: string[]) {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, fallback: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  return {
    seed: argv.includes('--seed'),
    rebuild: !argv.includes('--skip-rebuild'),
    load: !argv.includes('--no-load'),
    only: value('only'),
    compare: num('compare', 3),
    pgRuns: Math.max(1, num('pg-runs', 1)),
    duckRuns: Math.max(1, num('duck-runs', 5)),
    calls: Math.max(20, num('calls', 24)),
    connections: num('connections', 50),
    seconds: num('seconds', 60),
    out: value('out'),
    exports: !argv.includes('--no-exports'),
    exportsOnly: argv.includes('--exports-only'),
    slowOnly: argv.includes('--slow-calls'),
    viewsOnly: argv.includes('--views'),
    against: value('against'),
    coldRuns: Math.max(1, num('cold-runs', 5)),
    warmCalls: Math.max(1, num('warm-calls', 20)),
  };
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const startedAt = new Date();
  const config = loadConfig();
  const database = await resolveDatabase(config, log);
  const ds = await openDataSource(database.url, 'car-bench');
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  let capture: QueryCapture | null = null;
  let duck: DuckFacts | null = null;
  try {
    await ds.runMigrations({ transaction: 'each' });
    const slowBuilds: Record<string, string> = { this: config.projectRoot, ...(opts.against ? { against: path.resolve(opts.against) } : {}) };
    if (opts.viewsOnly) {
      const app = await startApp(config.projectRoot, database.url);
      try {
        const views = await benchViews(app.base, { log });
        const out = opts.out ?? path.join(config.projectRoot, 'bench', 'RESULTS.md');
        fs.appendFileSync(out, renderViewsBench(views, startedAt));
        log(`[bench] appended to ${out}`);
        checkBudgets(viewsCalls(views));
      } finally {
        await app.stop();
      }
      return;
    }
    if (opts.slowOnly) {
      const slow = await benchSlowCalls(ds, database.url, slowBuilds, { runs: opts.coldRuns, warmCalls: opts.warmCalls, log });
      const out = opts.out ?? path.join(config.projectRoot, 'bench', 'RESULTS.md');
      fs.appendFileSync(out, renderSlowCalls(slow, startedAt));
      log(`[bench] appended to ${out}`);
      return;
    }
    const countRetailRows = async () => Number((await ds.query<Array<{ n: string }>>('SELECT count(*)::bigint AS n FROM retail_fact'))[0].n);
    let retailRows = await countRetailRows();
    if (retailRows < MIN_RETAIL_ROWS) {
      if (!opts.seed) {
        throw new Error(
          `the database holds ${retailRows.toLocaleString('en-US')} retail rows; the benchmark needs at least ${MIN_RETAIL_ROWS.toLocaleString('en-US')}.\n` +
            'Seed the large set first: `npm run seed -- --scale large` (about 5 minutes, replaces all market data), or run `npm run bench -- --seed`.',
        );
      }
      log('[bench] seeding the large set …');
      await loadDemoData(ds, { scale: 'large', seed: config.SEED_NUMBER, reportsDir: config.reportsDir, progress: terminalProgress() });
      retailRows = await countRetailRows();
    }
    const [facts] = await ds.query<Array<{ wholesale: string; retail_bytes: string; first: number; last: number; months: number }>>(
      `SELECT (SELECT count(*) FROM wholesale_fact)::bigint AS wholesale, pg_total_relation_size('retail_fact') AS retail_bytes,
              (SELECT min(month) FROM data_month) AS first, (SELECT max(month) FROM data_month) AS last, (SELECT count(*) FROM data_month)::int AS months`,
    );
    const allMonths = (await ds.query<Array<{ month: number }>>('SELECT month FROM data_month ORDER BY month')).map((r) => r.month);
    log(`[bench] ${retailRows.toLocaleString('en-US')} retail rows, ${formatMonth(facts.first)} … ${formatMonth(facts.last)}`);
    if (opts.exportsOnly) {
      // Reads only (and the export_job rows the exports write): no rollup is rebuilt.
      const exportBench = await benchExports(ds, config.projectRoot, database.url, config.REDIS_URL, allMonths[allMonths.length - 1]);
      const out = opts.out ?? path.join(config.projectRoot, 'bench', 'RESULTS.md');
      fs.writeFileSync(out, `# Benchmark: exports only (${startedAt.toISOString()})\n${renderExportBench(exportBench)}`);
      log(`[bench] written ${out}`);
      return;
    }

    // 1. Rollups: a full rebuild (the seed's path), then one month (an import's path).
    const rollups = new RollupRepository(ds, new CalendarRepository(ds));
    let fullRebuild: RollupBuildReport[] | null = null;
    const empty = (
      await ds.query<Array<{ empty: boolean }>>(`SELECT ${ROLLUP_TABLES.map((b) => `NOT EXISTS (SELECT 1 FROM ${b.table})`).join(' OR ')} AS empty`)
    )[0].empty;
    if (opts.rebuild || empty) {
      log(`[bench] full rebuild of every rollup over ${allMonths.length} months …`);
      fullRebuild = await rollups.rebuild(allMonths);
      for (const t of fullRebuild) log(`  ${t.table}: ${t.rows.toLocaleString('en-US')} rows in ${(t.ms / 1000).toFixed(1)} s`);
    }
    const latest = allMonths[allMonths.length - 1];
    // --skip-rebuild leaves the rollups alone altogether (a database shared with other runs).
    const monthRebuild = opts.rebuild ? { month: formatMonth(latest), tables: await rollups.rebuild([latest]) } : null;
    if (monthRebuild) {
      log(`[bench] one-month rebuild: ${monthRebuild.tables.map((t) => `${t.table} ${t.ms} ms`).join(', ')}`);
      await ds.query('VACUUM ANALYZE');
    }
    const rollupSizes: RollupSize[] = [];
    for (const build of ROLLUP_TABLES) {
      const [row] = await ds.query<Array<{ rows: string; bytes: string }>>(
        `SELECT count(*)::bigint AS rows, pg_total_relation_size($1) AS bytes FROM ${build.table}`,
        [build.table],
      );
      rollupSizes.push({ table: build.table, rows: Number(row.rows), bytes: Number(row.bytes) });
    }

    // 2. The app as production runs it, and an in-process copy that records the analytics queries.
    log('[bench] starting the app …');
    app = await startApp(config.projectRoot, database.url);
    const client = await ApiClient.signIn(app.base);
    capture = await QueryCapture.start(config, database.url, client.token);
    // The mini-program's calls: an mp session opened by a link signed as its back end would (the same secret as the app's).
    const secret = loadMpSecret(config);
    // A link opens one session (decision 263): each session below gets one of its own.
    const links = new LinkSigner(secret);
    const signer: MpLinkSigner = (openId) => links.sign(openId);

    // 3. Latency and rows scanned per endpoint.
    const chosen = ENDPOINTS.filter((e) => !opts.only || e.path.includes(opts.only));
    // 竞品监控 reads a set of the bench user's (the in-process copy signs in as the same user): made or found first.
    const setId = chosen.some(readsBenchSet) ? await benchCompetitorSet(client) : null;
    const endpoints: BenchEndpoint[] = chosen.map((e) => (setId === null ? e : withBenchSet(e, setId)));
    const withMp = endpoints.some((e) => e.access === 'mp');
    if (withMp) {
      await client.openMpSession(signer);
      await capture.openMpSession(signer);
    }
    // One pass over every call first, so the first endpoint measured does not pay for a cold process.
    for (const endpoint of endpoints) for (const variant of endpoint.variants) await client.timedGet(endpoint.path, variant, endpoint.access);
    const results: EndpointResult[] = [];
    for (const endpoint of endpoints) {
      const samples = await measureLatency(client, endpoint, opts.calls);
      const scans = await captureScans(capture, ds, endpoint);
      const result: EndpointResult = { endpoint, variants: endpoint.variants.map((query, i) => ({ query, samples: samples[i], ...scans[i] })) };
      results.push(result);
      const s = spread(samples.flat());
      log(`  ${endpoint.path}: p50 ${ms(s.p50)} p95 ${ms(s.p95)} max ${ms(s.max)} ms (${s.n} calls)`);
    }
    await capture.close();
    capture = null;

    // 4. The same aggregates on the raw facts.
    let parquet: BenchReport['parquet'] = null;
    if (opts.compare > 0) {
      log('[bench] Parquet copy of the raw facts …');
      const cache = await exportParquet(ds, path.join(config.DATA_DIR, 'bench'), log);
      parquet = { reused: cache.reused, exportMs: cache.exportMs, bytes: Object.values(cache.bytes).reduce((a, b) => a + b, 0) };
      duck = await DuckFacts.open(cache.dir);
      const months = await monthRows(ds);
      log('[bench] the same aggregates on the raw facts (PostgreSQL, DuckDB) …');
      for (const result of results) {
        for (const variant of result.variants.slice(0, opts.compare)) {
          variant.comparison = await compareRaw(ds, duck, client, result.endpoint, variant, months, { pgRuns: opts.pgRuns, duckRuns: opts.duckRuns });
          const c = variant.comparison;
          if (c)
            log(
              `  ${result.endpoint.path}?${variant.query}: API ${ms(c.apiMs)} · PostgreSQL raw ${ms(c.pgMs)} · DuckDB ${ms(c.duckMs)} ms${c.agree === false ? ' · FIGURES DIFFER' : ''}`,
            );
        }
      }
      duck.close();
      duck = null;
    }

    // 5. The load run: every endpoint's first two variants, interleaved so users spread over endpoints. The decks (导出PPT)
    // are left out: an analyst takes one for a meeting, not one per page view, and their own bound is a second (issue 31).
    const loadMix = interleave(
      endpoints.filter((e) => kindOf(e.path) !== 'deck').map((e) => e.variants.slice(0, 2).map((v) => `${e.path}${v ? `?${v}` : ''}`)),
    );
    let load = null;
    const loadFresh: FreshLoadRun[] = [];
    if (opts.load) {
      // A fresh mp session, so it outlives the runs whatever the measuring before took.
      const headers: Record<string, string> = { token: client.token, ...(withMp ? { [MP_SESSION_HEADER]: await client.openMpSession(signer) } : {}) };
      // First every call computed afresh (the work itself) — with --against, this build and the other take turns,
      // twice each — then as analysts meet the API: each answer computed once, then from the answer cache.
      const other = opts.against ? await startApp(path.resolve(opts.against), database.url) : null;
      try {
        const otherHeaders = other ? { ...headers, token: (await ApiClient.signIn(other.base)).token } : null;
        for (let turn = 1; turn <= (other ? 2 : 1); turn++) {
          log(`[bench] load run, every call computed afresh: ${opts.connections} users for ${opts.seconds} s (this build${other ? `, turn ${turn}` : ''}) …`);
          const before = await costSnapshot(ds, app.pid);
          const result = await loadRun(app.base, { ...headers, ...FRESH }, loadMix, opts.connections, opts.seconds);
          loadFresh.push({ build: 'this', turn, result, cost: costPerCall(before, await costSnapshot(ds, app.pid), result.requests) });
          log(`  ${loadSummary(loadFresh[loadFresh.length - 1].result)}`);
          if (!other || !otherHeaders) continue;
          log(`[bench] load run, every call computed afresh: ${opts.connections} users for ${opts.seconds} s (--against, turn ${turn}) …`);
          loadFresh.push({ build: 'against', turn, result: await loadRun(other.base, { ...otherHeaders, ...FRESH }, loadMix, opts.connections, opts.seconds) });
          log(`  ${loadSummary(loadFresh[loadFresh.length - 1].result)}`);
        }
      } finally {
        await other?.stop();
      }
      log(`[bench] load run with the answer cache: ${opts.connections} users for ${opts.seconds} s …`);
      load = await loadRun(app.base, headers, loadMix, opts.connections, opts.seconds);
      log(`  ${loadSummary(load)}`);
    }

    // 6. The exports, in a worker process on Redis.
    let exportBench: ExportBench | null = null;
    if (opts.exports && config.REDIS_URL) exportBench = await benchExports(ds, config.projectRoot, database.url, config.REDIS_URL, latest);
    else if (opts.exports) log('[bench] exports skipped: they need REDIS_URL (a worker process runs them)');

    const pg = (
      await ds.query<Array<{ v: string; sb: string; wm: string; pw: string }>>(
        `SELECT version() AS v, current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm, current_setting('max_parallel_workers_per_gather') AS pw`,
      )
    )[0];
    const duckVersion =
      opts.compare > 0
        ? await DuckFacts.open(path.join(config.DATA_DIR, 'bench')).then(async (d) => {
            const v = await d.version();
            d.close();
            return v;
          })
        : '-';
    const report: BenchReport = {
      startedAt,
      minutes: (Date.now() - startedAt.getTime()) / 60_000,
      machine: [
        `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}; load average at the end ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')}.`,
        `Node ${process.version}; ${pg.v.split(' on ')[0]} (shared_buffers ${pg.sb}, work_mem ${pg.wm}, max_parallel_workers_per_gather ${pg.pw}), same machine, loopback; DuckDB ${duckVersion} (2 threads, in the benchmark's process).`,
      ],
      data: {
        retailRows,
        wholesaleRows: Number(facts.wholesale),
        retailBytes: Number(facts.retail_bytes),
        months: `${formatMonth(facts.first)} … ${formatMonth(facts.last)} (${facts.months})`,
      },
      rollups: rollupSizes,
      fullRebuild,
      monthRebuild,
      parquet,
      endpoints: results,
      compareNote:
        `For the first ${opts.compare} variants of each endpoint, every analytics query the call makes (recorded by an in-process copy of the app) is written again by the same query builder on the raw facts instead of a rollup (\`RAW_FACTS\`: \`retail_fact\` or \`wholesale_fact\` joined to car, sub-series, producer, brand, city, province) and run on PostgreSQL (median of ${opts.pgRuns} run${opts.pgRuns > 1 ? 's' : ''}) and, with the same SQL text, on DuckDB over the Parquet copy. After a warm-up of each, the API call and the DuckDB runs take turns ${opts.duckRuns} times, so both meet the same moments of the noisy machine; each column is the median of its turns. ` +
        'Times are summed over the call\'s queries and are query time only, while the API time is the whole call end to end, so the comparison leans towards DuckDB. getCars is compared on its trims\' monthly retail from the raw facts; the other search calls read reference tables only and have no fact aggregate to compare. "Figures agree" compares the sum of every measure of the rollup answer, raw PostgreSQL and DuckDB.',
      load,
      loadFresh,
      loadMix,
    };
    const out = opts.out ?? path.join(config.projectRoot, 'bench', 'RESULTS.md');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    log('[bench] 我的视图: save, list and open …');
    const views: ViewsBench = await benchViews(app.base, { log });
    log('[bench] price questions of the query layer …');
    const prices = await timePriceQueries(ds, latest, opts.calls);
    log("[bench] issue 28's slow actions, cold and warm …");
    const slow = await benchSlowCalls(ds, database.url, slowBuilds, { runs: opts.coldRuns, warmCalls: opts.warmCalls, log });
    const dated = datedRecord(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '');
    fs.writeFileSync(
      out,
      renderReport(report) +
        renderPriceTimings(prices) +
        renderViewsBench(views, startedAt) +
        (exportBench ? renderExportBench(exportBench) : '') +
        renderSlowCalls(slow, startedAt) +
        dated,
    );
    log(`[bench] written ${out}`);
    checkBudgets([
      ...results.map((r) => ({ name: r.endpoint.path, budgetMs: budgetOf(r.endpoint), samples: r.variants.flatMap((v) => v.samples) })),
      ...viewsCalls(views),
    ]);
  } finally {
    duck?.close();
    await capture?.close();
    await app?.stop();
    await ds.destroy();
    await database.stop();
  }
}

/** The bench's verdict on its calls' budgets, last on the terminal, and in the exit code (budget.ts). */
function checkBudgets(calls: TimedCall[]): void {
  const over = overBudget(calls);
  log(budgetVerdict(calls.length, over));
  if (over.length > 0) process.exitCode = OVER_BUDGET_EXIT_CODE;
}

/** One from each list in turn: a, b, c, a, b, c … */
function interleave(lists: string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) for (const list of lists) if (list[i] !== undefined) out.push(list[i]);
  return out;
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

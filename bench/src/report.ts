import type { RollupBuildReport } from '@car/backend/dist/analytics/rollup.repository';
import type { EndpointResult } from './measure';
import { failuresOf, type LoadRunResult } from './load-run';
import { BUDGET_MS, budgetOf } from './budget';
import type { CallCost } from './call-cost';
import { bytes, count, ms, spread } from './stats';

/** The load run with the answer cache. */
export const TARGET_LOAD_P99_MS = 250;
/** The load run computing every call afresh (issue 32 §3): at least this many calls a second at this p99, no failures. */
export const TARGET_FRESH_PER_SECOND = 1_000;
export const TARGET_FRESH_P99_MS = 150;
export const MIN_RETAIL_ROWS = 30_000_000;

export interface RollupSize {
  table: string;
  rows: number;
  bytes: number;
}

/** A load run computing every call afresh, of this build or (--against) the other, in its turn. */
export interface FreshLoadRun {
  build: 'this' | 'against';
  turn: number;
  result: LoadRunResult;
  /** What a call of the run cost the machine (call-cost.ts); this build's runs only. */
  cost?: CallCost;
}

export interface BenchReport {
  startedAt: Date;
  minutes: number;
  machine: string[];
  data: { retailRows: number; wholesaleRows: number; months: string; retailBytes: number };
  rollups: RollupSize[];
  fullRebuild: RollupBuildReport[] | null;
  /** Null with --skip-rebuild: a shared database's rollups are left alone. */
  monthRebuild: { month: string; tables: RollupBuildReport[] } | null;
  parquet: { reused: boolean; exportMs: number; bytes: number } | null;
  endpoints: EndpointResult[];
  compareNote: string;
  /** The load run as analysts meet the API: each answer computed once, then served by the answer cache. */
  load: LoadRunResult | null;
  /** The same run with every call computed afresh (`Cache-Control: no-cache`): the work itself; with --against, the two builds' turns. */
  loadFresh: FreshLoadRun[];
  loadMix: string[];
}

const yes = (ok: boolean): string => (ok ? '**met**' : '**not met**');

function endpointRows(results: EndpointResult[]): Array<{ path: string; s: ReturnType<typeof spread>; target: number; result: EndpointResult }> {
  return results.map((result) => ({
    path: result.endpoint.path,
    s: spread(result.variants.flatMap((v) => v.samples)),
    target: budgetOf(result.endpoint),
    result,
  }));
}

export function renderReport(r: BenchReport): string {
  const rows = endpointRows(r.endpoints);
  // The worst of the JSON calls; a workbook or a deck is checked against its own budget.
  const worst = rows.filter((x) => x.target === BUDGET_MS.json).sort((a, b) => b.s.p95 - a.s.p95);
  const over = rows.filter((x) => x.s.p95 > x.target);
  const comparisons = r.endpoints.flatMap((e) => e.variants.filter((v) => v.comparison).map((v) => ({ path: e.endpoint.path, v, c: v.comparison! })));
  const slowerThanDuck = comparisons.filter((x) => x.c.apiMs >= x.c.duckMs);
  const disagree = comparisons.filter((x) => x.c.agree === false);
  const loadMet = (l: LoadRunResult | null): boolean => l !== null && l.p99 <= TARGET_LOAD_P99_MS && failuresOf(l) === 0;
  const loadOk = loadMet(r.load);
  const freshMet = (l: LoadRunResult): boolean => l.perSecond >= TARGET_FRESH_PER_SECOND && l.p99 <= TARGET_FRESH_P99_MS && failuresOf(l) === 0;
  const freshThis = r.loadFresh.find((run) => run.build === 'this')?.result ?? null;
  const loadCell = (l: LoadRunResult): string =>
    `p99 ${ms(l.p99)} ms, ${count(l.requests)} calls, ${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx, ${l.mismatches} not code 1`;
  const rollupBytes = r.rollups.reduce((a, t) => a + t.bytes, 0);
  const rollupRows = r.rollups.reduce((a, t) => a + t.rows, 0);
  const fullMs = r.fullRebuild?.reduce((a, t) => a + t.ms, 0) ?? null;
  const monthMs = r.monthRebuild?.tables.reduce((a, t) => a + t.ms, 0) ?? null;

  const out: string[] = [];
  const line = (s = ''): void => void out.push(s);
  line('# Benchmark: the analytics query layer and the sales-volume API at the large scale');
  line();
  line(
    `Written by \`npm run bench\` on ${r.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (${r.minutes.toFixed(0)} minutes). The machine has two cores and may be shared with other work (the load average below says how busy it was), so every figure is a median or a percentile, never a best run; expect a few milliseconds of jitter between runs.`,
  );
  line();
  for (const m of r.machine) line(`- ${m}`);
  line(
    `- Data: ${count(r.data.retailRows)} retail rows (${bytes(r.data.retailBytes)} with its key), ${count(r.data.wholesaleRows)} wholesale rows, months ${r.data.months}.`,
  );
  line();
  line('## Targets');
  line();
  line('| target | result |');
  line('|---|---|');
  line(`| at least 30 M retail rows | ${yes(r.data.retailRows >= MIN_RETAIL_ROWS)}: ${count(r.data.retailRows)} |`);
  line(
    `| every call within its budget at p95: JSON ${BUDGET_MS.json} ms, workbook ${BUDGET_MS.workbook} ms, deck ${BUDGET_MS.deck} ms (budget.ts) | ${yes(over.length === 0)}: worst JSON p95 ${ms(worst[0]?.s.p95 ?? NaN)} ms (${worst[0]?.path ?? '-'})${over.length ? `; over the budget: ${over.map((x) => `${x.path} ${ms(x.s.p95)} ms (budget ${x.target})`).join(', ')}` : ''} |`,
  );
  line(
    `| faster than DuckDB on the raw facts, every compared call | ${yes(comparisons.length > 0 && slowerThanDuck.length === 0)}: ${comparisons.length - slowerThanDuck.length} of ${comparisons.length} calls${slowerThanDuck.length ? `; slower: ${slowerThanDuck.map((x) => `${x.path}?${x.v.query} (${ms(x.c.apiMs)} vs ${ms(x.c.duckMs)} ms)`).join(', ')}` : ''} |`,
  );
  line(
    `| rollups, raw PostgreSQL and DuckDB give the same figures | ${yes(comparisons.length > 0 && disagree.length === 0)}: ${comparisons.length - disagree.length} of ${comparisons.length} calls agree |`,
  );
  if (r.load) {
    line(
      `| load run: ${r.load.connections} users for ${r.load.seconds} s, p99 ≤ ${TARGET_LOAD_P99_MS} ms, no errors (with the answer cache) | ${yes(loadOk)}: ${loadCell(r.load)} |`,
    );
    for (const fresh of r.loadFresh.filter((run) => run.build === 'this'))
      line(
        `| the same, every call computed afresh (no cache)${r.loadFresh.length > 1 ? `, turn ${fresh.turn}` : ''}: ≥ ${count(TARGET_FRESH_PER_SECOND)} calls/s, p99 ≤ ${TARGET_FRESH_P99_MS} ms, no errors (issue 32 §3) | ${yes(freshMet(fresh.result))}: ${fresh.result.perSecond.toFixed(0)} calls/s, ${loadCell(fresh.result)} |`,
      );
  } else {
    line('| load run | not run (`--no-load`) |');
  }
  line();

  const scanned = comparisons.map((x) => x.v.rowsScanned).filter((v): v is number => v !== null);
  const ratio = (xs: typeof comparisons): string => {
    const r = xs.map((x) => x.c.duckMs / x.c.apiMs).sort((a, b) => a - b);
    return r.length ? `${r[0].toFixed(1)}-${r[r.length - 1].toFixed(0)}×` : '-';
  };
  const wholesale = comparisons.filter((x) => x.v.queries.some((q) => q.source === 1));
  const retail = comparisons.filter((x) => !wholesale.includes(x));
  line(
    'Why. ' +
      [
        `A sales-volume call reads at most ${count(Math.max(0, ...scanned))} rollup rows in the compared calls (median ${count(spread(scanned).p50)}), where the same aggregates on the raw facts need up to ${count(Math.max(0, ...comparisons.map((x) => x.c.factRows)))} fact rows: the five comparison spans of a month (当月, 同期, 环比, 累计, 去年累计) read three months of year-to-date sums instead of up to twenty-four months, and questions that do not group or filter by product read rollups without it (the market, per province, per city).`,
        'What remains of an API call is mostly its fixed cost — HTTP, the token, validation, JSON; the session, page grants and calendar are kept in memory until PostgreSQL notifies a change (decision 234): what search/calendar takes, which reads nothing else.',
        `Against DuckDB the API is ${ratio(retail)} faster on retail (data source 2) and ${ratio(wholesale)} on wholesale (source 1): wholesale facts are month × trim already (${count(r.data.wholesaleRows)} rows), so DuckDB scans them in about 10 ms and the lead there is the smallest, within reach of the machine's noise.`,
        freshThis
          ? `The load run computing every call afresh is bound by the two cores the app, PostgreSQL and autocannon share (${freshThis.perSecond.toFixed(0)} calls/s): a call waits behind the others more than it works.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
  );
  line();

  line('## Rollups: size and build time');
  line();
  line(
    `Rollups hold ${count(rollupRows)} rows in ${bytes(rollupBytes)} (tables and keys), ${((rollupBytes / r.data.retailBytes) * 100).toFixed(0)} % of the retail facts' size. ${
      r.fullRebuild
        ? `A full rebuild of every rollup over all ${r.data.months} took ${(fullMs! / 1000).toFixed(1)} s (RollupRepository.rebuild of every month, the seed's path, tables one after another).`
        : 'The full rebuild was skipped (`--skip-rebuild`).'
    } ${r.monthRebuild && monthMs !== null ? `Rebuilding one month (${r.monthRebuild.month}, what an import queues) took ${(monthMs / 1000).toFixed(1)} s.` : 'The one-month rebuild was skipped too.'}`,
  );
  line();
  line('| table | rows | size | full rebuild s | one-month rebuild ms |');
  line('|---|---:|---:|---:|---:|');
  for (const t of r.rollups) {
    const full = r.fullRebuild?.find((b) => b.table === t.table);
    const month = r.monthRebuild?.tables.find((b) => b.table === t.table);
    line(`| ${t.table} | ${count(t.rows)} | ${bytes(t.bytes)} | ${full ? (full.ms / 1000).toFixed(1) : '-'} | ${month ? count(month.ms) : '-'} |`);
  }
  line();

  line('## Latency per endpoint');
  line();
  line(
    'End to end over loopback from a separate process: HTTP, token check, validation, every query, JSON, each call computed afresh (`Cache-Control: no-cache` past the answer cache). One unmeasured pass over the variants, then passes until each endpoint has at least 24 calls. "Rows scanned" is what the scans of rollup (or fact) tables read for one call, summed over the call\'s analytics queries: EXPLAIN ANALYZE\'s actual rows plus the rows its filters dropped, times loops; median and largest over the variants. Search calls read reference tables only (getCars reads `rollup_retail_car` through its own repository) and show "-".',
  );
  line();
  line('| endpoint | variants | calls | p50 ms | p95 ms | budget ms | max ms | tables read | rows scanned, median / max |');
  line('|---|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const x of rows) {
    const scanned = x.result.variants.map((v) => v.rowsScanned).filter((v): v is number => v !== null);
    const tables = [...new Set(x.result.variants.flatMap((v) => v.tables))].join(', ') || '-';
    const sc = scanned.length ? `${count(spread(scanned).p50)} / ${count(Math.max(...scanned))}` : '-';
    const flag = x.s.p95 > x.target ? ' ⚠' : '';
    line(
      `| ${x.path} | ${x.result.variants.length} | ${x.s.n} | ${ms(x.s.p50)} | ${ms(x.s.p95)}${flag} | ${count(x.target)} | ${ms(x.s.max)} | ${tables} | ${sc} |`,
    );
  }
  line();

  line('## The same aggregates without rollups: PostgreSQL and DuckDB on the raw facts');
  line();
  line(r.compareNote);
  line();
  line('| endpoint | call | API ms | rows scanned | aggregates | PostgreSQL raw ms | DuckDB ms | fact rows in those months | API vs DuckDB | figures agree |');
  line('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const x of comparisons) {
    const ratio = x.c.duckMs / x.c.apiMs;
    line(
      `| ${x.path} | \`${x.v.query || '(defaults)'}\` | ${ms(x.c.apiMs)} | ${x.v.rowsScanned === null ? '-' : count(x.v.rowsScanned)} | ${x.c.aggregates} | ${ms(x.c.pgMs)} | ${ms(x.c.duckMs)} | ${count(x.c.factRows)} | ${ratio >= 1 ? `${ratio.toFixed(1)}× faster` : `${(1 / ratio).toFixed(1)}× slower`} | ${x.c.agree ? 'yes' : '**no**'} |`,
    );
  }
  line();
  if (r.parquet) {
    line(
      `Parquet copy of the raw facts and lookups: ${bytes(r.parquet.bytes)} under \`.data/bench/\`, ${r.parquet.reused ? 'reused from an earlier run (row counts and total volume unchanged)' : `exported in ${(r.parquet.exportMs / 1000).toFixed(0)} s (COPY … TO STDOUT as CSV, DuckDB writes Parquet sorted by month)`}.`,
    );
    line();
  }

  line('## Load run');
  line();
  if (r.load) {
    line(
      `autocannon over loopback, in the benchmark's process: ${r.load.connections} connections (users) for ${r.load.seconds} s, each walking the same mix of ${r.load.calls} calls (the first two variants of every endpoint above but the decks) from its own starting place, one call after another, with the demo analyst's token. A call counts as a success only when it is HTTP 200 with \`code: 1\`. The app, PostgreSQL and autocannon share the two cores. Two runs: first every call with \`Cache-Control: no-cache\`, so the API computes each answer afresh (the work itself); then as analysts meet it, each distinct answer computed once and then served from the API's answer cache until the data changes (decision 129) — with a mix of ${r.load.calls} distinct calls, nearly every call of that run is a hit.`,
    );
    line();
    line('| run | calls | calls/s | p50 ms | p97.5 ms | p99 ms | max ms | errors | timeouts | non-2xx | not code 1 |');
    line('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const builds = r.loadFresh.some((run) => run.build === 'against');
    for (const [label, l] of [
      ...r.loadFresh.map(
        (run) =>
          [`computed afresh${builds ? `, ${run.build === 'this' ? 'this build' : 'the other build (--against)'}, turn ${run.turn}` : ''}`, run.result] as const,
      ),
      ['with the answer cache', r.load] as const,
    ]) {
      if (l)
        line(
          `| ${label} | ${count(l.requests)} | ${l.perSecond.toFixed(0)} | ${ms(l.p50)} | ${ms(l.p97_5)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.mismatches} |`,
        );
    }
    line();
    const costs = r.loadFresh.filter((run) => run.cost);
    if (costs.length > 0) {
      line(
        "What one call computed afresh costs (issue 48 §4): the app process's CPU and every PostgreSQL process's CPU over the run (from /proc), and the database's transactions (each statement the app sends outside a transaction is one; pg_stat_database), divided by the calls it made.",
      );
      line();
      line('| run | calls | app CPU ms / call | PostgreSQL CPU ms / call | statements / call |');
      line('|---|---:|---:|---:|---:|');
      for (const run of costs) {
        const c = run.cost!;
        line(
          `| computed afresh, turn ${run.turn} | ${count(c.calls)} | ${c.appCpuMs === null ? '-' : c.appCpuMs.toFixed(2)} | ${c.pgCpuMs === null ? '-' : c.pgCpuMs.toFixed(2)} | ${c.statements.toFixed(2)} |`,
        );
      }
      line();
    }
    line('<details><summary>The mix</summary>');
    line();
    for (const call of r.loadMix) line(`- \`${call}\``);
    line();
    line('</details>');
  } else {
    line('Not run (`--no-load`).');
  }
  line();
  return out.join('\n');
}

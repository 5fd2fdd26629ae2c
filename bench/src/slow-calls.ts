/**
 * Issue 28's slow actions, cold and warm (decisions 183 and 184): the five-sub-series configuration link
 * (carConfig/get over every trim of five sub-series, and the same five on a first load) and the report
 * search (reportDownload/list with a name, over an archive of reports).
 *
 * Cold is the first call of a freshly started app (its own process, a new pool, nothing compiled yet, the
 * answer cache off): the app is started again for every cold sample. Warm is the same call again and again
 * on a running app, each computed afresh (`Cache-Control: no-cache`, and the answer cache off). With
 * `against` (another build of the app, e.g. main's), the two builds take turns on the same database, so
 * both meet the same moments of the shared machine.
 */
import type { DataSource } from 'typeorm';
import { ApiClient } from './api-client';
import { CONFIG_FIVE } from './bench-cases';
import { startApp } from './app-process';
import { ms, spread } from './stats';

export const SLOW_TARGET_MS = 300;

/** The archive the report search is timed on: this many reports at least (the demo writes 249). */
export const ARCHIVE_REPORTS = 150_000;
/** The archive's rows are told apart by their file names (no file is written: the list reads the table only). */
const ARCHIVE_PREFIX = 'bench-archive-';

export interface SlowCall {
  name: string;
  path: string;
  query: string;
}

export const SLOW_CALLS: readonly SlowCall[] = [
  {
    name: 'config link, 5 sub-series × every trim (200 columns)',
    path: 'carConfig/get',
    query: CONFIG_FIVE[0],
  },
  { name: 'config link, 5 sub-series, first load', path: 'carConfig/get', query: 'ids=582,127,615,517,604' },
  {
    name: 'report search 比亚迪, 2019-01 … 2026-11',
    path: 'reportDownload/list',
    query: `name=${encodeURIComponent('比亚迪')}&page=1&pageSize=10&startDate=2019-01&endDate=2026-11`,
  },
  {
    name: 'report search 简报 (two characters), page 2',
    path: 'reportDownload/list',
    query: `name=${encodeURIComponent('简报')}&page=2&pageSize=10&startDate=2019-01&endDate=2026-11`,
  },
  { name: 'report search ev (either case)', path: 'reportDownload/list', query: 'name=ev&page=1&pageSize=10&startDate=2019-01&endDate=2026-11' },
  {
    name: 'report search 比亚迪, this year (the default range)',
    path: 'reportDownload/list',
    query: `name=${encodeURIComponent('比亚迪')}&page=1&pageSize=10`,
  },
];

/** Report kinds of the archive: Chinese names and a few Latin ones (the search ignores case). */
const KINDS = [
  '乘用车市场简报',
  '新能源市场月报',
  '价格走势分析',
  '区域零售分析',
  '竞品对比报告',
  'SUV细分市场报告',
  '轿车细分市场报告',
  'MPV市场观察',
  '经销商库存报告',
  '终端优惠监测',
  '城市级别销量报告',
  '用户画像洞察',
  '配置竞争力分析',
  '渠道下沉研究',
  '出口市场简报',
  '政策影响评估',
  '季度战略回顾',
  'EV Market Brief',
  'PHEV Market Review',
  'Premium Segment Outlook',
];

/**
 * Makes the report table an archive of years: every producer's reports of twenty kinds for every month
 * from 2019-01 up to the demo's own reports (about 190,000 rows), once; answers the table's row count.
 */
export async function ensureReportArchive(ds: DataSource, log: (line: string) => void): Promise<number> {
  const count = async (): Promise<number> => Number((await ds.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM report`))[0].n);
  if ((await count()) >= ARCHIVE_REPORTS) return count();
  log(`[bench] writing an archive of reports (every producer × ${KINDS.length} kinds × month since 2019-01) …`);
  await ds.query(
    `INSERT INTO report (producer_id, name, month, file_name, file_size, created_at)
     SELECT p.id, regexp_replace(p.name, '(汽车)?$', '汽车') || (m / 100) || '年' || (m % 100) || '月' || k.kind, m,
            $2 || md5(p.id::text || '-' || m || '-' || k.n) || (ARRAY['.xlsx', '.pdf', '.docx', '.pptx'])[1 + k.n % 4],
            20000 + (p.id * 37 + k.n * 101) % 900000,
            (make_date(m / 100, m % 100, 1) + interval '1 month' + (k.n % 20) * interval '1 day' + interval '10 hours')::timestamp AT TIME ZONE 'Asia/Shanghai'
     FROM producer p
     CROSS JOIN (SELECT y * 100 + mo AS m FROM generate_series(2019, 2026) y, generate_series(1, 12) mo) ms
     CROSS JOIN unnest($1::text[]) WITH ORDINALITY AS k(kind, n)
     WHERE ms.m < (SELECT coalesce(min(month), 202701) FROM report WHERE file_name NOT LIKE $2 || '%')`,
    [KINDS, ARCHIVE_PREFIX],
  );
  await ds.query('ANALYZE report');
  return count();
}

export interface SlowCallResult {
  call: SlowCall;
  /** Per build ('this' and, with `against`, 'against'): cold and warm samples in ms. */
  cold: Record<string, number[]>;
  warm: Record<string, number[]>;
}

export interface SlowCallsReport {
  builds: Record<string, string>;
  reports: number;
  runs: number;
  warmCalls: number;
  load: { start: number[]; end: number[] };
  results: SlowCallResult[];
}

/**
 * Times every call of SLOW_CALLS: `runs` cold samples per build (an app started for each), then
 * `warmCalls` warm ones on one running app per build, the builds taking turns.
 */
export async function benchSlowCalls(
  ds: DataSource,
  databaseUrl: string,
  builds: Record<string, string>,
  options: { runs: number; warmCalls: number; log: (line: string) => void },
): Promise<SlowCallsReport> {
  const { runs, warmCalls, log } = options;
  const loadavg = async (): Promise<number[]> => (await import('node:os')).loadavg();
  const start = await loadavg();
  const reports = await ensureReportArchive(ds, log);
  const env = { ANSWER_CACHE_MB: '0' };
  const results: SlowCallResult[] = SLOW_CALLS.map((call) => ({
    call,
    cold: Object.fromEntries(Object.keys(builds).map((b) => [b, []])),
    warm: Object.fromEntries(Object.keys(builds).map((b) => [b, []])),
  }));
  for (let run = 0; run < runs; run++) {
    for (const result of results) {
      for (const [build, root] of Object.entries(builds)) {
        const app = await startApp(root, databaseUrl, { env });
        try {
          const client = await ApiClient.signIn(app.base);
          result.cold[build].push((await client.timedGet(result.call.path, result.call.query)).ms);
        } finally {
          await app.stop();
        }
      }
    }
    log(
      `  cold run ${run + 1} of ${runs}: ${results
        .map((r) =>
          Object.entries(r.cold)
            .map(([b, s]) => `${b} ${ms(s[s.length - 1])}`)
            .join(' / '),
        )
        .join(' · ')}`,
    );
  }
  const apps = await Promise.all(Object.entries(builds).map(async ([build, root]) => ({ build, app: await startApp(root, databaseUrl, { env }) })));
  try {
    const clients = await Promise.all(apps.map(async ({ build, app }) => ({ build, client: await ApiClient.signIn(app.base) })));
    // One unmeasured call of each first, then the builds in turn, call by call.
    for (const { client } of clients) for (const { call } of results) await client.timedGet(call.path, call.query);
    for (let i = 0; i < warmCalls; i++) {
      for (const result of results) {
        for (const { build, client } of i % 2 === 0 ? clients : [...clients].reverse()) {
          result.warm[build].push((await client.timedGet(result.call.path, result.call.query)).ms);
        }
      }
    }
  } finally {
    await Promise.all(apps.map(({ app }) => app.stop()));
  }
  return { builds, reports, runs, warmCalls, load: { start, end: await loadavg() }, results };
}

export function renderSlowCalls(r: SlowCallsReport, when: Date): string {
  const names = Object.keys(r.builds);
  const cell = (samples: number[]): string => {
    const s = spread(samples);
    return `${ms(s.p50)} / ${ms(s.p95)}`;
  };
  const lines = [
    '',
    `## Issue 28's slow actions, cold and warm (${when.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `Each call end to end over loopback (sign-in check, validation, every query, JSON), the answer cache off (\`ANSWER_CACHE_MB=0\`). ` +
      `Cold: the first call of a freshly started app, ${r.runs} starts per call and build; warm: ${r.warmCalls} calls each on a running app, computed afresh. ` +
      `The report search runs over ${r.reports.toLocaleString('en-US')} reports (the demo's and an archive of every producer's reports of twenty kinds a month since 2019-01). ` +
      `Builds: ${names.map((n) => `${n} \`${r.builds[n]}\``).join(', ')}${names.length > 1 ? ', taking turns' : ''}. ` +
      `Load average ${r.load.start.map((l) => l.toFixed(1)).join(' / ')} at the start, ${r.load.end.map((l) => l.toFixed(1)).join(' / ')} at the end. p50 / p95 ms; target ${SLOW_TARGET_MS} ms cold.`,
    '',
    `| call | ${names.map((n) => `cold ${n}`).join(' | ')} | ${names.map((n) => `warm ${n}`).join(' | ')} |`,
    `|---|${names.map(() => '---:').join('|')}|${names.map(() => '---:').join('|')}|`,
    ...r.results.map((x) => `| ${x.call.name} | ${names.map((n) => cell(x.cold[n])).join(' | ')} | ${names.map((n) => cell(x.warm[n])).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { addMonths, formatMonth, type ExportJobView } from '@car/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { ApiClient } from './api-client';
import { startApp } from './app-process';
import { count, ms, spread } from './stats';

/**
 * The export case of `npm run bench` (issue 14 §4): the app and a worker process started on Redis
 * (their own key prefix), a city retail export of at least 1,000,000 rows and one of at least 3,000,000
 * (across sheets) asked for over HTTP as the page asks, timed from the request to the downloadable file,
 * then two of a million at once in a worker running two jobs at a time (the default `WORKER_CONCURRENCY`);
 * the worker's peak RSS (VmHWM, sampled from /proc) and the largest gap between progress updates seen
 * by polling the job every 100 ms; then exceljs's own streaming writer on the same columns in this
 * process, for the rows per second the export is compared with.
 */
export interface ExportRun {
  label: string;
  months: string;
  rows: number;
  sheets: number;
  totalMs: number;
  countMs: number;
  writeMs: number;
  rowsPerSecond: number;
  maxProgressGapMs: number;
  progressGaps: { p50: number; p95: number };
  workerPeakRssMb: number;
  /** The worker's CPU time (user + system) over the export: less sensitive than wall time to the machine's other load. */
  workerCpuSeconds: number;
  fileBytes: number;
}

export interface ExportBench {
  runs: ExportRun[];
  exceljs: { rows: number; ms: number; rowsPerSecond: number; peakRssMb: number };
  loadAverage: string;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Peak and current resident set of a process, in MB, from /proc. */
function memoryOf(pid: number): { peak: number; now: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
  } catch {
    return { peak: 0, now: 0 };
  }
}

/** A process's CPU time so far (user + system), in seconds, from /proc (clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The latest months, newest last, whose month × city × trim rows add up to at least `target`. */
async function monthsFor(ds: DataSource, latest: number, target: number): Promise<{ from: number; to: number; rows: number }> {
  let rows = 0;
  let from: number;
  for (let m = latest; ; m = addMonths(m, -1)) {
    const [row] = await ds.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM retail_fact WHERE month = $1 GROUP BY car_id, city_id) q`,
      [m],
    );
    rows += row.n;
    from = m;
    if (rows >= target || row.n === 0) break;
  }
  return { from, to: latest, rows };
}

/** One export from request to downloadable file, with the worker's memory and the progress cadence. */
async function timeExport(client: ApiClient, workerPid: number, label: string, range: { from: number; to: number }): Promise<ExportRun> {
  const form = new URLSearchParams([['yyyyMm', `${formatMonth(range.from)} - ${formatMonth(range.to)}`]]);
  const started = performance.now();
  const cpuBefore = cpuOf(workerPid);
  const response = await fetch(`${client.base}/dataExport/cityRetail`, { method: 'POST', headers: { token: client.token }, body: form });
  const accepted = (await response.json()) as { code: number; msg: string; result: ExportJobView };
  if (accepted.code !== 1) throw new Error(`export refused: ${accepted.msg}`);
  const id = accepted.result.id;
  let last: ExportJobView = accepted.result;
  let lastChange = performance.now();
  let countedAt = 0;
  let peak = 0;
  const gaps: number[] = [];
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    peak = Math.max(peak, memoryOf(workerPid).peak);
    const res = await fetch(`${client.base}/dataExport/job?id=${id}`, { headers: { token: client.token } });
    const job = ((await res.json()) as { result: ExportJobView }).result;
    const now = performance.now();
    if (job.rowsExpected !== null && countedAt === 0) {
      countedAt = now;
      lastChange = now;
    }
    if (job.phase === 'writing' && job.rowsWritten !== last.rowsWritten) {
      if (last.phase === 'writing') gaps.push(now - lastChange);
      lastChange = now;
    }
    last = job;
    if (job.status === 'done' || job.status === 'failed') break;
  }
  if (last.status !== 'done') throw new Error(`export ${label} failed: ${last.error}`);
  // Downloadable: the file's first bytes answer.
  const file = await fetch(`${client.base}/dataExport/file?id=${id}`, { headers: { token: client.token, range: 'bytes=0-1023' } });
  await file.arrayBuffer();
  const totalMs = performance.now() - started;
  const workerCpuSeconds = cpuOf(workerPid) - cpuBefore;
  if (file.status !== 200 && file.status !== 206) throw new Error(`export ${label}: the file answered ${file.status}`);
  const rows = last.rowsWritten;
  const writeMs = totalMs - (countedAt - started);
  const fileBytes = Number(file.headers.get('content-range')?.split('/')[1] ?? file.headers.get('content-length') ?? 0);
  const s = spread(gaps);
  return {
    label,
    months: `${formatMonth(range.from)} … ${formatMonth(range.to)}`,
    rows,
    sheets: Math.ceil(rows / 1_048_575),
    totalMs,
    countMs: countedAt - started,
    writeMs,
    rowsPerSecond: rows / (writeMs / 1000),
    maxProgressGapMs: s.max,
    progressGaps: { p50: s.p50, p95: s.p95 },
    workerPeakRssMb: Math.max(peak, memoryOf(workerPid).peak),
    workerCpuSeconds,
    fileBytes,
  };
}

/** exceljs's streaming writer alone, the export's columns and cells, no database: the ceiling. */
async function exceljsAlone(rows: number): Promise<ExportBench['exceljs']> {
  const file = path.join(os.tmpdir(), `bench-exceljs-${process.pid}.xlsx`);
  const rssBefore = memoryOf(process.pid).now;
  let peak = rssBefore;
  const started = performance.now();
  // The export's own settings (export-workbook.ts): styles, inline strings, deflate level 1.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet('城市零售数据', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '月份', width: 10 },
    { header: '城市', width: 12 },
    { header: '车型', width: 40 },
    { header: '零售量', width: 12, style: { numFmt: '#,##0' } },
  ];
  sheet.getRow(1).commit();
  for (let i = 0; i < rows; i++) {
    sheet.addRow(['2026-10', '广州市', `朗逸 2026款 1.5L 自动 舒适版 ${i % 5000}`, (i % 97) + 1]).commit();
    if (i % 5_000 === 4_999) {
      // As the export does after each batch: let the compressor catch up (backpressure).
      type State = { length?: number };
      const stream = (sheet as unknown as { stream: { pipes?: Array<{ _writableState?: State; _readableState?: State }> } }).stream;
      const pending = () => (stream.pipes ?? []).reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
      while (pending() > 4 * 1024 * 1024) await new Promise((r) => setTimeout(r, 2));
      peak = Math.max(peak, memoryOf(process.pid).now);
    }
  }
  sheet.commit();
  await workbook.commit();
  const elapsed = performance.now() - started;
  fs.rmSync(file, { force: true });
  return { rows, ms: elapsed, rowsPerSecond: rows / (elapsed / 1000), peakRssMb: peak };
}

export async function benchExports(
  ds: DataSource,
  projectRoot: string,
  databaseUrl: string,
  redisUrl: string | undefined,
  latest: number,
): Promise<ExportBench> {
  if (!redisUrl) throw new Error('the export case needs REDIS_URL: it runs the export in the worker process, as production does');
  const million = await monthsFor(ds, latest, 1_000_000);
  const three = await monthsFor(ds, latest, 3_000_000);
  log(
    `[bench] exports: ${count(million.rows)} rows over ${formatMonth(million.from)} … ${formatMonth(million.to)}, ${count(three.rows)} over ${formatMonth(three.from)} …`,
  );
  const processes = await startApp(projectRoot, databaseUrl, { redis: { url: redisUrl, prefix: `bench-export-${process.pid}`, concurrency: 1 } });
  const runs: ExportRun[] = [];
  try {
    const client = await ApiClient.signIn(processes.base);
    for (const [label, range] of [
      ['≥ 1,000,000 rows', million],
      ['≥ 3,000,000 rows, across sheets', three],
    ] as const) {
      const run = await timeExport(client, processes.workerPid, label, range);
      runs.push(run);
      log(
        `  ${label}: ${count(run.rows)} rows, ${run.sheets} sheet(s), ${ms(run.totalMs)} ms end to end (count ${ms(run.countMs)} ms), ${count(run.rowsPerSecond)} rows/s, ` +
          `progress gap p50 ${ms(run.progressGaps.p50)} / p95 ${ms(run.progressGaps.p95)} / max ${ms(run.maxProgressGapMs)} ms, worker peak RSS ${run.workerPeakRssMb.toFixed(0)} MB, worker CPU ${run.workerCpuSeconds.toFixed(1)} s`,
      );
    }
  } finally {
    await processes.stop();
  }
  // The worker's default concurrency is 2: two million-row exports at once, in a worker of their own, so its
  // peak RSS is theirs alone.
  const pair = await startApp(projectRoot, databaseUrl, { redis: { url: redisUrl, prefix: `bench-export-pair-${process.pid}`, concurrency: 2 } });
  try {
    const client = await ApiClient.signIn(pair.base);
    const both = await Promise.all(
      (['a', 'b'] as const).map((name) => timeExport(client, pair.workerPid, `≥ 1,000,000 rows, two at once (WORKER_CONCURRENCY 2), ${name}`, million)),
    );
    for (const run of both) {
      runs.push(run);
      log(`  ${run.label}: ${ms(run.totalMs)} ms end to end, ${count(run.rowsPerSecond)} rows/s, worker peak RSS ${run.workerPeakRssMb.toFixed(0)} MB`);
    }
  } finally {
    await pair.stop();
  }
  const exceljs = await exceljsAlone(1_000_000);
  log(`  exceljs streaming alone: ${count(exceljs.rows)} rows in ${ms(exceljs.ms)} ms, ${count(exceljs.rowsPerSecond)} rows/s`);
  return {
    runs,
    exceljs,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  };
}

export function renderExportBench(bench: ExportBench): string {
  const lines = [
    '',
    '## Exports (city retail, worker on Redis)',
    '',
    `Load average at the end ${bench.loadAverage}. End to end = from the POST to the file answering; rows/s over the writing phase (after counting); worker CPU = its user + system time over the export (for two at once, over both).`,
    '',
    '| export | months | rows | sheets | end to end | counting | rows/s | progress gap p50 / p95 / max | worker peak RSS | worker CPU |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...bench.runs.map(
      (r) =>
        `| ${r.label} | ${r.months} | ${count(r.rows)} | ${r.sheets} | ${ms(r.totalMs / 1000)} s | ${ms(r.countMs / 1000)} s | ${count(r.rowsPerSecond)} | ${ms(r.progressGaps.p50)} / ${ms(r.progressGaps.p95)} / ${ms(r.maxProgressGapMs)} ms | ${r.workerPeakRssMb.toFixed(0)} MB | ${r.workerCpuSeconds.toFixed(1)} s |`,
    ),
    '',
    `exceljs's streaming writer alone (same columns, no database, this process): ${count(bench.exceljs.rows)} rows in ${ms(bench.exceljs.ms / 1000)} s, ${count(bench.exceljs.rowsPerSecond)} rows/s.`,
    '',
  ];
  return lines.join('\n');
}

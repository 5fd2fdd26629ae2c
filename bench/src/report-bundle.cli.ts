import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as argon2 from 'argon2';
import { API_PREFIX, formatMonth, type ReportBundleView } from '@car/contracts';
import { loadConfig } from '@car/backend/dist/config/config';
import { openDataSource } from '@car/backend/dist/database/data-source';
import { withDatabaseTasks } from '@car/backend/dist/bootstrap/database-tasks.module';
import { MonthlyReportWriter } from '@car/backend/dist/reportDownload/monthly-report.writer';
import { ApiClient } from './api-client';
import { startApp } from './app-process';
import { ms, spread } from './stats';

/**
 * The report-bundle case of the benchmark (issue 14 §4: a bundle of 50 reports ≤ 5 s):
 *   node bench/dist/report-bundle.cli.js [--runs N] [--reports N]
 * on DATABASE_URL (a database of your own: the case writes the latest month's producer reports through
 * the app's own writer into a temporary DATA_DIR, and a bundle record per run). The built app is started
 * as its own process (jobs in-process), a bench administrator signs in, and each run asks
 * reportDownload/download?ids=<50 ids> and times it from the request to the zip's last byte (the queued
 * job, archiver and the transfer); then the page's way (bundle → progress polled every 100 ms → file).
 */
const log = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const runs = arg('runs', 7);
  const wanted = arg('reports', 50);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-report-bench-'));
  process.env.DATA_DIR = dataDir;
  const config = loadConfig();
  const url = config.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const ds = await openDataSource(url, 'car-bench-reports');
  const account = `bench_reports_${process.pid}`;
  const password = 'Bench@2026reports';
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    await ds.runMigrations({ transaction: 'each' });
    const months: Array<{ month: number }> = await ds.query(`SELECT DISTINCT month FROM retail_fact ORDER BY month DESC LIMIT 2`);
    let written = 0;
    for (const { month } of months) {
      if (written >= wanted) break;
      log(`writing the producer reports of ${formatMonth(month)} into ${dataDir}`);
      written += await withDatabaseTasks(ds, { reportsDir: config.reportsDir }, (tasks) => tasks.get(MonthlyReportWriter).writeMonth(month));
    }
    const files = new Set(fs.readdirSync(config.reportsDir));
    const reports = (
      await ds.query<Array<{ id: number; file_name: string; file_size: number }>>(
        `SELECT id, file_name, file_size FROM report ORDER BY created_at DESC, id DESC LIMIT 1000`,
      )
    ).filter((r) => files.has(r.file_name));
    if (reports.length < wanted) throw new Error(`only ${reports.length} reports have files here; ${wanted} wanted`);
    const chosen = reports.slice(0, wanted);
    const ids = chosen.map((r) => r.id).join(',');
    const inputBytes = chosen.reduce((sum, r) => sum + r.file_size, 0);
    await ds.query(`INSERT INTO app_user (account, password_hash, nickname, role_id) VALUES ($1, $2, '报告基准', (SELECT id FROM role WHERE code = 'admin'))`, [
      account,
      await argon2.hash(password, { type: argon2.argon2id }),
    ]);
    app = await startApp(config.projectRoot, url);
    const client = await ApiClient.signIn(app.base, account, password);

    const direct: number[] = [];
    let zipBytes = 0;
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const response = await fetch(client.url('reportDownload/download', `ids=${ids}`), { headers: { token: client.token } });
      const body = Buffer.from(await response.arrayBuffer());
      const took = performance.now() - started;
      if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('zip'))
        throw new Error(`download answered ${response.status}: ${body.subarray(0, 200).toString()}`);
      zipBytes = body.length;
      if (i > 0) direct.push(took); // the first run warms the app up
    }

    const paged: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const get = async (p: string, q: string) => {
        const body = (await (await fetch(client.url(p, q), { headers: { token: client.token } })).json()) as {
          code: number;
          msg: string;
          result: ReportBundleView;
        };
        if (body.code !== 1) throw new Error(body.msg);
        return body.result;
      };
      let job = await get('reportDownload/bundle', `ids=${ids}`);
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((r) => setTimeout(r, 100));
        job = await get('reportDownload/bundleJob', `id=${job.id}`);
      }
      if (job.status !== 'done' || !job.result) throw new Error(`bundle ended ${job.status}: ${job.error}`);
      const file = await fetch(`${app.base.replace(API_PREFIX, '')}${job.result}`, { headers: { token: client.token } });
      await file.arrayBuffer();
      paged.push(performance.now() - started);
    }

    const a = spread(direct);
    const b = spread(paged);
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
    process.stdout.write(
      [
        `## Report bundle: ${wanted} reports (${(inputBytes / 1024).toFixed(0)} KB in, zip ${(zipBytes / 1024).toFixed(0)} KB), ${runs} runs, load average ${load}`,
        '',
        '| path | p50 ms | p95 ms | max ms |',
        '|---|---:|---:|---:|',
        `| download?ids=… (request → last byte of the zip) | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.max)} |`,
        `| bundle → progress (100 ms polls) → bundleFile | ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.max)} |`,
        '',
      ].join('\n'),
    );
  } finally {
    await app?.stop();
    await ds.query(`DELETE FROM report_bundle WHERE user_id IN (SELECT id FROM app_user WHERE account = $1)`, [account]).catch(() => undefined);
    await ds.query(`DELETE FROM app_user WHERE account = $1`, [account]).catch(() => undefined);
    await ds.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

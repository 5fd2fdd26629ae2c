import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { once } from 'node:events';
import { Client } from 'pg';
import { IMPORT_BUSY_STATES, type ImportState } from '@car/contracts';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@car/backend/dist/config/config';
import { CoreModule } from '@car/backend/dist/core.module';
import { openDataSource } from '@car/backend/dist/database/data-source';
import { importFilePath, importJobId } from '@car/backend/dist/dataImport/data-import.jobs';
import { DataImportRepository } from '@car/backend/dist/dataImport/data-import.repository';
import { JobQueue } from '@car/backend/dist/queue/job-queue';
import { JobName } from '@car/backend/dist/queue/job-names';
import { WORKER_NODE_FLAGS } from '@car/workers/dist/node-flags';

/**
 * `npm run bench:imports`: a data import at scale. Writes a CSV of 5,000,000 retail rows (one month, every row
 * a distinct trim × city × use × ownership × colour) to a temp file, creates a private database (migrations,
 * the reference data they carry and a synthetic catalog of 600 trims; never car_large), and imports the file
 * through the import's own jobs in a child process set up as the worker is (CoreModule, no HTTP, no Redis: the
 * jobs run in-process, with the worker's V8 flags `WORKER_NODE_FLAGS`). Reports the
 * check (parse, validate, COPY into staging, duplicates), the write (the month's one-transaction replace), the
 * month's rollup rebuild, and the process's peak RSS. Targets: check + write ≤ 60 s, peak RSS ≤ 300 MB.
 * Options: --rows N (5000000), --keep (leave the database), --out FILE.md. Needs DATABASE_URL (the server's).
 */
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const MONTH = '2026-10';
const TRIMS = 600;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The synthetic catalog: one producer, brand and series, TRIMS trims coded B00001…; cities and dictionaries come from the migrations. */
async function seedCatalog(db: Client): Promise<void> {
  await db.query(`
    INSERT INTO brand_group (id, name) VALUES (1, '基准集团');
    INSERT INTO producer (id, name, initial, property, jll_type) VALUES (1, '基准汽车', 'J', 1, 1);
    INSERT INTO brand (id, name, initial, property, family_id, group_id, jll_type) VALUES (1, '基准', 'J', 2, (SELECT min(id) FROM family), 1, 1);
    INSERT INTO producer_brand (id, name, initial, producer_id, brand_id) VALUES (1, '基准汽车-基准', 'J', 1, 1);
    INSERT INTO series (id, name, initial, producer_brand_id) VALUES (1, '基准', 'J', 1);
    INSERT INTO sub_series (id, code, name, initial, series_id, producer_brand_id, producer_id, brand_id, segment_id, body_type, fuel, launch_month)
      VALUES (1, 'B1', '基准', 'J', 1, 1, 1, 1, (SELECT min(id) FROM segment), 1, 1, 202001);
    INSERT INTO car (id, jll_code, name, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, model_year, msrp, fuel,
                     body_type, gearbox, drive, model_level, seats, launch_month)
      SELECT n, 'B' || lpad(n::text, 5, '0'), '基准车型' || n, 1, 1, 1, 1, 1, (SELECT min(id) FROM segment), 2026, 100000 + n * 100, 1, 1, 2, 1, 3, 5, 202001
        FROM generate_series(1, ${TRIMS}) AS n;`);
}

/** Writes `rows` distinct retail rows of MONTH (mixed-radix over trim, city, use, ownership, colour) with back-pressure. */
async function writeCsv(file: string, rows: number, cities: number[]): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write('月份,城市代码,车型代码,使用性质,所有权,颜色,销量\n');
  const radix = [TRIMS, cities.length, 3, 2, 8];
  const capacity = radix.reduce((a, b) => a * b, 1);
  if (rows > capacity) throw new Error(`at most ${capacity} distinct rows`);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    let n = i;
    const car = (n % TRIMS) + 1;
    n = Math.floor(n / TRIMS);
    const city = cities[n % cities.length];
    n = Math.floor(n / cities.length);
    const use = (n % 3) + 1;
    n = Math.floor(n / 3);
    const own = (n % 2) + 1;
    const colour = Math.floor(n / 2) + 1;
    chunk += `${MONTH},${city},B${String(car).padStart(5, '0')},${use},${own},${colour},${(i % 37) + 1}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return fs.statSync(file).size;
}

async function main(): Promise<void> {
  const rows = option('rows', 5_000_000);
  const outIndex = process.argv.indexOf('--out');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must name the PostgreSQL server (a private database is created on it)');
  const database = `car_import_bench_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-import-bench-'));
  const csv = path.join(dataDir, 'retail.csv');
  try {
    const ds = await openDataSource(url.toString(), 'car-import-bench');
    await ds.runMigrations({ transaction: 'each' });
    await ds.destroy();
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    await seedCatalog(db);
    const { rows: admins } = await db.query<{ id: number }>(
      `INSERT INTO app_user (account, password_hash, nickname, role_id) VALUES ('bench-admin', 'x', '基准管理员', 1) RETURNING id`,
    );
    const cities = (await db.query(`SELECT id FROM city ORDER BY id`)).rows.map((r: { id: number }) => r.id);
    const started = Date.now();
    const bytes = await writeCsv(csv, rows, cities);
    log(`wrote ${rows.toLocaleString()} rows (${(bytes / 1e6).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await db.end();
    const result = await runChild(url.toString(), csv, dataDir, admins[0].id);
    const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
    const report = [
      `## Data import bench (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores)`,
      '',
      `${rows.toLocaleString()} retail rows, one month, CSV ${mb(bytes)} (UTF-8), state ${result.state}, ${result.rowsWritten.toLocaleString()} rows written, ${result.errors} errors; load average ${os.loadavg()[0].toFixed(1)} at the end.`,
      '',
      '| phase | seconds |',
      '|---|---|',
      `| check: parse (csv-parse) + validate + COPY into staging + duplicates in SQL | ${result.check.toFixed(1)} |`,
      `| write: the month's DELETE + INSERT … SELECT, one transaction | ${result.write.toFixed(1)} |`,
      `| **parse + validate + write** (target ≤ 60 s) | **${(result.check + result.write).toFixed(1)}** |`,
      `| the month's rollup rebuild (RollupRepository.rebuild) | ${result.rollups.toFixed(1)} |`,
      '',
      `Peak RSS of the worker-like process (CoreModule, \`${WORKER_NODE_FLAGS.join(' ')}\` as \`npm run worker\`): ${mb(result.peakRss)} (${mb(result.rssBefore)} before the import; target ≤ 300 MB). Of it, at most ${mb(result.peakHeap)} JavaScript heap and ${mb(result.peakExternal)} outside it (Buffers). Its CPU time over the check and the write: ${result.cpuCheckWrite.toFixed(1)} s.`,
    ].join('\n');
    process.stdout.write(`${report}\n`);
    if (outIndex >= 0) fs.writeFileSync(process.argv[outIndex + 1], `${report}\n`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.argv.includes('--keep')) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

interface ChildResult {
  state: string;
  rowsWritten: number;
  errors: number;
  check: number;
  write: number;
  rollups: number;
  peakRss: number;
  rssBefore: number;
  /** This process's CPU time (user + system) over the check and the write: unlike wall time, little moved by the machine's other load. */
  cpuCheckWrite: number;
  /** The largest JavaScript heap and the largest memory held outside it (Buffers), sampled every 100 ms. */
  peakHeap: number;
  peakExternal: number;
}

/** Runs the import in a process of its own, as the worker runs it (CoreModule, no HTTP, the worker's V8 flag). */
async function runChild(databaseUrl: string, csv: string, dataDir: string, userId: number): Promise<ChildResult> {
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, __filename, '--child', databaseUrl, csv, dataDir, String(userId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  // The result is the child's last line; anything else it printed (a library's console logging) is passed on.
  const lines = out.trimEnd().split('\n');
  const last = lines.pop() ?? '';
  for (const line of lines.filter(Boolean)) log(`[import process] ${line}`);
  if (code !== 0) throw new Error(`the import process ended with ${code}${last ? `: ${last}` : ''}`);
  return JSON.parse(last) as ChildResult;
}

/** The child: the backend's CoreModule (jobs in-process), the file handed over as an upload is, the import run and timed. */
async function child(databaseUrl: string, csv: string, dataDir: string, userId: number): Promise<void> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', SEED_ON_EMPTY: 'false' });
  const context = await NestFactory.createApplicationContext(CoreModule.forRoot({ config, databaseUrl }, 'car-import-bench'), { logger: false });
  const imports = context.get(DataImportRepository);
  const queue = context.get(JobQueue);
  const id = randomUUID();
  fs.mkdirSync(config.importsDir, { recursive: true });
  fs.copyFileSync(csv, importFilePath(config.importsDir, id));
  const rssBefore = process.memoryUsage().rss;
  // Where the resident memory is: the JavaScript heap, or memory outside it (Buffers) that is freed only
  // when the objects holding it are collected.
  const peaks = { heapTotal: 0, external: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peaks.heapTotal = Math.max(peaks.heapTotal, m.heapTotal);
    peaks.external = Math.max(peaks.external, m.external);
  }, 100);
  await imports.create({ id, userId, kind: 'retail', fileName: 'retail.csv', fileFormat: 'csv', monthFrom: 202610, monthTo: 202610 });
  const started = Date.now();
  const cpuStart = process.cpuUsage();
  const cpuSeconds = (): number => {
    const used = process.cpuUsage(cpuStart);
    return (used.user + used.system) / 1e6;
  };
  await queue.enqueue(JobName.DataImport, { importId: id, step: 'check' }, { jobId: importJobId(id, 'check') });
  const phases = new Map<ImportState, number>();
  const cpuAt = new Map<ImportState, number>();
  let state: ImportState = 'queued';
  while (IMPORT_BUSY_STATES.includes(state)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const record = await imports.find(id);
    if (record && record.state !== state) {
      phases.set(record.state, Date.now());
      cpuAt.set(record.state, cpuSeconds());
      log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${record.state} (${record.rowsParsed.toLocaleString()} read)`);
      state = record.state;
    }
  }
  clearInterval(sampler);
  const record = (await imports.find(id))!;
  const at = (s: ImportState): number => phases.get(s) ?? Date.now();
  const result: ChildResult = {
    state: record.state,
    rowsWritten: record.rowsWritten,
    errors: record.errors,
    check: (at('writing') - started) / 1000,
    write: (at('publishing') - at('writing')) / 1000,
    rollups: (at('done') - at('publishing')) / 1000,
    peakRss: process.resourceUsage().maxRSS * 1024,
    rssBefore,
    cpuCheckWrite: cpuAt.get('publishing') ?? cpuSeconds(),
    peakHeap: peaks.heapTotal,
    peakExternal: peaks.external,
  };
  await context.close();
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

if (process.argv[2] === '--child') {
  const [databaseUrl, csv, dataDir, userId] = process.argv.slice(3);
  child(databaseUrl, csv, dataDir, Number(userId)).then(
    () => process.exit(0),
    (error) => {
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
} else
  main().catch((error) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });

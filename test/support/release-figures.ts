import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * What the backup/restore and upgrade specs compare between two running apps (each a built app started as
 * its own process, bench/src/app-process.ts): a set of analytics calls over the whole market, an area,
 * the price cards and the dashboard, read as figures, and the producer reports with the bytes they download.
 */

/**
 * Calls every release since issue 29 answers with the same parameters (defaults: the latest month). The trend asks
 * for every year (count 0): its default window, 近1年, changed its meaning in decision 270, its figures did not.
 */
export const FIGURE_CALLS: ReadonlyArray<{ path: string; query: Record<string, string> }> = [
  { path: 'saleVolume/wholeMarket/whole', query: {} },
  { path: 'saleVolume/wholeMarket/whole', query: { source: '1' } },
  { path: 'saleVolume/wholeMarket/highCharts', query: { count: '0' } },
  { path: 'saleVolume/wholeMarket/detail', query: {} },
  { path: 'saleVolume/wholeMarket/producer', query: {} },
  { path: 'saleVolume/wholeMarket/modelSub', query: {} },
  { path: 'saleVolume/areaMarket/whole', query: { dimensionality: '2', dimensionalityId: '440000' } },
  { path: 'saleVolume/areaMarket/area', query: {} },
  { path: 'price/marketPriceWhole/whole', query: {} },
  { path: 'dashboard/whole', query: {} },
];

export async function signIn(base: string, account = 'demo', password = 'Demo@2026'): Promise<string> {
  const response = await fetch(`${base}/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await response.json()) as { code: number; msg: string; result: { token: string } };
  if (body.code !== 1) throw new Error(`sign-in refused: ${response.status} ${body.msg}`);
  return body.result.token;
}

export interface Answer {
  status: number;
  body: { code: number; msg: string; result: unknown };
}

export async function call(base: string, token: string, path: string, query: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}/${path}?${new URLSearchParams(query)}`, { headers: { token } });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A figure text such as 1,234、+12.3%、-、0.52. */
const FIGURE_TEXT = /^[-+]?[\d,]*\.?\d*%?$|^-$/;

/**
 * The figures of one answer: every number and every figure text, by its path in the answer. A later release
 * may add fields; it must not change a figure an earlier one answered.
 */
export function figuresOf(value: unknown, at = ''): Record<string, number | string> {
  const found: Record<string, number | string> = {};
  const walk = (v: unknown, p: string): void => {
    if (typeof v === 'number') found[p] = v;
    else if (typeof v === 'string' && FIGURE_TEXT.test(v) && v !== '') found[p] = v;
    else if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${p}[${i}]`));
    else if (v && typeof v === 'object') for (const [key, item] of Object.entries(v)) walk(item, p ? `${p}.${key}` : key);
  };
  walk(value, at);
  return found;
}

/** Every call of FIGURE_CALLS on one app: its figures by call (each must answer code 1). */
export async function readFigures(base: string, token: string): Promise<Record<string, Record<string, number | string>>> {
  const figures: Record<string, Record<string, number | string>> = {};
  for (const { path: callPath, query } of FIGURE_CALLS) {
    const { status, body } = await call(base, token, callPath, query);
    const key = `${callPath}?${new URLSearchParams(query)}`;
    if (status !== 200 || body.code !== 1) throw new Error(`${key}: ${status} ${JSON.stringify(body).slice(0, 300)}`);
    figures[key] = figuresOf(body.result);
  }
  return figures;
}

/** What the backup specs compare of one running app, and the analyst's session it was read in (kept across a restore). */
export interface Observed {
  figures: Record<string, Record<string, number | string>>;
  reports: DownloadedReport[];
  /** The demo analyst's session the figures were read in. */
  token: string;
}

/**
 * The opening and closing read of a backup spec: the demo analyst signs in and reads FIGURE_CALLS, the administrator
 * signs in and downloads the producer reports (`base`: the app's API root, …/car/api).
 */
export async function observe(base: string): Promise<Observed> {
  const token = await signIn(base);
  const admin = await signIn(base, 'admin', 'Admin@2026');
  return { figures: await readFigures(base, token), reports: await downloadReports(base, admin), token };
}

/** The figures of `later` at the paths `earlier` has (what a release kept). */
export function keptFigures(
  earlier: Record<string, Record<string, number | string>>,
  later: Record<string, Record<string, number | string>>,
): Record<string, Record<string, number | string | undefined>> {
  return Object.fromEntries(Object.entries(earlier).map(([key, figures]) => [key, Object.fromEntries(Object.keys(figures).map((p) => [p, later[key]?.[p]]))]));
}

export interface DownloadedReport {
  id: number;
  name: string;
  producerName: string;
  bytes: number;
  sha256: string;
}

/** The producer reports an administrator sees (every upload month since 2000), each downloaded: its size and SHA-256. */
export async function downloadReports(base: string, token: string, limit = 12): Promise<DownloadedReport[]> {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const { status, body } = await call(base, token, 'reportDownload/list', { startDate: '2000-01', endDate: thisMonth, pageSize: '50' });
  if (status !== 200 || body.code !== 1) throw new Error(`reportDownload/list: ${status} ${JSON.stringify(body).slice(0, 300)}`);
  const items = (body.result as { items: Array<{ id: number; name: string; producerName: string }> }).items.slice(0, limit);
  const reports: DownloadedReport[] = [];
  for (const item of items) {
    const response = await fetch(`${base}/reportDownload/download?ids=${item.id}`, { headers: { token } });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`report ${item.id} (${item.name}): ${response.status} ${bytes.toString().slice(0, 200)}`);
    reports.push({
      id: item.id,
      name: item.name,
      producerName: item.producerName,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return reports;
}

export interface NodeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A built command of the backend (`npm run build`), as `npm run seed|backup|restore` runs it. */
export const builtCommand = (name: string): string => path.resolve(__dirname, '..', '..', 'backend', 'dist', 'cli', `${name}.cli.js`);

/** Runs a built command (backend/dist/cli/…) as `npm run …` does, with the environment given on top of this one's. */
export function runNode(script: string, args: string[], env: Record<string, string>, cwd = path.dirname(script)): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...process.env, REDIS_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function dropDatabases(adminUrl: string, names: string[]): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** How many tables a database holds outside PostgreSQL's own schemas. */
export async function tableCount(url: string): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND s.nspname = 'public'`,
    );
    return Number(rows[0].n);
  } finally {
    await db.end();
  }
}

/**
 * A stopwatch for a spec's slow steps: `timed(label, work)` runs the work and keeps its seconds (one decimal)
 * under the label in `timings`, which the spec prints in its afterAll.
 */
export function stopwatch(timings: Record<string, number>): <T>(label: string, work: () => Promise<T> | T) => Promise<T> {
  return async (label, work) => {
    const started = Date.now();
    try {
      return await work();
    } finally {
      timings[label] = Math.round((Date.now() - started) / 100) / 10;
    }
  };
}

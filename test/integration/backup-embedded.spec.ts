import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startApp, type RunningApp } from '../../bench/src/app-process';
import { FIGURE_CALLS, type Observed, builtCommand, call, dropDatabases, observe, runNode, tableCount, stopwatch } from '../support/release-figures';
import { freePort } from '../support/net';
import { testEnv, withDatabase } from '../support/test-env';

/**
 * The backup of the configuration users run (issue 44 §6, decision 264): no DATABASE_URL, so the embedded
 * PostgreSQL 18 under DATA_DIR, for which the machine has no pg_dump. The tiny set is seeded by the built seed
 * command into an embedded server of a temporary data folder; the built app runs on it (as `npm start` leaves it
 * running) while an analyst saves views one after another; the built backup command, with the app and the writes
 * going on, writes one archive; the built restore command puts it into a new data folder, whose embedded
 * PostgreSQL it initialises; the built app started on that folder (no DATABASE_URL) answers the same figures,
 * downloads the same report bytes, keeps the session signed before the backup, holds the views saved before the
 * backup's snapshot as an unbroken run and saves a new one. A second restore into that folder is refused.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'car-backup-embedded-'));
const sourceData = path.join(folder, 'data-source');
const targetData = path.join(folder, 'data-target');
const archive = path.join(folder, 'archive');
const env = testEnv();
const SERVER_TARGET = `car_backup_emb_${Date.now().toString(36)}${process.pid}`;
const WRITE_PREFIX = '备份中保存';
const timings: Record<string, number> = {};

/** No DATABASE_URL: the commands and the app start (or reuse) the embedded PostgreSQL of DATA_DIR on this port. */
const embeddedEnv = (dataDir: string, port: number): Record<string, string> => ({ DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });

let sourcePort = 0;
let targetPort = 0;
/** The app on the source folder, then the one on the restored folder; stopped by the test that ends it, else by afterAll. */
let sourceApp: RunningApp | undefined;
let restoredApp: RunningApp | undefined;
let before: Observed;
const saved: string[] = [];

const timed = stopwatch(timings);

/** A PostgreSQL still running on a data folder of this spec (a command or app that died): a fast shutdown (SIGINT). */
async function stopServerOf(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 30_000 && fs.existsSync(pidFile); waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** Whether anything accepts a connection on the loopback port now. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function post(base: string, token: string, callPath: string, body: unknown): Promise<{ code: number; msg: string; result: unknown }> {
  const response = await fetch(`${base}/${callPath}`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; msg: string; result: unknown };
}

async function savedViews(base: string, token: string): Promise<Array<{ id: number; name: string }>> {
  const { status, body } = await call(base, token, 'views/list');
  if (status !== 200 || body.code !== 1) throw new Error(`views/list: ${status} ${JSON.stringify(body).slice(0, 300)}`);
  return (body.result as { mine: Array<{ id: number; name: string }> }).mine;
}

beforeAll(async () => {
  [sourcePort, targetPort] = [await freePort(), await freePort()];
  // The seed command starts the embedded PostgreSQL of the folder and stops it; the app starts it again and keeps it running.
  const seeded = await timed('tiny seed', () => runNode(builtCommand('seed'), ['--scale', 'tiny'], embeddedEnv(sourceData, sourcePort)));
  if (seeded.code !== 0) throw new Error(`seed failed:\n${seeded.stderr.slice(-3000)}`);
  sourceApp = await startApp(ROOT, '', { env: embeddedEnv(sourceData, sourcePort) });
  before = await observe(sourceApp.base);
}, 1_500_000);

afterAll(async () => {
  await sourceApp?.stop();
  await restoredApp?.stop();
  await dropDatabases(env.adminUrl, [SERVER_TARGET]);
  for (const dataDir of [sourceData, targetData]) await stopServerOf(path.join(dataDir, 'postgres'));
  fs.rmSync(folder, { recursive: true, force: true });
  process.stderr.write(`[backup-embedded] timings (s): ${JSON.stringify(timings)}\n`);
}, 120_000);

describe('backup and restore of the embedded PostgreSQL (no DATABASE_URL)', () => {
  it('the source holds reports and figures to compare', () => {
    expect(before.reports.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(before.figures)).toHaveLength(FIGURE_CALLS.length);
    expect(fs.existsSync(path.join(sourceData, 'jwt-secret'))).toBe(true);
  });

  it('never uses the embedded PostgreSQL of another data folder that runs on the same port', async () => {
    // The source app's server runs on sourcePort; a backup of another DATA_DIR given the same port must not read it.
    const otherData = path.join(folder, 'data-other');
    const elsewhere = path.join(folder, 'archive-other');
    const refused = await runNode(builtCommand('backup'), ['--out', elsewhere], embeddedEnv(otherData, sourcePort));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`端口 ${sourcePort} 上已有另一个内嵌 PostgreSQL 在运行`);
    expect(refused.stderr).toContain('EMBEDDED_PG_PORT');
    expect(fs.existsSync(path.join(elsewhere, 'manifest.json'))).toBe(false);
  }, 300_000);

  it('writes one archive while the app runs and an analyst saves views, without any pg_dump', async () => {
    const running = sourceApp!;
    let writing = true;
    const writer = (async () => {
      for (let n = 1; n <= 40 && (writing || n === 1); n++) {
        const answer = await post(running.base, before.token, 'views/save', { name: `${WRITE_PREFIX}${n}`, path: '/salevolume/wholemarket', query: `n=${n}` });
        if (answer.code !== 1) throw new Error(`views/save ${n}: ${answer.msg}`);
        saved.push(`${WRITE_PREFIX}${n}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    // The first view is saved before the backup begins, the others while it runs.
    while (saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const backup = await timed('backup', () => runNode(builtCommand('backup'), ['--out', archive], embeddedEnv(sourceData, sourcePort)));
    writing = false;
    await writer;
    // Like Ctrl-C on `npm start`: the app stops its embedded PostgreSQL.
    await running.stop();
    sourceApp = undefined;
    expect({ code: backup.code, stderr: backup.stderr.slice(-2000) }).toEqual({ code: 0, stderr: expect.stringContaining('完成') });
    expect(backup.stderr).toContain('以 COPY 导出每张表');
    expect(backup.stderr).not.toContain('bin/pg_dump');
    expect(fs.readdirSync(archive).sort()).toEqual(['database', 'files', 'manifest.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(archive, 'manifest.json'), 'utf8')) as {
      format: number;
      database: { serverVersion: string; tables: Array<{ table: string; rows: number }> };
      files: Array<{ path: string }>;
    };
    expect(manifest.format).toBe(2);
    expect(manifest.database.serverVersion).toMatch(/^18\./);
    expect(manifest.database.tables.find((t) => t.table === 'public.retail_fact')?.rows).toBeGreaterThan(100_000);
    const entries = new Set(manifest.files.map((f) => f.path.split('/')[0]));
    expect(entries.has('reports') && entries.has('jwt-secret')).toBe(true);
    expect(saved.length).toBeGreaterThan(1);
  }, 900_000);

  it('restores into a new data folder, initialising its embedded PostgreSQL', async () => {
    const restored = await timed('restore', () => runNode(builtCommand('restore'), [archive], embeddedEnv(targetData, targetPort)));
    expect({ code: restored.code, stderr: restored.stderr.slice(-2000) }).toEqual({ code: 0, stderr: expect.stringContaining('完成') });
    expect(fs.existsSync(path.join(targetData, 'postgres', 'PG_VERSION'))).toBe(true);
    // The restore stopped the server it started: nothing answers on its port.
    expect(await listening(targetPort)).toBe(false);
  }, 900_000);

  it('the built app on the new folder answers the same figures and report bytes, keeps the session and the views of the snapshot', async () => {
    const app = await timed('restored app start', () => startApp(ROOT, '', { env: embeddedEnv(targetData, targetPort) }));
    restoredApp = app;
    const session = await call(app.base, before.token, 'security/me');
    expect({ status: session.status, code: session.body.code }).toEqual({ status: 200, code: 1 });
    const { figures, reports, token } = await observe(app.base);
    expect(figures).toEqual(before.figures);
    expect(reports).toEqual(before.reports);

    // One snapshot: the views saved before it, each one, and none after a missing one.
    const views = await savedViews(app.base, token);
    const kept = views
      .filter((v) => v.name.startsWith(WRITE_PREFIX))
      .map((v) => Number(v.name.slice(WRITE_PREFIX.length)))
      .sort((a, b) => a - b);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => i + 1));
    // The sequences came back too: a new view takes an id no restored row holds.
    const added = await post(app.base, token, 'views/save', { name: '恢复后保存', path: '/salevolume/wholemarket', query: '' });
    expect({ code: added.code, msg: added.msg }).toEqual({ code: 1, msg: expect.any(String) });
    expect((added.result as { id: number }).id).toBeGreaterThan(Math.max(...views.map((v) => v.id)));
    await app.stop();
    restoredApp = undefined;
  }, 300_000);

  it('refuses a second restore into the now filled data folder, in Chinese, exit code 2', async () => {
    const refused = await runNode(builtCommand('restore'), [archive], embeddedEnv(targetData, targetPort));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('拒绝恢复，未做任何改动');
    expect(refused.stderr).toContain('--replace');
  }, 300_000);

  it('the same archive restores into a new database of the tests’ server (its version whatever it is)', async () => {
    const url = withDatabase(env.adminUrl, SERVER_TARGET);
    const restored = await timed('restore to server', () =>
      runNode(builtCommand('restore'), [archive], { DATABASE_URL: url, DATA_DIR: path.join(folder, 'data-server') }),
    );
    expect({ code: restored.code, stderr: restored.stderr.slice(-2000) }).toEqual({ code: 0, stderr: expect.stringContaining('完成') });
    expect(restored.stderr).toContain('新建数据库');
    const manifest = JSON.parse(fs.readFileSync(path.join(archive, 'manifest.json'), 'utf8')) as { database: { tables: unknown[] } };
    expect(await tableCount(url)).toBe(manifest.database.tables.length);
  }, 300_000);
});

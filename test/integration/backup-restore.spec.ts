import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startApp, type RunningApp } from '../../bench/src/app-process';
import { DATA_DIR_ENTRIES } from '../../backend/src/backup/backup-archive';
import { databaseFacts, findPgTool } from '../../backend/src/database/pg-tools';
import { demoSourcesHash } from '../support/demo-template';
import { FIGURE_CALLS, type Observed, builtCommand, call, dropDatabases, observe, runNode, tableCount, stopwatch } from '../support/release-figures';
import { copyOfTemplate } from '../support/template-database';
import { testEnv, withDatabase } from '../support/test-env';

/**
 * Back from disaster (issue 32 §5, decisions 229 and 264): the tiny set seeded by the built seed command (its producer
 * reports written into the data folder), the built app started on it, a session opened and figures read;
 * `npm run backup`'s command writes one archive; `npm run restore`'s puts it into a new database and a new
 * data folder; the built app on those answers the same figures, downloads the same reports byte for byte and
 * accepts the session signed before the backup (the generated JWT secret came back with the files). A second
 * restore onto the now filled database is refused, exit code 2, in Chinese, changing nothing. With a pg_dump as
 * new as the server on the machine (CI's PostgreSQL 15) the archive is pg_dump's; without one (the tests' own
 * embedded PostgreSQL 18) it is each table's rows (decision 264): either way the same checks run, none skipped.
 * The embedded configuration itself (no DATABASE_URL) is backup-embedded.spec.ts.
 */
const env = testEnv();
const ROOT = path.resolve(__dirname, '..', '..');
const run = `${Date.now().toString(36)}${process.pid}`;
const SOURCE = `car_backup_src_${run}`;
const TARGET = `car_backup_dst_${run}`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'car-backup-'));
const sourceData = path.join(folder, 'data-source');
const targetData = path.join(folder, 'data-target');
const archive = path.join(folder, 'archive');
const timings: Record<string, number> = {};

/** Whether the machine has a pg_dump and pg_restore as new as the server: the archive is then pg_dump's. */
let withPgDump = false;
let app: RunningApp | undefined;
let before: Observed;

const timed = stopwatch(timings);

beforeAll(async () => {
  const facts = await databaseFacts(env.adminUrl);
  try {
    findPgTool('pg_dump', facts.serverMajor, process.env.PG_BIN_DIR);
    findPgTool('pg_restore', facts.serverMajor, process.env.PG_BIN_DIR);
    withPgDump = true;
  } catch (error) {
    process.stderr.write(`[backup-restore] ${error instanceof Error ? error.message : String(error)}: the archive holds each table's rows\n`);
  }
  // The tiny set as the built seed command writes it, made once per version of the sources that shape it (demo-template.ts).
  const sourceUrl = await timed('tiny set', () =>
    copyOfTemplate({
      adminUrl: env.adminUrl,
      family: 'car_tiny_',
      // The tiny set is 1.4 GB: FILE_COPY copies it in 4-5 s, WAL_LOG in 12-13 s (decision 239).
      strategy: 'FILE_COPY',
      key: demoSourcesHash(),
      database: SOURCE,
      files: { name: 'data', to: sourceData },
      log: (m) => process.stderr.write(`[backup-restore] ${m}\n`),
      build: async (url, dataDir) => {
        const seeded = await runNode(builtCommand('seed'), ['--scale', 'tiny'], { DATABASE_URL: url, DATA_DIR: dataDir });
        if (seeded.code !== 0) throw new Error(`seed failed:\n${seeded.stderr.slice(-3000)}`);
      },
    }),
  );
  app = await startApp(ROOT, sourceUrl, { env: { DATA_DIR: sourceData } });
  before = await observe(app.base);
  await app.stop();
  app = undefined;
}, 1_500_000);

afterAll(async () => {
  await app?.stop();
  await dropDatabases(env.adminUrl, [SOURCE, TARGET, `${TARGET}_x`]);
  fs.rmSync(folder, { recursive: true, force: true });
  process.stderr.write(`[backup-restore] timings (s): ${JSON.stringify(timings)}\n`);
}, 120_000);

describe('backup and restore (npm run backup / npm run restore)', () => {
  it('the source holds reports and figures to compare', () => {
    expect(before.reports.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(before.figures)).toHaveLength(FIGURE_CALLS.length);
    expect(fs.existsSync(path.join(sourceData, 'jwt-secret'))).toBe(true);
  });

  it('writes one archive: the database, the data folder’s files and their manifest', async () => {
    const backup = await timed('backup', () =>
      runNode(builtCommand('backup'), ['--out', archive], { DATABASE_URL: withDatabase(env.adminUrl, SOURCE), DATA_DIR: sourceData }),
    );
    expect({ code: backup.code, stderr: backup.stderr.slice(-2000) }).toEqual({ code: 0, stderr: expect.stringContaining('完成') });
    expect(backup.stderr).toContain(withPgDump ? 'pg_dump ' : '以 COPY 导出每张表');
    expect(fs.readdirSync(archive).sort()).toEqual([withPgDump ? 'database.dump' : 'database', 'files', 'manifest.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(archive, 'manifest.json'), 'utf8')) as { files: Array<{ path: string }> };
    const entries = new Set(manifest.files.map((f) => f.path.split('/')[0]));
    expect([...entries].every((entry) => (DATA_DIR_ENTRIES as readonly string[]).includes(entry))).toBe(true);
    expect(entries.has('reports') && entries.has('jwt-secret')).toBe(true);
  }, 900_000);

  it('restores into a new database and a new data folder', async () => {
    const restored = await timed('restore', () =>
      runNode(builtCommand('restore'), [archive], { DATABASE_URL: withDatabase(env.adminUrl, TARGET), DATA_DIR: targetData }),
    );
    expect({ code: restored.code, stderr: restored.stderr.slice(-2000) }).toEqual({ code: 0, stderr: expect.stringContaining('完成') });
    expect(restored.stderr).toContain('新建数据库');
  }, 900_000);

  it('the built app on the restored database and folder answers the same figures and the same report bytes, and keeps the old session', async () => {
    app = await timed('restored app start', () => startApp(ROOT, withDatabase(env.adminUrl, TARGET), { env: { DATA_DIR: targetData } }));
    const session = await call(app.base, before.token, 'security/me');
    expect({ status: session.status, code: session.body.code }).toEqual({ status: 200, code: 1 });
    const after = await observe(app.base);
    expect(after.figures).toEqual(before.figures);
    expect(after.reports).toEqual(before.reports);
    await app.stop();
    app = undefined;
  }, 300_000);

  it('refuses to restore onto a database that is not empty, in Chinese, exit code 2, changing nothing', async () => {
    const url = withDatabase(env.adminUrl, TARGET);
    const tables = await tableCount(url);
    const fresh = path.join(folder, 'data-fresh');
    const refused = await runNode(builtCommand('restore'), [archive], { DATABASE_URL: url, DATA_DIR: fresh });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('拒绝恢复，未做任何改动');
    expect(refused.stderr).toContain('不是空的');
    expect(refused.stderr).toContain('--replace');
    expect(await tableCount(url)).toBe(tables);
    expect(fs.existsSync(path.join(fresh, 'reports'))).toBe(false);

    const occupied = await runNode(builtCommand('restore'), [archive], { DATABASE_URL: withDatabase(env.adminUrl, `${TARGET}_x`), DATA_DIR: targetData });
    expect(occupied.code).toBe(2);
    expect(occupied.stderr).toContain(`数据目录 ${targetData} 已有`);
  }, 300_000);
});

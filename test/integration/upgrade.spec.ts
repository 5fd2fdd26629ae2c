import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startApp, type RunningApp } from '../../bench/src/app-process';
import { MIGRATIONS } from '../../backend/src/database/data-source';
import { databaseFacts } from '../../backend/src/database/pg-tools';
import { type DownloadedReport, downloadReports, dropDatabases, keptFigures, readFigures, runNode, signIn, stopwatch } from '../support/release-figures';
import { copyOfTemplate } from '../support/template-database';
import { testEnv } from '../support/test-env';

/**
 * The previous release's database, upgraded (issue 32 §5, decision 230). The release is a commit of main, built
 * from its own sources in a temporary folder (git archive, the checkout's node_modules linked, its backend built
 * with swc); its seed command writes the tiny set into a new database (kept as a template per commit, so later
 * runs copy it), its app is started on it and a set of analytics calls and report downloads is read. Then
 * today's `npm run migrate` runs the migrations added since, and today's app, started on the same database and
 * data folder, answers every figure the old one answered with the same value and downloads the same bytes.
 */

/**
 * main where issue 29 landed (its last commit before issue 30 began): migrations through 1763700000034, so
 * 035-038, 040 and 041 (saved views, alerts, robots, the publish times of data_month) run on its data.
 */
const OLD_RELEASE = '8453305bf4d61efe6aa75e4d9583793465824a3f';

const env = testEnv();
const ROOT = path.resolve(__dirname, '..', '..');
const run = `${Date.now().toString(36)}${process.pid}`;
const DATABASE = `car_upgrade_${run}`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'car-upgrade-'));
/** The release's build, kept by its commit in the system's temporary folder: a commit's build never changes. */
const tree = path.join(os.tmpdir(), `car-release-${OLD_RELEASE.slice(0, 12)}`);
const dataDir = path.join(folder, 'data');
const timings: Record<string, number> = {};
const log = (m: string): void => void process.stderr.write(`[upgrade] ${m}\n`);

let skipped: string | null = null;
let app: RunningApp | undefined;
let databaseUrl: string;
let before: { figures: Awaited<ReturnType<typeof readFigures>>; reports: DownloadedReport[]; migrations: string[] };

const timed = stopwatch(timings);

function sh(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${result.stderr}${result.stdout}`);
}

const hasRelease = (): boolean => spawnSync('git', ['cat-file', '-e', `${OLD_RELEASE}^{commit}`], { cwd: ROOT }).status === 0;

/**
 * The release's sources in `tree`, built; once per machine (built in a folder of this run's, then renamed into place,
 * so a run that stops half way leaves no tree). Then this checkout's packages linked in and the release's own
 * workspaces as @car/…, afresh each run: the checkout may be another clone than the one that built the tree.
 */
function buildRelease(): void {
  if (!fs.existsSync(path.join(tree, 'backend', 'dist', 'cli', 'seed.cli.js'))) {
    const building = path.join(folder, 'release');
    fs.mkdirSync(building, { recursive: true });
    const tar = path.join(folder, 'release.tar');
    sh('git', ['archive', '--format=tar', `--output=${tar}`, OLD_RELEASE], ROOT);
    sh('tar', ['-xf', tar, '-C', building], ROOT);
    const swc = path.join(ROOT, 'node_modules', '.bin', 'swc');
    sh(swc, ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', '../.swcrc', '-q'], path.join(building, 'contracts'));
    sh(swc, ['src', '-d', 'dist', '--strip-leading-paths', '--copy-files', '--config-file', '../.swcrc', '-q'], path.join(building, 'backend'));
    fs.rmSync(tree, { recursive: true, force: true });
    fs.renameSync(building, tree);
  }
  const modules = path.join(tree, 'node_modules');
  fs.rmSync(modules, { recursive: true, force: true });
  fs.mkdirSync(path.join(modules, '@car'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@car') fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  // The release's own workspaces, not this checkout's: a link to them resolves to the release's folders.
  for (const workspace of ['contracts', 'backend', 'workers', 'frontend']) fs.symlinkSync(path.join(tree, workspace), path.join(modules, '@car', workspace));
  const backendModules = path.join(tree, 'backend', 'node_modules');
  fs.rmSync(backendModules, { force: true });
  if (fs.existsSync(path.join(ROOT, 'backend', 'node_modules'))) fs.symlinkSync(path.join(ROOT, 'backend', 'node_modules'), backendModules);
}

beforeAll(async () => {
  if (!hasRelease()) {
    log(`${OLD_RELEASE} is not in this clone (a shallow one?): fetching it`);
    spawnSync('git', ['fetch', '--quiet', '--depth=1', 'origin', OLD_RELEASE], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!hasRelease()) {
    skipped = `the previous release ${OLD_RELEASE} is neither in this clone nor fetchable from origin`;
    process.stderr.write(`\n[upgrade] SKIPPED: ${skipped}\n\n`);
    return;
  }
  await timed('build the release', buildRelease);
  const releaseCli = (name: string) => path.join(tree, 'backend', 'dist', 'cli', `${name}.cli.js`);
  databaseUrl = await timed('the release’s tiny set', () =>
    copyOfTemplate({
      adminUrl: env.adminUrl,
      family: 'car_release_',
      // The tiny set is 1.4 GB: FILE_COPY copies it in 4-5 s, WAL_LOG in 12-13 s (decision 239).
      strategy: 'FILE_COPY',
      key: OLD_RELEASE.slice(0, 12),
      database: DATABASE,
      files: { name: 'data', to: dataDir },
      log,
      build: async (url, templateData) => {
        const seeded = await runNode(releaseCli('seed'), ['--scale', 'tiny'], { DATABASE_URL: url, DATA_DIR: templateData });
        if (seeded.code !== 0) throw new Error(`the release's seed failed:\n${seeded.stderr.slice(-3000)}`);
      },
    }),
  );
  app = await timed('the release’s app start', () => startApp(tree, databaseUrl, { env: { DATA_DIR: dataDir } }));
  before = {
    figures: await readFigures(app.base, await signIn(app.base)),
    reports: await downloadReports(app.base, await signIn(app.base, 'admin', 'Admin@2026')),
    migrations: (await databaseFacts(databaseUrl)).migrations,
  };
  await app.stop();
  app = undefined;
}, 1_500_000);

afterAll(async () => {
  await app?.stop();
  await dropDatabases(env.adminUrl, [DATABASE]);
  fs.rmSync(folder, { recursive: true, force: true });
  log(`timings (s): ${JSON.stringify(timings)}`);
}, 120_000);

describe(`upgrading the database of release ${OLD_RELEASE.slice(0, 7)} to this one`, () => {
  it('npm run migrate runs the migrations added since, and only those', async () => {
    if (skipped) return;
    expect(before.migrations.length).toBeGreaterThan(0);
    expect(before.migrations.length).toBeLessThan(MIGRATIONS.length);
    const migrated = await timed('migrate', () =>
      runNode(path.join(ROOT, 'backend', 'dist', 'cli', 'migrate.cli.js'), [], { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }),
    );
    expect({ code: migrated.code, stderr: migrated.stderr.slice(-2000) }).toEqual({ code: 0, stderr: expect.any(String) });
    const after = (await databaseFacts(databaseUrl)).migrations;
    expect(after.slice(0, before.migrations.length)).toEqual(before.migrations);
    expect(after).toHaveLength(MIGRATIONS.length);
    expect(migrated.stdout).toContain(`applied: ${after.slice(before.migrations.length).join(', ')}`);
  }, 300_000);

  it('this release’s app on the upgraded database answers every figure the old one answered, and the same report bytes', async () => {
    if (skipped) return;
    app = await timed('this app start', () => startApp(ROOT, databaseUrl, { env: { DATA_DIR: dataDir } }));
    const figures = await readFigures(app.base, await signIn(app.base));
    expect(keptFigures(before.figures, figures)).toEqual(before.figures);
    expect(Object.values(before.figures).reduce((n, f) => n + Object.keys(f).length, 0)).toBeGreaterThan(500);
    expect(await downloadReports(app.base, await signIn(app.base, 'admin', 'Admin@2026'))).toEqual(before.reports);
    await app.stop();
    app = undefined;
  }, 300_000);
});

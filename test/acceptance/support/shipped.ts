/**
 * The product as a new user gets it (issue 24, decision 132): a fresh clone of the checkout's HEAD in a
 * temporary folder, its node_modules linked to the checkout's instead of a second `npm ci`, started by
 * `npm start` exactly as the README's first command starts it — no NODE_ENV, no DATABASE_URL, no
 * REDIS_URL, the default DATA_DIR (the clone's `./.data`, dot included), the embedded PostgreSQL and the
 * demo data seeded by the normal start path. The only overrides are PORT and EMBEDDED_PG_PORT, set to
 * free ports so a developer's own `npm start` is not disturbed. In mode `redis` the same clone and data
 * are started again with REDIS_URL and a REDIS_PREFIX of their own, plus `npm run worker`.
 *
 * Specs read `shipped()`; the jest global setup (global-setup.ts) starts it and the teardown stops it.
 * Every process group started is recorded in a state file, so a crawl that revives a crashed app
 * (`reviveShipped`) leaves nothing running behind it. A walk that must change the data for good (publish a
 * month) starts a private instance of the same clone (`startPrivateInstance`: its own port, DATA_DIR,
 * embedded PostgreSQL port and, in mode redis, REDIS_PREFIX and worker; decision 206) and stops it itself.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { deleteKeys, freePort } from '../../support/net';

export type ShippedMode = 'embedded' | 'redis';

export interface Shipped {
  mode: ShippedMode;
  /** http://127.0.0.1:PORT, the app's pages at `/` and its API at `/car/api`. */
  baseUrl: string;
  /** The clone `npm start` runs in. */
  cloneDir: string;
  /** The clone's default DATA_DIR: `<cloneDir>/.data` (jwt-secret, mp-secret, postgres, exports, reports). */
  dataDir: string;
}

/** What the setup, the teardown and a reviving spec share, in `<workRoot>/state.json`. */
export interface ShippedState extends Shipped {
  workRoot: string;
  port: number;
  embeddedPgPort: number;
  /** null in mode embedded. */
  redisUrl: string | null;
  redisPrefix: string | null;
  /** Every process group started for this run (app, worker, revived app), stopped by the teardown. */
  groups: Array<{ pgid: number; role: 'app' | 'worker'; log: string }>;
  timings: Record<string, number>;
}

const SHIPPED_ENV = 'CAR_SHIPPED';
const STATE_ENV = 'CAR_SHIPPED_STATE';

/** The app under test, as the global setup started it. */
export function shipped(): Shipped {
  const raw = process.env[SHIPPED_ENV];
  if (!raw) throw new Error(`${SHIPPED_ENV} is not set: run the acceptance suite through jest (npm run test:acceptance)`);
  return JSON.parse(raw) as Shipped;
}

/**
 * Makes `instance` the app `shipped()` answers in this test file (jest gives each file its own process.env), so
 * the kits' helpers drive a private instance; call the kit's pointer (`pointHelpersAtShipped`) after it.
 */
export function asShipped(instance: Shipped): void {
  const { mode, baseUrl, cloneDir, dataDir } = instance;
  process.env[SHIPPED_ENV] = JSON.stringify({ mode, baseUrl, cloneDir, dataDir } satisfies Shipped);
}

export function publishState(state: ShippedState): void {
  const { mode, baseUrl, cloneDir, dataDir } = state;
  process.env[SHIPPED_ENV] = JSON.stringify({ mode, baseUrl, cloneDir, dataDir } satisfies Shipped);
  process.env[STATE_ENV] = stateFile(state.workRoot);
  saveState(state);
}

export function stateFile(workRoot: string): string {
  return path.join(workRoot, 'state.json');
}

export function loadState(file = process.env[STATE_ENV]): ShippedState {
  if (!file) throw new Error(`${STATE_ENV} is not set: run the acceptance suite through jest`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ShippedState;
}

export function saveState(state: ShippedState): void {
  fs.writeFileSync(stateFile(state.workRoot), `${JSON.stringify(state, null, 2)}\n`);
}

export function log(message: string): void {
  process.stderr.write(`[acceptance] ${message}\n`);
}

/** Seconds since `started` (performance.now()), one decimal, for the timings. */
export function secondsSince(started: number): number {
  return Math.round((performance.now() - started) / 100) / 10;
}

/**
 * The whole machine's busy CPU-seconds since boot (/proc/stat: user, nice, system, irq, softirq, steal), as cpumeter
 * counts them: the difference over a phase is what it cost the machine, whichever process spent it.
 */
export function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

// ---------------------------------------------------------------------------------------------------
// The clone

/** The repository the tests run from: the checkout holding this file. */
export const CHECKOUT = path.resolve(__dirname, '..', '..', '..');

/** A temporary folder for one acceptance run; the clone goes in `<root>/app` (no dot anywhere in it). */
export function makeWorkRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'car-accept-'));
  if (/\/\./.test(root)) throw new Error(`the temporary folder ${root} has a dot-folder in its path; set TMPDIR to one without`);
  return root;
}

/**
 * Clones the checkout's HEAD (committed work only: what a new user would clone) into `<workRoot>/app` and
 * links its node_modules. Returns the clone's path.
 */
export function cloneCheckout(workRoot: string, checkout = CHECKOUT): string {
  const cloneDir = path.join(workRoot, 'app');
  const head = git(checkout, 'rev-parse', 'HEAD');
  // A worktree's .git is a file; clone the repository it belongs to, then check out the worktree's HEAD.
  const repository = git(checkout, 'rev-parse', '--path-format=absolute', '--git-common-dir');
  execFileSync('git', ['clone', '--quiet', '--shared', '--no-checkout', repository, cloneDir], { stdio: 'pipe' });
  git(cloneDir, 'checkout', '--quiet', '--detach', head);
  linkNodeModules(checkout, cloneDir);
  return cloneDir;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * `npm ci` skipped: the clone's node_modules (the root's and each workspace's) are real folders whose
 * entries are symlinks to the checkout's. An entry that is a link into the checkout's own tree (the
 * workspaces, `@car/*`, which npm links relatively) points at the clone's counterpart instead, so the
 * clone runs its own backend, contracts and front end. Caches (`.cache`, `.vite`) are left out.
 */
export function linkNodeModules(checkout: string, cloneDir: string): void {
  const folders = ['node_modules'];
  const workspaces = (JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { workspaces?: string[] }).workspaces ?? [];
  for (const workspace of workspaces) folders.push(path.join(workspace, 'node_modules'));
  for (const folder of folders) {
    const from = path.join(checkout, folder);
    if (fs.existsSync(from)) linkFolder(checkout, cloneDir, from, path.join(cloneDir, folder), true);
  }
}

const NOT_LINKED = new Set(['.cache', '.vite']);

function linkFolder(checkout: string, cloneDir: string, from: string, to: string, top: boolean): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (NOT_LINKED.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (top && entry.isDirectory() && entry.name.startsWith('@')) {
      linkFolder(checkout, cloneDir, source, target, false);
      continue;
    }
    if (entry.isSymbolicLink()) {
      const resolved = path.resolve(path.dirname(source), fs.readlinkSync(source));
      const inCheckout = path.relative(checkout, resolved);
      const ownTree = !inCheckout.startsWith('..') && !path.isAbsolute(inCheckout) && !inCheckout.split(path.sep).includes('node_modules');
      fs.symlinkSync(ownTree ? path.join(cloneDir, inCheckout) : resolved, target);
      continue;
    }
    fs.symlinkSync(source, target);
  }
}

/** The clone's default DATA_DIR, `<cloneDir>/.data`: what `npm start` uses with no DATA_DIR. */
export function defaultDataDir(cloneDir: string): string {
  return path.join(path.resolve(cloneDir), '.data');
}

// ---------------------------------------------------------------------------------------------------
// Starting and stopping

/**
 * The environment a user's shell would give `npm start`: this process's, less every key the app reads
 * (`.env.example` lists them all; CI exports DATABASE_URL and REDIS_URL) and less the npm variables of
 * the `npm test` that runs us. Then the allowed overrides.
 */
export function userEnvironment(state: ShippedState): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const example = fs.readFileSync(path.join(state.cloneDir, '.env.example'), 'utf8');
  const keys = new Set(['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT', 'EMBEDDED_PG_PORT', 'REDIS_PREFIX']);
  for (const match of example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)) keys.add(match[1]);
  for (const key of Object.keys(env)) {
    if (
      keys.has(key) ||
      key.startsWith('npm_') ||
      key === 'INIT_CWD' ||
      key.startsWith('JEST_') ||
      key === SHIPPED_ENV ||
      key === STATE_ENV ||
      key === 'CAR_TEST_ENV'
    ) {
      delete env[key];
    }
  }
  env.PORT = String(state.port);
  env.EMBEDDED_PG_PORT = String(state.embeddedPgPort);
  // The suite's instance keeps the default (the clone's ./.data); a private instance names its own folder.
  if (path.resolve(state.dataDir) !== defaultDataDir(state.cloneDir)) env.DATA_DIR = state.dataDir;
  if (state.mode === 'redis') {
    env.REDIS_URL = state.redisUrl ?? undefined;
    env.REDIS_PREFIX = state.redisPrefix ?? undefined;
  }
  return env;
}

/** Runs `npm run <script>` in the clone in a process group of its own, its output appended to a log file. */
function spawnNpm(state: ShippedState, role: 'app' | 'worker', args: string[]): { pgid: number; log: string; exited: () => number | null } {
  const taken = fs.readdirSync(state.workRoot).filter((f) => f.startsWith(`${state.mode}-${role}-`)).length;
  const log = path.join(state.workRoot, `${state.mode}-${role}-${taken + 1}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn('npm', args, { cwd: state.cloneDir, env: userEnvironment(state), detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  if (!child.pid) throw new Error(`could not start npm ${args.join(' ')} in ${state.cloneDir}`);
  let exitCode: number | null = null;
  child.once('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 1)));
  child.unref();
  state.groups.push({ pgid: child.pid, role, log });
  saveState(state);
  return { pgid: child.pid, log, exited: () => exitCode };
}

export const FIRST_START_MS = Number(process.env.ACCEPTANCE_START_TIMEOUT_MS ?? 15 * 60_000);
export const RESTART_MS = 3 * 60_000;

/**
 * `npm start` in the clone; resolves once `/car/api/health` answers 200 and the login page renders.
 * A first start builds the back end and front end and seeds the demo data, hence the long timeout.
 */
export async function startApp(state: ShippedState, first: boolean): Promise<void> {
  const started = spawnNpm(state, 'app', ['start']);
  const deadline = Date.now() + (first ? FIRST_START_MS : RESTART_MS);
  while (Date.now() < deadline) {
    const code = started.exited();
    if (code !== null) throw new Error(`npm start (mode ${state.mode}) exited with ${code} before it was ready:\n${tail(started.log)}`);
    if ((await answers(`${state.baseUrl}/car/api/health`)) && (await answers(`${state.baseUrl}/login`))) return;
    await sleep(500);
  }
  throw new Error(
    `npm start (mode ${state.mode}) was not ready within ${Math.round((deadline - Date.now() + (first ? FIRST_START_MS : RESTART_MS)) / 1000)} s (health and /login on ${state.baseUrl}):\n${tail(started.log)}`,
  );
}

/** `npm run worker` in the clone (mode redis); resolves when it says it listens on the queue. */
export async function startWorker(state: ShippedState): Promise<void> {
  const started = spawnNpm(state, 'worker', ['run', 'worker']);
  const deadline = Date.now() + RESTART_MS;
  while (Date.now() < deadline) {
    const code = started.exited();
    if (code !== null) throw new Error(`npm run worker exited with ${code}:\n${tail(started.log)}`);
    if (fs.readFileSync(started.log, 'utf8').includes('worker listening on queue')) return;
    await sleep(250);
  }
  throw new Error(`npm run worker did not listen on the queue within ${RESTART_MS / 1000} s:\n${tail(started.log)}`);
}

/**
 * The app (`npm start`) and in mode redis the worker, their times in `state.timings` (start, worker); on a failure
 * every group started is stopped and the error thrown.
 */
export async function startInstance(state: ShippedState, first: boolean): Promise<void> {
  const started = performance.now();
  try {
    await startApp(state, first);
    state.timings.start = secondsSince(started);
    if (state.mode === 'redis') {
      const worker = performance.now();
      await startWorker(state);
      state.timings.worker = secondsSince(worker);
    }
  } catch (error) {
    await stopGroups(state);
    throw error;
  }
}

/** "ready at <url> in N s, worker in M s", for the log. */
export function readyText(state: ShippedState): string {
  return `ready at ${state.baseUrl} in ${state.timings.start} s${state.timings.worker !== undefined ? `, worker in ${state.timings.worker} s` : ''}`;
}

/** True when the app answers its health call with 200 now. */
export async function healthy(baseUrl: string): Promise<boolean> {
  return answers(`${baseUrl}/car/api/health`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * After a request ended the app: stop what is left of its groups (an orphaned embedded PostgreSQL
 * keeps running when node dies) and start it again on the same data, so a crawl can go on and report
 * every offender at once rather than only the first.
 */
export async function reviveShipped(): Promise<void> {
  const state = loadState();
  await stopGroups(state, 'app');
  await portFree(state.port);
  await startApp(state, false);
}

async function portFree(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return;
    await sleep(250);
  }
  throw new Error(`port ${port} is still taken 15 s after the app was stopped`);
}

/** Like Ctrl-C in the terminal: SIGINT to every recorded group of `role` (all when omitted), then SIGKILL after 30 s. */
export async function stopGroups(state: ShippedState, role?: 'app' | 'worker'): Promise<void> {
  const groups = state.groups.filter((g) => (role ? g.role === role : true));
  // The worker first: it uses the app's embedded PostgreSQL.
  groups.sort((a, b) => (a.role === b.role ? 0 : a.role === 'worker' ? -1 : 1));
  for (const group of groups) {
    if (!groupAlive(group.pgid)) continue;
    signalGroup(group.pgid, 'SIGINT');
    const deadline = Date.now() + 30_000;
    while (groupAlive(group.pgid) && Date.now() < deadline) await sleep(200);
    if (groupAlive(group.pgid)) {
      log(`process group ${group.pgid} (${group.role}) did not stop in 30 s after SIGINT: SIGKILL`);
      signalGroup(group.pgid, 'SIGKILL');
      await sleep(500);
    }
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** A live (not zombie) process in group `pgid`, read from /proc. */
function groupAlive(pgid: number): boolean {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// A private instance (decision 206)

/** Where the private instances of a run live: `<workRoot>/private-<name>-<mode>`, each with its state file. */
const PRIVATE_PREFIX = 'private-';

/** The state files of the private instances under a run's folder, for a teardown that finds one left running. */
export function privateStateFiles(workRoot: string): string[] {
  if (!fs.existsSync(workRoot)) return [];
  return fs
    .readdirSync(workRoot)
    .filter((entry) => entry.startsWith(PRIVATE_PREFIX))
    .map((entry) => stateFile(path.join(workRoot, entry)))
    .filter((file) => fs.existsSync(file));
}

/**
 * A second instance of the suite's clone for one walk that changes the data for good, started as the README's
 * first command starts it in the mode under test: `npm start` with its own PORT, EMBEDDED_PG_PORT and DATA_DIR
 * (a folder under the run's holding a copy of the seeded data the first start left, `seededDataDir`, so it starts
 * on the demo data as a first start leaves it without seeding again), and in mode redis its own REDIS_PREFIX (the
 * run's, extended, so the teardown's sweep of the run's keys covers it) and `npm run worker`.
 * Stop it with `stopPrivateInstance`, in an afterAll, so a failing walk leaves nothing behind.
 */
export async function startPrivateInstance(name: string): Promise<ShippedState> {
  const run = loadState();
  const workRoot = path.join(run.workRoot, `${PRIVATE_PREFIX}${name}-${run.mode}`);
  fs.rmSync(workRoot, { recursive: true, force: true });
  fs.mkdirSync(workRoot);
  const [port, embeddedPgPort] = [await freePort(), await freePort()];
  const state: ShippedState = {
    mode: run.mode,
    workRoot,
    cloneDir: run.cloneDir,
    dataDir: path.join(workRoot, 'data'),
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    embeddedPgPort,
    redisUrl: run.redisUrl,
    redisPrefix: run.redisPrefix ? `${run.redisPrefix}-${name}` : null,
    groups: [],
    timings: {},
  };
  saveState(state);
  const copied = performance.now();
  copyDataFolder(seededDataDir(run.workRoot), state.dataDir);
  log(
    `private instance ${name} (mode ${state.mode}): the seeded data copied in ${secondsSince(copied)} s; npm start in ${state.cloneDir} (PORT=${port}, EMBEDDED_PG_PORT=${embeddedPgPort}, DATA_DIR=${state.dataDir}${state.redisPrefix ? `, REDIS_PREFIX=${state.redisPrefix}` : ''})`,
  );
  try {
    await startInstance(state, false);
  } catch (error) {
    await stopPrivateInstance(state);
    throw error;
  }
  saveState(state);
  log(`private instance ${name}: ${readyText(state)}`);
  return state;
}

/** Where the run keeps the data folder as the first start left it: `<workRoot>/seeded-data`. */
export function seededDataDir(workRoot: string): string {
  return path.join(workRoot, 'seeded-data');
}

/**
 * After the suite's first start: stops the app (its embedded PostgreSQL shuts down cleanly), copies its data folder
 * to `seededDataDir` for the private instances and starts it again on the same data (decision 241). One demo seed
 * per run instead of one per instance.
 */
export async function keepSeededData(state: ShippedState): Promise<void> {
  const started = performance.now();
  const firstStart = { ...state.timings };
  await stopGroups(state);
  copyDataFolder(state.dataDir, seededDataDir(state.workRoot));
  await portFree(state.port);
  await startInstance(state, false);
  state.timings = { ...firstStart, keepSeeded: secondsSince(started) };
  log(`kept the seeded data for private instances and started again in ${state.timings.keepSeeded} s`);
}

/**
 * Copies a data folder whose embedded PostgreSQL was shut down cleanly, with owners and modes (the server runs as the
 * `postgres` user and refuses a data folder it does not own). Of the write-ahead log only the newest segments go: a
 * clean shutdown's checkpoint is the last thing written, and the rest — gigabytes after the seed, kept for reuse up
 * to max_wal_size — is not needed to start.
 */
function copyDataFolder(from: string, to: string): void {
  const wal = path.join('postgres', 'pg_wal');
  fs.mkdirSync(to, { recursive: true });
  const copy = (entries: string[], into: string): void => {
    if (entries.length > 0) execFileSync('cp', ['-a', ...entries, into]);
  };
  copy(
    fs
      .readdirSync(from)
      .filter((entry) => entry !== 'postgres')
      .map((entry) => path.join(from, entry)),
    to,
  );
  emptyLike(path.join(from, 'postgres'), path.join(to, 'postgres'));
  copy(
    fs
      .readdirSync(path.join(from, 'postgres'))
      .filter((entry) => entry !== 'pg_wal')
      .map((entry) => path.join(from, 'postgres', entry)),
    path.join(to, 'postgres'),
  );
  const segments = fs.readdirSync(path.join(from, wal), { withFileTypes: true });
  emptyLike(path.join(from, wal), path.join(to, wal));
  copy(
    segments.filter((entry) => entry.isDirectory()).map((entry) => path.join(from, wal, entry.name)),
    path.join(to, wal),
  );
  const newest = segments
    .filter((entry) => entry.isFile())
    .map((entry) => ({ file: path.join(from, wal, entry.name), written: fs.statSync(path.join(from, wal, entry.name)).mtimeMs }))
    .sort((a, b) => b.written - a.written)
    .slice(0, 3);
  copy(
    newest.map((segment) => segment.file),
    path.join(to, wal),
  );
}

/** An empty folder at `to` with the owner and mode of the folder `from`. */
function emptyLike(from: string, to: string): void {
  const { uid, gid, mode } = fs.statSync(from);
  fs.mkdirSync(to);
  fs.chownSync(to, uid, gid);
  fs.chmodSync(to, mode & 0o7777);
}

/** Stops a private instance's process groups (worker first, then the app and its PostgreSQL), deletes its Redis keys and its folder. */
export async function stopPrivateInstance(state: ShippedState): Promise<void> {
  await stopGroups(state);
  if (state.redisUrl && state.redisPrefix) await deleteKeys(state.redisUrl, state.redisPrefix);
  fs.rmSync(state.workRoot, { recursive: true, force: true });
  log(`private instance at ${state.baseUrl} stopped, ${state.workRoot} removed`);
}

/** The last lines of a log, for an error message. */
export function tail(file: string, lines = 80): string {
  try {
    const text = fs.readFileSync(file, 'utf8').split('\n');
    return `--- ${file} (last ${lines} lines) ---\n${text.slice(-lines).join('\n')}`;
  } catch {
    return `(no log at ${file})`;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

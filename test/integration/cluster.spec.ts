import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import {
  ANSWER_CACHE_HEADER,
  API_PREFIX,
  DATA_EXPORT,
  OPEN_EXPORTS_PER_USER,
  REPORT_DOWNLOAD,
  SECURITY,
  WHOLE_MARKET,
  type ExportJobView,
} from '@car/contracts';
import { stopChild, waitUntilHealthy } from '../../bench/src/app-process';
import { SWEEP_RAN } from '../../backend/src/common/hourly-sweep';
import { HOUSEKEEPING_LOG } from '../../backend/src/queue/housekeeping';
import { WORKER_NODE_FLAGS } from '../../workers/src/node-flags';
import { createDemoDatabase } from '../support/demo-template';
import { testFetch } from '../support/http';
import { freePort } from '../support/net';
import { testEnv, withDatabase } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * Several instances (issue 32 §2, decisions 226-228): two app processes (the build, `node backend/dist/main.js`) on
 * one database, one Redis prefix and one DATA_DIR, the answer cache on, and two workers (`workers/dist/main.js`)
 * sharing the queue. A session, its revocation and the login throttle hold across the instances; an answer kept
 * by one is dropped by a change made through the other; an export asked for through one is run by a worker and
 * downloads through the other; one user's open exports are bounded across both; and the hourly housekeeping runs
 * in one instance only, taken over by another once that one stops.
 */
const env = testEnv();
const describeWithRedis = env.redisUrl ? describe : describe.skip;
if (!env.redisUrl) process.stderr.write('[cluster] skipped: no Redis reachable (set REDIS_URL)\n');

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Cluster#2026a';
/** One small export: Beijing's retail of one month. */
const EXPORT_FORM = 'yyyyMm=2026-10 - 2026-10&city=110000';

interface Running {
  name: string;
  child: ChildProcess;
  /** Every line it wrote (JSON logs on stdout and stderr). */
  lines: string[];
  /** Its API root (apps only). */
  api: string;
}

/** The `msg` of each JSON log line of a process (other lines as written). */
const messages = (running: Running): string[] =>
  running.lines.map((line) => {
    try {
      const { msg } = JSON.parse(line) as { msg?: unknown };
      return typeof msg === 'string' ? msg : line;
    } catch {
      return line;
    }
  });

describeWithRedis('two app instances and two workers on one database, Redis and DATA_DIR', () => {
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_cluster`;
  const databaseUrl = withDatabase(env.adminUrl, database);
  const prefix = `${env.redisPrefix}-cluster`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-cluster-'));
  const processes: Running[] = [];
  let a: Running;
  let b: Running;
  let db: Client;
  let addresses = 0;
  /** An address of each test's own (TRUST_PROXY trusts the loopback), so throttle windows never meet. */
  const address = () => `10.32.${process.pid % 250}.${++addresses}`;

  function spawnProcess(name: string, args: string[], extra: Record<string, string>): Running {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        REDIS_URL: env.redisUrl!,
        REDIS_PREFIX: prefix,
        DATA_DIR: dataDir,
        SEED_ON_EMPTY: 'false',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        CHECK_RESULTS: 'true',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running: Running = { name, child, lines: [], api: '' };
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => running.lines.push(...chunk.toString().split('\n').filter(Boolean)));
    processes.push(running);
    return running;
  }

  async function startApp(name: string): Promise<Running> {
    const port = await freePort();
    const running = spawnProcess(name, [path.join(ROOT, 'backend', 'dist', 'main.js')], {
      PORT: String(port),
      HOST: '127.0.0.1',
      ANSWER_CACHE_MB: '8',
      TRUST_PROXY: '127.0.0.1',
    });
    running.api = `http://127.0.0.1:${port}${API_PREFIX}`;
    await waitUntilHealthy(running.api, running.child, () => running.lines.join('\n'));
    return running;
  }

  async function startWorker(name: string): Promise<Running> {
    const running = spawnProcess(name, [...WORKER_NODE_FLAGS, path.join(ROOT, 'workers', 'dist', 'main.js')], { WORKER_CONCURRENCY: '1' });
    await until(`${name} listening`, () => messages(running).some((m) => m.startsWith('worker listening')) || undefined, 120_000);
    return running;
  }

  // The timeout is long enough to wait for the demo template, which one run on a server builds at a time (demo-template.ts).
  beforeAll(async () => {
    const started = Date.now();
    await createDemoDatabase(env.adminUrl, database, path.join(dataDir, 'reports'), (m) => process.stderr.write(`[cluster] ${m}\n`));
    [a, b] = await Promise.all([startApp('A'), startApp('B')]);
    await Promise.all([startWorker('W1'), startWorker('W2')]);
    process.stderr.write(`[cluster] two apps and two workers up in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  }, 900_000);

  afterAll(async () => {
    await db?.end();
    // stopChild waits for an exit, so only for the processes still running (the stopped leader is not).
    await Promise.all(processes.filter(({ child }) => child.exitCode === null && child.signalCode === null).map(({ child }) => stopChild(child)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  interface Call {
    token?: string;
    from?: string;
    query?: Record<string, string>;
    json?: unknown;
    form?: string;
  }

  /** One call to an instance: its status, envelope (when JSON), headers and bytes. */
  async function call(app: Running, method: 'GET' | 'POST', endpointPath: string, options: Call = {}) {
    const url = new URL(`${app.api}/${endpointPath}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {};
    if (options.token) headers.token = options.token;
    if (options.from) headers['X-Forwarded-For'] = options.from;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = options.form;
    }
    const response = await testFetch(url.toString(), { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      body: (isJson ? JSON.parse(bytes.toString('utf8')) : null) as { code: number; msg: string; result: unknown } | null,
    };
  }

  async function signIn(app: Running, account: string, password: string, from: string): Promise<string> {
    const login = await call(app, 'POST', SECURITY.login.path, { json: { account, password }, from });
    expect(login.status).toBe(200);
    return (login.body!.result as { token: string }).token;
  }

  async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, timeoutMs = 120_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const workers = () => processes.filter((running) => running.name.startsWith('W'));

  /** An export's record as an instance shows it, once finished. */
  const finished = (app: Running, token: string, id: string) =>
    until(`export ${id}`, async () => {
      const job = (await call(app, 'GET', DATA_EXPORT.job.path, { token, query: { id } })).body!.result as ExportJobView;
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    });

  test('a session signed in on A is good on B; signed out on A, B refuses it at once', async () => {
    const token = await signIn(a, 'demo', 'Demo@2026', address());
    expect((await call(b, 'GET', SECURITY.me.path, { token })).status).toBe(200);
    expect((await call(a, 'POST', SECURITY.logout.path, { token, json: {} })).status).toBe(200);
    const refused = await call(b, 'GET', SECURITY.me.path, { token });
    expect(refused.status).toBe(401);
  });

  test('the login throttle counts the failures made on both instances', async () => {
    const account = await createAnalyst('cluster', PASSWORD, '集群限流', databaseUrl);
    const from = address();
    // Five wrong passwords, in turn on A and B: the pair limit (five) is reached across them.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(i % 2 ? b : a, 'POST', SECURITY.login.path, { json: { account, password: `Wrong#${i}x` }, from })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const app of [a, b]) {
      const refused = await call(app, 'POST', SECURITY.login.path, { json: { account, password: PASSWORD }, from });
      expect({ status: refused.status, code: refused.body?.code }).toEqual({ status: 429, code: -1429 });
    }
  });

  test('an answer B keeps is dropped when data is changed through A; B then computes it afresh', async () => {
    const token = await signIn(b, 'demo', 'Demo@2026', address());
    const whole = () => call(b, 'GET', WHOLE_MARKET.whole.path, { token });
    const state = (response: Awaited<ReturnType<typeof whole>>) => response.headers.get(ANSWER_CACHE_HEADER);
    const first = await whole();
    expect(first.status).toBe(200);
    const kept = await whole();
    expect(state(kept)).toBe('hit');
    expect(kept.body).toEqual(first.body);

    // An administrator deletes a producer's report through A: a write to a data table (report), heard by B.
    const admin = await signIn(a, 'admin', 'Admin@2026', address());
    const [{ id }] = (await db.query<{ id: number }>(`SELECT id FROM report ORDER BY id LIMIT 1`)).rows;
    const removed = await call(a, 'POST', REPORT_DOWNLOAD.remove.path, { token: admin, json: { id } });
    expect(removed.body).toMatchObject({ code: 1, result: { deleted: 1 } });
    const fresh = await until(
      'B to drop its answer',
      async () => {
        const response = await whole();
        return state(response) === 'miss' ? response : undefined;
      },
      5_000,
    );
    expect(fresh.body).toEqual(first.body);
  });

  test('an export asked for through A is run by one worker and downloads through B', async () => {
    const account = await createAnalyst('clusterexp', PASSWORD, '集群导出', databaseUrl);
    const token = await signIn(a, account, PASSWORD, address());
    const accepted = await call(a, 'POST', DATA_EXPORT.cityRetail.path, { token, form: EXPORT_FORM });
    expect(accepted.status).toBe(200);
    const { id } = accepted.body!.result as ExportJobView;
    expect(await finished(b, token, id)).toMatchObject({ status: 'done', percent: 100 });
    const file = await call(b, 'GET', DATA_EXPORT.file.path, { token, query: { id } });
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    // One worker ran it, once (the worker logs it just after the record says done).
    const ranBy = await until('the worker to log the job', () => {
      const found = workers().filter((worker) => messages(worker).includes(`job ${id} exports.data done`));
      return found.length > 0 ? found : undefined;
    });
    expect(ranBy).toHaveLength(1);
  });

  test('one user’s open exports are bounded across both instances, and the two workers share them', async () => {
    const account = await createAnalyst('clusterfair', PASSWORD, '集群连发', databaseUrl);
    const token = await signIn(a, account, PASSWORD, address());
    // A burst of twelve, half through each instance, all at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(i % 2 ? b : a, 'POST', DATA_EXPORT.cityRetail.path, { token, form: EXPORT_FORM })),
    );
    const accepted = answers.filter((answer) => answer.status === 200).map((answer) => (answer.body!.result as ExportJobView).id);
    expect(accepted).toHaveLength(OPEN_EXPORTS_PER_USER);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - OPEN_EXPORTS_PER_USER);
    for (const [i, id] of accepted.entries()) expect(await finished(i % 2 ? a : b, token, id)).toMatchObject({ status: 'done' });
    // Each ran once, in one of the two workers.
    const ranIn = (id: string) => workers().filter((worker) => messages(worker).includes(`job ${id} exports.data done`)).length;
    for (const id of accepted) expect(await until(`the log of ${id}`, () => ranIn(id) || undefined)).toBe(1);
    const { rows } = await db.query<{ attempts: number }>(`SELECT attempts FROM job_run WHERE id = ANY($1)`, [accepted]);
    expect(rows.map((row) => row.attempts)).toEqual(accepted.map(() => 1));
  });

  test('the hourly housekeeping runs in one instance only; when that one stops, the next to sweep takes it over', async () => {
    const ran = (app: Running) => messages(app).filter((m) => m.startsWith(SWEEP_RAN));
    const says = (app: Running, text: string) => messages(app).some((m) => m.startsWith(text));
    // Both asked at start (the job_run pruning and the audit retention's queueing run then): one leads, one follows.
    await until(
      'both instances to ask',
      () =>
        ((says(a, HOUSEKEEPING_LOG.leads) || says(a, HOUSEKEEPING_LOG.follows)) && (says(b, HOUSEKEEPING_LOG.leads) || says(b, HOUSEKEEPING_LOG.follows))) ||
        undefined,
      10_000,
    );
    const [leader, follower] = says(a, HOUSEKEEPING_LOG.leads) ? [a, b] : [b, a];
    expect([says(leader, HOUSEKEEPING_LOG.leads), says(follower, HOUSEKEEPING_LOG.follows), says(follower, HOUSEKEEPING_LOG.leads)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(ran(leader).sort()).toEqual([`${SWEEP_RAN} job_run pruning`, `${SWEEP_RAN} queueing the audit retention`]);
    expect(ran(follower)).toEqual([]);

    // The leader stops: an instance started now takes the housekeeping at once; the follower still has run nothing.
    await stopChild(leader.child);
    const next = await startApp('C');
    await until('C to sweep', () => (ran(next).length === 2 ? true : undefined), 10_000);
    expect(says(next, HOUSEKEEPING_LOG.leads)).toBe(true);
    expect(ran(follower)).toEqual([]);
  }, 180_000);
});

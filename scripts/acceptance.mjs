// `npm run test:acceptance` (and `npm test`, beside its first jest run): the acceptance project (test/acceptance, decision 132)
// once per mode on one clone: `embedded` (npm start as the README's first command), then `redis` (the same
// clone and data with REDIS_URL and `npm run worker`), skipped with a message when no Redis answers.
// Extra arguments go to jest; each mode's results go to test-results/acceptance-<mode>.json.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => process.stderr.write(`[acceptance] ${message}\n`);

/** The projects `--selectProjects` names in jest's arguments (none: all). */
export function selectedProjects(args) {
  const selected = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--selectProjects') while (i + 1 < args.length && !args[i + 1].startsWith('-')) selected.push(args[++i]);
  }
  return selected;
}

/** The arguments without `--selectProjects` and the projects it names (paths, -t and the like). */
export function otherArgs(args) {
  const selected = selectedProjects(args);
  return args.filter((a, i) => a !== '--selectProjects' && !selected.includes(a) && !(i > 0 && args[i - 1] === '--selectProjects'));
}

/** The jest arguments for the acceptance runs, or null when the caller selected other projects only. */
export function acceptanceArgs(args) {
  const selected = selectedProjects(args);
  if (selected.length > 0 && !selected.includes('acceptance')) return null;
  const rest = otherArgs(args);
  // A filtered run (a path or -t) may match no acceptance spec: jest then starts nothing and passes.
  return ['--selectProjects', 'acceptance', ...(rest.length > 0 ? ['--passWithNoTests'] : []), ...rest];
}

async function redisAnswers(url) {
  const { default: IORedis } = await import('ioredis');
  const redis = new IORedis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Leftovers of a run that died before its teardown: stop its process groups and those of any private instance
 * (`private-*` folders, decision 206), remove its folder.
 */
function removeWorkRoot(workRoot) {
  const privates = fs.existsSync(workRoot) ? fs.readdirSync(workRoot).filter((entry) => entry.startsWith('private-')) : [];
  for (const stateFile of [path.join(workRoot, 'state.json'), ...privates.map((entry) => path.join(workRoot, entry, 'state.json'))]) {
    if (!fs.existsSync(stateFile)) continue;
    for (const { pgid } of JSON.parse(fs.readFileSync(stateFile, 'utf8')).groups ?? []) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  fs.rmSync(workRoot, { recursive: true, force: true });
}

async function main() {
  const args = acceptanceArgs(process.argv.slice(2));
  if (!args) {
    log('skipped: other projects selected');
    return 0;
  }
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const modes = ['embedded'];
  if (await redisAnswers(redisUrl)) modes.push('redis');
  else log(`mode redis SKIPPED: no Redis answers at ${redisUrl} (set REDIS_URL or start redis-server); only mode embedded runs`);

  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'car-accept-'));
  const resultsDir = path.join(root, 'test-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.rmSync(path.join(resultsDir, 'acceptance-timings.json'), { force: true });
  const stop = () => {
    removeWorkRoot(workRoot);
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let status = 0;
  try {
    for (const [i, mode] of modes.entries()) {
      const results = path.join(resultsDir, `acceptance-${mode}.json`);
      fs.rmSync(results, { force: true });
      const started = Date.now();
      const run = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', '--json', `--outputFile=${results}`, ...args],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            ACCEPTANCE_MODE: mode,
            ACCEPTANCE_WORK_ROOT: workRoot,
            ACCEPTANCE_CLEANUP: i === modes.length - 1 ? '1' : '0',
            REDIS_URL: redisUrl,
          },
        },
      );
      log(`mode ${mode}: jest ${run.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
      status ||= run.status ?? 1;
    }
  } finally {
    if (fs.existsSync(workRoot)) removeWorkRoot(workRoot);
  }
  const timings = path.join(resultsDir, 'acceptance-timings.json');
  if (fs.existsSync(timings)) log(`timings (s): ${fs.readFileSync(timings, 'utf8').replace(/\s+/g, ' ')}`);
  for (const mode of modes) {
    const file = path.join(resultsDir, `acceptance-${mode}.json`);
    if (!fs.existsSync(file)) continue;
    for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).testResults ?? []) {
      log(`mode ${mode}: ${path.relative(root, suite.name)} ${suite.status} in ${((suite.endTime - suite.startTime) / 1000).toFixed(1)} s`);
    }
  }
  return status;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main());

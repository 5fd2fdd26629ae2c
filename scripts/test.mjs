// `npm test`: build, type-check, lint, then the jest projects unit, frontend and integration beside the acceptance
// suite (scripts/acceptance.mjs: the product as shipped, once per mode), then the browser project, ending with a
// plain "N passed, N failed, N skipped" line over them all. Extra arguments go to jest.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { otherArgs, selectedProjects } from './acceptance.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The suite's time in CI on a two-core machine is 37-57 minutes (README); past this, 15 minutes short of CI's limit of 90, it says so. */
const BUDGET_MINUTES = 75;
const suiteStarted = Date.now();
const phases = [];
const run = (command, args, phase = args.join(' ')) => {
  const started = Date.now();
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
  phases.push({ phase, seconds: Math.round((Date.now() - started) / 1000) });
  return status;
};

if (run(process.execPath, ['scripts/build.mjs'], 'build') !== 0) process.exit(1);
if (run('npm', ['run', '--silent', 'typecheck'], 'typecheck') !== 0) process.exit(1);
if (run('npm', ['run', '--silent', 'lint'], 'lint and format') !== 0) process.exit(1);

const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const args = process.argv.slice(2);

/**
 * The jest projects in two runs (decision 235): unit, frontend and integration beside the acceptance suite, whose
 * product runs on an embedded PostgreSQL and a Redis prefix of its own; then the browser project alone, once the
 * acceptance suite has ended, so that Chromium's walks of the two never share the cores. Each run has its own
 * global setup (database, app, Redis prefix). `--selectProjects` in the arguments picks among them.
 */
const JEST_RUNS = [
  { projects: ['unit', 'frontend', 'integration'], results: 'jest.json' },
  { projects: ['browser'], results: 'jest-browser.json' },
];
const selected = selectedProjects(args);
const rest = otherArgs(args);
const jestRuns = JEST_RUNS.map((r) => ({ ...r, projects: r.projects.filter((p) => selected.length === 0 || selected.includes(p)) })).filter(
  (r) => r.projects.length > 0,
);
for (const r of JEST_RUNS) fs.rmSync(path.join(resultsDir, r.results), { force: true });
const runJest = ({ projects, results }) =>
  run(
    process.execPath,
    [
      path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--runInBand',
      '--json',
      `--outputFile=${path.join(resultsDir, results)}`,
      '--selectProjects',
      ...projects,
      // A path or -t may match none of a run's projects: that run then passes with nothing to do.
      ...(rest.length > 0 ? ['--passWithNoTests'] : []),
      ...rest,
    ],
    `jest: ${projects.join(', ')}`,
  );

const acceptance = ['embedded', 'redis'].map((mode) => path.join(resultsDir, `acceptance-${mode}.json`));
for (const file of acceptance) fs.rmSync(file, { force: true });
const acceptanceLog = path.join(resultsDir, 'acceptance.log');
const acceptanceStarted = Date.now();
const acceptanceRun = spawn(process.execPath, ['scripts/acceptance.mjs', ...args], {
  cwd: root,
  env: process.env,
  stdio: ['ignore', fs.openSync(acceptanceLog, 'w'), fs.openSync(acceptanceLog, 'a')],
});
const acceptanceEnded = new Promise((resolve) =>
  acceptanceRun.once('exit', (code, signal) => {
    // Heard once the first jest run returns (spawnSync holds the event loop): its log's last write is its end.
    const ended = Math.min(Date.now(), fs.statSync(acceptanceLog).mtimeMs);
    phases.push({ phase: 'acceptance (both modes, beside the first jest run)', seconds: Math.round((ended - acceptanceStarted) / 1000) });
    resolve(code ?? (signal ? 1 : 0));
  }),
);
process.stdout.write(`the acceptance suite runs beside the first jest run; its output is in ${path.relative(root, acceptanceLog)}, printed when it ends\n`);

const [beside, alone] = JEST_RUNS.map((r) => jestRuns.find((j) => j.results === r.results));
let status = beside ? runJest(beside) : 0;
const acceptanceStatus = await acceptanceEnded;
process.stdout.write(`\n${fs.readFileSync(acceptanceLog, 'utf8')}`);
// The browser project runs whatever the first run and the acceptance suite answered.
const browserStatus = alone ? runJest(alone) : 0;
status ||= browserStatus;

const counts = [0, 0, 0];
for (const file of [...JEST_RUNS.map((r) => path.join(resultsDir, r.results)), ...acceptance].filter((f) => fs.existsSync(f))) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts[0] += r.numPassedTests;
  counts[1] += r.numFailedTests;
  counts[2] += r.numPendingTests + r.numTodoTests;
}
const total = Math.round((Date.now() - suiteStarted) / 1000);
fs.writeFileSync(path.join(resultsDir, 'timings.json'), `${JSON.stringify({ phases, total }, null, 2)}\n`);
process.stdout.write(`\n${phases.map((p) => `${p.phase}: ${p.seconds} s`).join('\n')}\n`);
if (args.length === 0 && total > BUDGET_MINUTES * 60) {
  process.stdout.write(`the suite took ${Math.round(total / 60)} minutes, over its budget of ${BUDGET_MINUTES}: find the slow files in test-results/\n`);
}
process.stdout.write(`\n${counts[0]} passed, ${counts[1]} failed, ${counts[2]} skipped\n`);
process.exit(status || acceptanceStatus);

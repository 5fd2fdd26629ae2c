// `npm test`: build, then at once — type check, lint, the jest projects unit, frontend and integration on two workers,
// and the acceptance suite (scripts/acceptance.mjs: the product as shipped) — then the browser project on two workers
// once the acceptance suite has ended. It ends with each phase's time, the slowest test files and a plain
// "N passed, N failed, N skipped" line over them all, also written to test-results/timings.json. Extra arguments go
// to jest (decisions 235, 241, 244).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { otherArgs, selectedProjects } from './acceptance.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The suite's budget on a quiet two-core machine (issue 43); past it, the run says so and names the slow files. */
const BUDGET_MINUTES = 15;
/** How many of the slowest test files the end of a run lists. */
const SLOWEST = 15;
/**
 * Jest workers for each jest run: each integration or browser worker has a world of its own (decisions 241, 244), and
 * the browser workers each their own saved sessions.
 */
const WORKERS = 2;
const suiteStarted = Date.now();
const phases = [];
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

/**
 * Runs a command to its end; its output goes to the terminal, or to `logFile` (printed once it ends) when it runs
 * beside others. Resolves with its exit status and records its time as `phase`.
 */
function run(command, args, phase, logFile) {
  const started = Date.now();
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      phases.push({ phase, seconds: Math.round((Date.now() - started) / 1000) });
      if (logFile) {
        fs.closeSync(out);
        const text = fs.readFileSync(logFile, 'utf8');
        process.stdout.write(`\n── ${phase} (${code === 0 ? 'passed' : 'FAILED'}) ──\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}`);
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if ((await run(process.execPath, ['scripts/build.mjs'], 'build')) !== 0) process.exit(1);

const args = process.argv.slice(2);
/**
 * The jest projects in two runs: unit, frontend and integration on two workers beside the acceptance suite, whose
 * product runs on an embedded PostgreSQL and a Redis prefix of its own; then the browser project, once the
 * acceptance suite has ended, so that Chromium's walks of the two never share the cores, on two workers as well, a
 * world and saved sessions each (decision 244). Each run has its own global setup (databases, apps, Redis prefixes).
 * `--selectProjects` in the arguments picks among them.
 */
const JEST_RUNS = [
  { projects: ['unit', 'frontend', 'integration'], results: 'jest.json', workers: WORKERS },
  { projects: ['browser'], results: 'jest-browser.json', workers: WORKERS },
];
const selected = selectedProjects(args);
const rest = otherArgs(args);
const jestRuns = JEST_RUNS.map((r) => ({ ...r, projects: r.projects.filter((p) => selected.length === 0 || selected.includes(p)) })).filter(
  (r) => r.projects.length > 0,
);
for (const r of JEST_RUNS) fs.rmSync(path.join(resultsDir, r.results), { force: true });
const runJest = ({ projects, results, workers }) =>
  run(
    process.execPath,
    [
      path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      ...(workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand']),
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
const log = (name) => path.join(resultsDir, `${name}.log`);
process.stdout.write(
  `type check, lint and the acceptance suite run beside the first jest run; their output is in test-results/{typecheck,lint,acceptance}.log, printed as each ends\n`,
);
const checks = [
  run('npm', ['run', '--silent', 'typecheck'], 'typecheck', log('typecheck')),
  run('npm', ['run', '--silent', 'lint'], 'lint and format', log('lint')),
];
const acceptanceRun = run(process.execPath, ['scripts/acceptance.mjs', ...args], 'acceptance (beside the first jest run)', log('acceptance'));

const [beside, alone] = JEST_RUNS.map((r) => jestRuns.find((j) => j.results === r.results));
const besideStatus = beside ? await runJest(beside) : 0;
const acceptanceStatus = await acceptanceRun;
// The browser project runs whatever the first run and the acceptance suite answered.
const browserStatus = alone ? await runJest(alone) : 0;
const checkStatuses = await Promise.all(checks);

const counts = [0, 0, 0];
const files = [];
/** Tests that failed once and passed on their second try (test/support/retry-once.ts): flaky, named so they get fixed. */
const retried = [];
for (const file of [...JEST_RUNS.map((r) => path.join(resultsDir, r.results)), ...acceptance].filter((f) => fs.existsSync(f))) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts[0] += r.numPassedTests;
  counts[1] += r.numFailedTests;
  counts[2] += r.numPendingTests + r.numTodoTests;
  const mode = /acceptance-(\w+)\.json$/.exec(file)?.[1];
  for (const suite of r.testResults ?? []) {
    const label = `${path.relative(root, suite.name)}${mode ? ` (${mode})` : ''}`;
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'passed' && (test.invocations ?? 1) > 1) retried.push(`${label} › ${test.fullName}`);
    }
    files.push({ file: label, seconds: Math.round((suite.endTime - suite.startTime) / 100) / 10 });
  }
}
const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
const total = Math.round((Date.now() - suiteStarted) / 1000);
fs.writeFileSync(path.join(resultsDir, 'timings.json'), `${JSON.stringify({ total, phases, slowest, counts, retried }, null, 2)}\n`);
process.stdout.write(`\nphases (s): ${phases.map((p) => `${p.phase} ${p.seconds}`).join(' · ')} · the whole run ${total}\n`);
process.stdout.write(`the ${slowest.length} slowest test files (s):\n${slowest.map((f) => `  ${String(f.seconds).padStart(6)}  ${f.file}`).join('\n')}\n`);
if (args.length === 0 && total > BUDGET_MINUTES * 60) {
  process.stdout.write(`the suite took ${Math.round(total / 60)} minutes, over its budget of ${BUDGET_MINUTES}: start with the slowest files above\n`);
}
if (retried.length > 0) {
  process.stdout.write(
    `\n${retried.length} test(s) failed once and passed on a second try — flaky, fix them (decision 249):\n${retried.map((t) => `  ${t}`).join('\n')}\n`,
  );
}
process.stdout.write(`\n${counts[0]} passed, ${counts[1]} failed, ${counts[2]} skipped${retried.length > 0 ? ` (${retried.length} on a second try)` : ''}\n`);
process.exit([besideStatus, browserStatus, acceptanceStatus, ...checkStatuses].find((s) => s !== 0) ?? 0);

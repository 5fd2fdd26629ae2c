// `npm test`: build, type-check, lint, then every jest project (unit, integration, browser) in one run, then the
// acceptance suite (scripts/acceptance.mjs: the product as shipped, once per mode), ending with a plain
// "N passed, N failed, N skipped" line over them all. Extra arguments go to jest.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectedProjects } from './acceptance.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The suite's time on a quiet two-core machine is about 23 minutes (README); past this it says so. */
const BUDGET_MINUTES = 45;
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

const results = path.join(root, 'test-results', 'jest.json');
fs.mkdirSync(path.dirname(results), { recursive: true });
fs.rmSync(results, { force: true });
const args = process.argv.slice(2);
const selected = selectedProjects(args);
const onlyAcceptance = selected.length > 0 && selected.every((p) => p === 'acceptance');
const status = onlyAcceptance
  ? 0
  : run(
      process.execPath,
      [
        path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--runInBand',
        '--json',
        `--outputFile=${results}`,
        '--ignoreProjects',
        'acceptance',
        ...args,
      ],
      'jest: unit, frontend, integration, browser',
    );
const acceptance = ['embedded', 'redis'].map((mode) => path.join(root, 'test-results', `acceptance-${mode}.json`));
for (const file of acceptance) fs.rmSync(file, { force: true });
const acceptanceStatus = run(process.execPath, ['scripts/acceptance.mjs', ...args], 'acceptance (both modes)');
const counts = [0, 0, 0];
for (const file of [results, ...acceptance].filter((f) => fs.existsSync(f))) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts[0] += r.numPassedTests;
  counts[1] += r.numFailedTests;
  counts[2] += r.numPendingTests + r.numTodoTests;
}
const total = phases.reduce((sum, p) => sum + p.seconds, 0);
fs.writeFileSync(path.join(root, 'test-results', 'timings.json'), `${JSON.stringify({ phases, total }, null, 2)}\n`);
process.stdout.write(`\n${phases.map((p) => `${p.phase}: ${p.seconds} s`).join('\n')}\n`);
if (args.length === 0 && total > BUDGET_MINUTES * 60) {
  process.stdout.write(`the suite took ${Math.round(total / 60)} minutes, over its budget of ${BUDGET_MINUTES}: find the slow files in test-results/\n`);
}
process.stdout.write(`\n${counts[0]} passed, ${counts[1]} failed, ${counts[2]} skipped\n`);
process.exit(status || acceptanceStatus);

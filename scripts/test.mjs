// `npm test`: build, type-check, lint, then every jest project (unit, integration, browser) in one run,
// ending with a plain "N passed, N failed, N skipped" line. Extra arguments go to jest.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

if (run(process.execPath, ['scripts/build.mjs']) !== 0) process.exit(1);
if (run('npm', ['run', '--silent', 'typecheck']) !== 0) process.exit(1);
if (run('npm', ['run', '--silent', 'lint']) !== 0) process.exit(1);

const results = path.join(root, 'test-results', 'jest.json');
fs.mkdirSync(path.dirname(results), { recursive: true });
fs.rmSync(results, { force: true });
const status = run(process.execPath, [
  path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
  '--runInBand',
  '--json',
  `--outputFile=${results}`,
  ...process.argv.slice(2),
]);
if (fs.existsSync(results)) {
  const r = JSON.parse(fs.readFileSync(results, 'utf8'));
  process.stdout.write(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped\n`);
}
process.exit(status);

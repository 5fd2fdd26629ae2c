// `node scripts/cpu-by-process.mjs [out.json] [seconds between samples]`: while it runs (start it beside `npm test` or
// `CI=true bash .ci/run`, stop it with Ctrl-C), samples every process's CPU time from /proc every 2 s and writes the
// CPU-seconds per kind of process (Chromium, jest workers, the worlds' apps, PostgreSQL, eslint, …) to out.json
// (test-results/cpu-by-process.json by default), largest first. A process that ends between two samples loses at most
// that interval. Linux only. docs/testing.md says what it showed.
import * as fs from 'node:fs';
import * as path from 'node:path';

const out = path.resolve(process.argv[2] ?? 'test-results/cpu-by-process.json');
const intervalMs = Number(process.argv[3] ?? 2) * 1000;
const TICKS_PER_SECOND = 100;

/** The kind of a process by its command line: the first rule that matches. */
const KINDS = [
  ['postgres: test databases', (cmd) => cmd.startsWith('postgres: ') && /car_(test|template|fixture)/.test(cmd)],
  ['postgres: other', (cmd) => cmd.startsWith('postgres') || cmd.includes('/bin/postgres')],
  ['chromium', (cmd) => cmd.includes('chromium')],
  ['libreoffice', (cmd) => cmd.includes('soffice')],
  ['tsc', (cmd) => cmd.includes('typescript/bin/tsc') || cmd.includes('/tsc ')],
  ['eslint', (cmd) => cmd.includes('eslint')],
  ['prettier', (cmd) => cmd.includes('prettier')],
  ['jest workers', (cmd) => cmd.includes('jest-worker') || cmd.includes('processChild')],
  ['jest main (acceptance walks run in band here)', (cmd) => cmd.includes('jest.js') || cmd.includes('jest/bin')],
  ['acceptance app and worker', (cmd) => cmd.includes('car-accept') && (cmd.includes('main.js') || cmd.includes('workers/dist'))],
  ['worlds: apps and workers', (cmd) => cmd.includes('backend/dist/main.js') || cmd.includes('workers/dist/main.js')],
  ['vite build', (cmd) => cmd.includes('vite') || cmd.includes('remix')],
  ['node: other', (cmd) => cmd.includes('node')],
  ['redis', (cmd) => cmd.includes('redis')],
];

const seen = new Map();
const totals = new Map();
/** The first sample only notes where each process stands: what ran before the script started is not counted. */
let counting = false;

function sample() {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let ticks;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks = Number(fields[11]) + Number(fields[12]);
    } catch {
      continue; // ended meanwhile
    }
    let known = seen.get(pid);
    if (!known || ticks < known.ticks) {
      let cmd = '';
      try {
        cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        continue;
      }
      // A process first seen after the first sample started since: all its time counts.
      known = { kind: KINDS.find(([, matches]) => matches(cmd))?.[0] ?? 'other', ticks: 0 };
      seen.set(pid, known);
    }
    if (counting) totals.set(known.kind, (totals.get(known.kind) ?? 0) + ticks - known.ticks);
    known.ticks = ticks;
  }
  counting = true;
  const sorted = [...totals].sort((a, b) => b[1] - a[1]);
  const all = sorted.reduce((sum, [, ticks]) => sum + ticks, 0);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ cpuSeconds: Math.round(all / TICKS_PER_SECOND), byKind: Object.fromEntries(sorted.map(([kind, ticks]) => [kind, Math.round(ticks / TICKS_PER_SECOND)])) }, null, 2)}\n`,
  );
}

sample();
setInterval(sample, intervalMs);

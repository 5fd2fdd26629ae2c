import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Decisions are records in `docs/decisions/NNN-slug.md` (issue 27 §1). Every "decision N", "decisions N, M and P"
 * or "decisions N-M" written anywhere in the tree — code comments, the README, the docs, the satellites' READMEs —
 * must name a record that exists, every path to a record must be a file, and the index
 * (`docs/decisions/README.md`) must list every record and state which numbers were never used.
 */
const ROOT = path.resolve(__dirname, '../..');
const DECISIONS = path.join(ROOT, 'docs/decisions');
const SKIP = new Set(['node_modules', 'dist', 'build', '.data', '.git', '.cache', 'test-results', 'coverage', '.mirror']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|yml|yaml|json|sql|sh)$/;
const ROOTS = ['backend', 'frontend', 'contracts', 'workers', 'scripts', 'test', 'bench', 'docs', '.ci'];

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return TEXT.test(entry.name) || entry.name === 'run' ? [full] : [];
  });
}

function tree(): string[] {
  const top = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && (TEXT.test(e.name) || e.name === '.env.example') && e.name !== 'package-lock.json')
    .map((e) => path.join(ROOT, e.name));
  return [...top, ...ROOTS.flatMap((dir) => files(path.join(ROOT, dir)))];
}

/** The records on disk, by number. */
function records(): Map<number, string[]> {
  const byNumber = new Map<number, string[]>();
  for (const name of fs.readdirSync(DECISIONS)) {
    const m = /^(\d{3})-[a-z0-9-]+\.md$/.exec(name);
    if (!m) continue;
    const n = Number(m[1]);
    byNumber.set(n, [...(byNumber.get(n) ?? []), name]);
  }
  return byNumber;
}

/** The numbers the index says were never used ("Unused numbers: 74, 75, …."), on one line or wrapped over several. */
function unused(): Set<number> {
  const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
  const line = /^Unused numbers:\s+(\d[\d,\s]*)/m.exec(index);
  return new Set(
    (line?.[1] ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0),
  );
}

/**
 * Every decision number a text cites: single numbers, lists ("105, 107 and 108") and ranges ("85-92"). The docs are
 * wrapped at 120 columns (prettier's proseWrap), so a line may end anywhere between "decision" and the last number.
 */
export function citedDecisions(text: string): { n: number; inRange: boolean; at: number }[] {
  const out: { n: number; inRange: boolean; at: number }[] = [];
  const cite = /\b[Dd]ecisions?\s+(\d{1,3}(?:(?:,\s*|\s+and\s+|\s+or\s+|[-–])\d{1,3})*)\b(?![-–\d])/g;
  for (const m of text.matchAll(cite)) {
    for (const part of m[1].split(/,\s*|\s+and\s+|\s+or\s+/)) {
      const range = /^(\d+)[-–](\d+)$/.exec(part);
      if (range) {
        const [from, to] = [Number(range[1]), Number(range[2])];
        for (let n = from; n <= to; n++) out.push({ n, inRange: n !== from && n !== to, at: m.index });
      } else {
        out.push({ n: Number(part), inRange: false, at: m.index });
      }
    }
  }
  return out;
}

test('citedDecisions reads single numbers, lists and ranges', () => {
  const nums = (text: string) => citedDecisions(text).map((c) => c.n);
  expect(nums('see decision 48; Decision 126 (decisions 105, 107, 108) and decisions 97 and 126')).toEqual([48, 126, 105, 107, 108, 97, 126]);
  expect(nums('(decisions 113-115)')).toEqual([113, 114, 115]);
  expect(nums('as decision\n48 says; decisions 105,\n107 and\n108')).toEqual([48, 105, 107, 108]);
  expect(nums('the decision was made; a decision, 2026')).toEqual([]);
});

test('every decision cited in the tree and the docs has its record', () => {
  const have = records();
  const skipped = unused();
  const dangling: string[] = [];
  for (const file of tree()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const { n, inRange, at } of citedDecisions(text)) {
      if (have.has(n) || (inRange && skipped.has(n))) continue;
      const line = text.slice(0, at).split('\n').length;
      dangling.push(`${path.relative(ROOT, file)}:${line} decision ${n}`);
    }
  }
  expect(dangling).toEqual([]);
});

test('every path to a decision record is a file that exists', () => {
  const broken: string[] = [];
  for (const file of tree()) {
    const text = fs.readFileSync(file, 'utf8');
    const inDecisions = path.dirname(file) === DECISIONS;
    const pattern = inDecisions ? /(?:decisions\/|\()(\d{3}-[a-z0-9-]+\.md)/g : /decisions\/(\d{3}-[a-z0-9-]+\.md)/g;
    for (const m of text.matchAll(pattern)) {
      if (!fs.existsSync(path.join(DECISIONS, m[1]))) broken.push(`${path.relative(ROOT, file)}: ${m[1]}`);
    }
  }
  expect(broken).toEqual([]);
});

test('one record per number, each with its status, all listed in the index', () => {
  const have = records();
  const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
  const problems: string[] = [];
  for (const [n, names] of have) {
    if (names.length > 1) problems.push(`${n}: ${names.join(', ')}`);
    for (const name of names) {
      const text = fs.readFileSync(path.join(DECISIONS, name), 'utf8');
      if (!text.startsWith(`# ${n}. `)) problems.push(`${name}: the title should start "# ${n}. "`);
      if (!/^(?:- )?Status:\s+(accepted|superseded\s+by)/m.test(text) && !/·\s+Status:\s+(accepted|superseded\s+by)/.test(text))
        problems.push(`${name}: no status`);
      if (!index.includes(`(${name})`)) problems.push(`${name}: not in docs/decisions/README.md`);
    }
  }
  for (const n of unused()) if (have.has(n)) problems.push(`${n} is listed as unused but has a record`);
  const highest = Math.max(...have.keys());
  for (let n = 1; n <= highest; n++) if (!have.has(n) && !unused().has(n)) problems.push(`${n}: no record and not listed as unused`);
  expect(problems).toEqual([]);
});

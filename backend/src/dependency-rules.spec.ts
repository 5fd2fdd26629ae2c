import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The demo generator (seed/) sits beside the product, not under it: the composition roots that load
 * the demo set (main.ts, bootstrap/, cli/) may import it, nothing else may, and it imports only
 * reference data and the database layer. Reference data imports neither the generator nor any area.
 */
const SRC = __dirname;

/** Every relative import of every backend source file, as paths under backend/src. */
function relativeImports(): Array<{ file: string; target: string }> {
  const found: Array<{ file: string; target: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        for (const match of text.matchAll(/(?:from|import|require\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
          const target = path.relative(SRC, path.resolve(path.dirname(full), match[1]));
          found.push({ file: path.relative(SRC, full), target });
        }
      }
    }
  };
  walk(SRC);
  return found;
}

const topOf = (relative: string): string => relative.split(path.sep)[0].replace(/\.ts$/, '');

/** The imports that break the rule, as 'file → target'. */
function dependencyViolations(imports: Array<{ file: string; target: string }>): string[] {
  const compositionRoots = new Set(['main', 'bootstrap', 'cli']);
  const generatorMayUse = new Set(['seed', 'reference', 'database']);
  const referenceMayUse = new Set(['reference', 'database', 'common']);
  return imports
    .filter(({ file, target }) => {
      const from = topOf(file);
      const to = topOf(target);
      // Nothing in the backend reaches outside it (the benchmark imports the backend, not the reverse).
      if (to.startsWith('..')) return true;
      if (from === 'seed') return !generatorMayUse.has(to);
      if (from === 'reference') return !referenceMayUse.has(to);
      return to === 'seed' && !compositionRoots.has(from);
    })
    .map(({ file, target }) => `${file} → ${target}`);
}

describe('dependency rules', () => {
  const imports = relativeImports();

  it('sees the imports it checks', () => {
    expect(imports.some(({ file, target }) => file.startsWith('bootstrap') && topOf(target) === 'seed')).toBe(true);
    expect(imports.some(({ file, target }) => file.startsWith('seed') && topOf(target) === 'reference')).toBe(true);
  });

  it('only the composition roots import the demo generator, which imports only reference data and the database', () => {
    expect(dependencyViolations(imports)).toEqual([]);
  });

  it('catches a runtime module importing the generator, and the generator importing a runtime module', () => {
    expect(
      dependencyViolations([
        { file: 'search/search.service.ts', target: 'seed/catalog' },
        { file: 'database/migrations/1763700000001-reference-data.ts', target: 'seed/catalog/segments' },
        { file: 'seed/seed.ts', target: 'analytics/rollup.repository' },
        { file: 'reference/data/segments.ts', target: 'seed/catalog/types' },
        { file: 'bootstrap/load-demo-data.ts', target: 'seed/seed' },
        { file: 'seed/seed.ts', target: 'reference/data/geography' },
      ]),
    ).toEqual([
      'search/search.service.ts → seed/catalog',
      'database/migrations/1763700000001-reference-data.ts → seed/catalog/segments',
      'seed/seed.ts → analytics/rollup.repository',
      'reference/data/segments.ts → seed/catalog/types',
    ]);
  });
});

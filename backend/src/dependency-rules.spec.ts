import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Two rules over the backend's imports.
 * - The demo generator (seed/) sits beside the product, not under it: the composition roots that load
 *   the demo set (main.ts, bootstrap/, cli/) may import it, nothing else may, and it imports only
 *   reference data and the database layer. Reference data imports neither the generator nor any area.
 * - A module reaches another only through its exports (decision 170): a Nest provider (an @Injectable
 *   class) of another module's folder is imported only when that module's `@Module({ exports })` lists it,
 *   and no controller is imported across modules. Plain functions, types and constants are a folder's
 *   exports by being exported. The composition roots (the mains, app and core modules, bootstrap/, cli/)
 *   assemble the modules and are exempt.
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

/** The module a file belongs to: its top folder (admin/ is one module, AdminModule), or its own name at the top. */
const moduleOf = (relative: string): string => relative.split(path.sep)[0].replace(/\.ts$/, '');
const COMPOSITION_ROOTS = new Set(['main', 'app.module', 'core.module', 'create-app', 'bootstrap', 'cli']);

interface NamedImport {
  file: string;
  target: string;
  names: string[];
}

/** The value imports `import { A, B } from './x'` of every backend source file (type-only imports left out). */
function namedImports(): NamedImport[] {
  const found: NamedImport[] = [];
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      if (match[1]) continue;
      const names = match[2]
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '));
      found.push({ file, target: path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), match[3])), names });
    }
  }
  return found;
}

/** Every backend source file but the specs, as paths under backend/src. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) found.push(path.relative(SRC, full));
    }
  };
  walk(SRC);
  return found;
}

interface ModuleSurface {
  /** Per file (without .ts): its Nest classes and whether each is a controller. */
  classes: Map<string, Array<{ name: string; controller: boolean }>>;
  /** Per module: the providers its @Module declarations export. */
  exported: Map<string, Set<string>>;
}

function moduleSurface(files: readonly string[]): ModuleSurface {
  const classes = new Map<string, Array<{ name: string; controller: boolean }>>();
  const exported = new Map<string, Set<string>>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    const declared = [...text.matchAll(/@(Injectable|Controller)\([^)]*\)\s*export class (\w+)/g)].map((m) => ({
      name: m[2],
      controller: m[1] === 'Controller',
    }));
    if (declared.length > 0) classes.set(file.replace(/\.ts$/, ''), declared);
    // `exports: [A, B]`, or `exports: LIST` naming a `const LIST = [A, B]` of the same file.
    for (const match of text.matchAll(/exports:\s*(?:\[([^\]]*)\]|(\w+))/g)) {
      const listed = match[1] ?? new RegExp(`const ${match[2]}\\b[^=]*=\\s*\\[([^\\]]*)\\]`).exec(text)?.[1] ?? '';
      const names = exported.get(moduleOf(file)) ?? new Set<string>();
      for (const name of listed
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean))
        names.add(name);
      exported.set(moduleOf(file), names);
    }
  }
  return { classes, exported };
}

/** The imports that reach into another module, as 'file → target: Class'. */
function reachingIn(imports: readonly NamedImport[], surface: ModuleSurface): string[] {
  return imports.flatMap(({ file, target, names }) => {
    const from = moduleOf(file);
    const to = moduleOf(target);
    if (from === to || COMPOSITION_ROOTS.has(from)) return [];
    return (surface.classes.get(target) ?? [])
      .filter(({ name, controller }) => names.includes(name) && (controller || !surface.exported.get(to)?.has(name)))
      .map(({ name }) => `${file} → ${target}: ${name}`);
  });
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

  it('a module reaches another only through the providers its @Module exports, and never its controllers', () => {
    const surface = moduleSurface(sourceFiles());
    expect(surface.exported.get('security')?.has('SecurityService')).toBe(true);
    expect(reachingIn(namedImports(), surface)).toEqual([]);
  });

  it('catches an import of a provider a module does not export, and of a controller', () => {
    const surface: ModuleSurface = {
      classes: new Map([
        ['carConfig/car-config.repository', [{ name: 'CarConfigRepository', controller: false }]],
        ['carConfig/car-config.controller', [{ name: 'CarConfigController', controller: true }]],
        ['security/security.service', [{ name: 'SecurityService', controller: false }]],
      ]),
      exported: new Map([['security', new Set(['SecurityService'])]]),
    };
    expect(
      reachingIn(
        [
          { file: 'dataImport/config-import.repository.ts', target: 'carConfig/car-config.repository', names: ['CarConfigRepository'] },
          { file: 'mp/mp.module.ts', target: 'carConfig/car-config.controller', names: ['CarConfigController'] },
          { file: 'mp/mp.service.ts', target: 'security/security.service', names: ['SecurityService'] },
          { file: 'carConfig/car-config.module.ts', target: 'carConfig/car-config.repository', names: ['CarConfigRepository'] },
          { file: 'bootstrap/load-demo-data.ts', target: 'carConfig/car-config.repository', names: ['CarConfigRepository'] },
        ],
        surface,
      ),
    ).toEqual([
      'dataImport/config-import.repository.ts → carConfig/car-config.repository: CarConfigRepository',
      'mp/mp.module.ts → carConfig/car-config.controller: CarConfigController',
    ]);
  });
});

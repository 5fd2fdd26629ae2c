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
 * And one over the whole tree: no import circle in backend/src, contracts/src, workers/src or frontend/app. A type that
 * two files need lives in a third; a component takes props types, not its route's loader type. Type-only imports count.
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

/** The trees the circle rule reads, as paths from the repository root. */
const ROOT = path.resolve(SRC, '..', '..');
const TREES = ['backend/src', 'contracts/src', 'workers/src', 'frontend/app'];
/** Import specifiers that resolve into the trees: the workspace packages and the frontend's `~/` alias (jest.config.js, tsconfig). */
const ALIASES: ReadonlyArray<[prefix: string, to: string]> = [
  ['@car/contracts', 'contracts/src/index'],
  ['@car/backend/dist/', 'backend/src/'],
  ['@car/workers/dist/', 'workers/src/'],
  ['~/', 'frontend/app/'],
];
const SOURCE = /\.tsx?$/;

/** The file an import names, as a path from the root, or undefined when it leaves the trees (a package, node:). */
function resolveImport(file: string, specifier: string, exists: (candidate: string) => boolean): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier === prefix || (prefix.endsWith('/') && specifier.startsWith(prefix)));
  const base = alias
    ? alias[1] + specifier.slice(alias[0].length)
    : specifier.startsWith('.')
      ? path.posix.join(path.posix.dirname(file), specifier)
      : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => SOURCE.test(c) && exists(c));
}

/** Every import of every file of the trees — value, type-only, re-export, side-effect and import() — as a graph. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const exists = (candidate: string): boolean => fs.existsSync(path.join(ROOT, candidate));
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (SOURCE.test(entry.name)) {
        const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
        const targets = new Set<string>();
        for (const match of text.matchAll(/(?:\bfrom|\bimport|\bimport\(|\brequire\()\s*['"]([^'"]+)['"]/g)) {
          const target = resolveImport(file, match[1], exists);
          if (target !== undefined) targets.add(target);
        }
        graph.set(file, targets);
      }
    }
  };
  for (const tree of TREES) walk(tree);
  return graph;
}

/**
 * The import circles of a graph, one line each: its strongly connected components (Tarjan) of more than one file, or a
 * file importing itself, each written as its shortest loop (the first by name of the shortest), and the rest of the
 * component, if the loop leaves some out, after it.
 */
function importCircles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== file);
      components.push(component.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components
    .filter((component) => component.length > 1 || graph.get(component[0])?.has(component[0]))
    .map((component) => {
      const members = new Set(component);
      const chain = component.map((file) => shortestLoop(file, members, graph)).reduce((best, loop) => (loop.length < best.length ? loop : best));
      const rest = component.filter((file) => !chain.includes(file));
      return [...chain, chain[0]].join(' → ') + (rest.length > 0 ? ` (with ${rest.join(', ')})` : '');
    })
    .sort();
}

/** The shortest path from a file back to itself inside its component (breadth first), without the return. */
function shortestLoop(start: string, component: ReadonlySet<string>, graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const chain = [file];
        while (chain[0] !== start) chain.unshift(cameFrom.get(chain[0])!);
        return chain;
      }
      if (component.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
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

  it('no import circle in backend, contracts, workers or frontend (type-only imports count)', () => {
    const graph = importGraph();
    // It reads all four trees and follows relative paths, the workspace packages and the `~/` alias.
    expect(graph.get('backend/src/queue/job-runner.ts')?.has('backend/src/queue/job-names.ts')).toBe(true);
    expect(graph.get('backend/src/queue/job-queue.ts')?.has('contracts/src/index.ts')).toBe(true);
    expect(graph.get('workers/src/main.ts')?.has('backend/src/queue/job-names.ts')).toBe(true);
    expect([...(graph.get('frontend/app/root.tsx') ?? [])].some((file) => file.startsWith('frontend/app/components/'))).toBe(true);
    expect(importCircles(graph)).toEqual([]);
  });

  it('reports a circle as the chain that closes it, whatever kind of import closes it', () => {
    const exists = (file: string): boolean => ['backend/src/queue/job-queue.ts', 'frontend/app/routes/_shell.mp.tsx', 'contracts/src/index.ts'].includes(file);
    expect(resolveImport('backend/src/queue/job-runner.ts', './job-queue', exists)).toBe('backend/src/queue/job-queue.ts');
    expect(resolveImport('frontend/app/components/MpBindForm.tsx', '~/routes/_shell.mp', exists)).toBe('frontend/app/routes/_shell.mp.tsx');
    expect(resolveImport('frontend/app/root.tsx', '@car/contracts', exists)).toBe('contracts/src/index.ts');
    expect(resolveImport('backend/src/main.ts', '@nestjs/common', exists)).toBeUndefined();
    const graph = new Map<string, Set<string>>([
      ['q/job-queue.ts', new Set(['q/job-names.ts', 'q/job-runner.ts'])],
      ['q/job-runner.ts', new Set(['q/job-queue.ts', 'q/job-names.ts'])],
      ['q/job-names.ts', new Set<string>()],
      ['c/car-details.ts', new Set(['c/sale-volume.ts', 'c/table-sort.ts'])],
      ['c/sale-volume.ts', new Set(['c/car-details.ts', 'c/table-sort.ts'])],
      ['c/table-sort.ts', new Set(['c/sale-volume.ts'])],
      ['c/index.ts', new Set(['c/car-details.ts', 'c/sale-volume.ts', 'c/table-sort.ts'])],
      ['f/self.ts', new Set(['f/self.ts'])],
      ['f/a.ts', new Set(['f/b.ts'])],
      ['f/b.ts', new Set(['f/c.ts'])],
      ['f/c.ts', new Set(['f/a.ts', 'c/index.ts'])],
    ]);
    expect(importCircles(graph)).toEqual([
      'c/car-details.ts → c/sale-volume.ts → c/car-details.ts (with c/table-sort.ts)',
      'f/a.ts → f/b.ts → f/c.ts → f/a.ts',
      'f/self.ts → f/self.ts',
      'q/job-queue.ts → q/job-runner.ts → q/job-queue.ts',
    ]);
    graph.set('q/job-runner.ts', new Set(['q/job-names.ts']));
    graph.set('c/table-sort.ts', new Set());
    graph.set('f/c.ts', new Set(['c/index.ts']));
    graph.set('f/self.ts', new Set());
    graph.set('c/sale-volume.ts', new Set(['c/table-sort.ts']));
    expect(importCircles(graph)).toEqual([]);
  });
});

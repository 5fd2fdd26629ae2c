import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { withDatabase } from './test-env';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * A template another version of the sources built is dropped once unused this long: branches worked on
 * side by side on one server each keep theirs instead of rebuilding it on every run.
 */
const STALE_TEMPLATE_MS = 12 * 3600_000;

/**
 * The advisory locks' first key; the second is the family's: one process builds a family's template while the
 * others wait for it, and a fixture's build, holding its own, waits for the one below it (never the other way).
 */
const TEMPLATE_LOCKS = 20_261_205;

/**
 * What shapes every database the tests build: the schema (migrations and their reference data), the rollups,
 * the lock file, and the contracts that shape data (geography, dictionaries, the display rules of the report
 * workbooks); a new endpoint's schema does not, so adding one rebuilds no template.
 */
export const SCHEMA_SOURCES: readonly string[] = [
  'package-lock.json',
  'contracts/src/constants.ts',
  'contracts/src/dictionaries.ts',
  'contracts/src/geography.ts',
  'contracts/src/display.ts',
  'contracts/src/metrics.ts',
  'contracts/src/months.ts',
  'backend/src/database',
  'backend/src/reference',
  'backend/src/analytics',
];

/**
 * A short hash of the contents of `sources` (files, or folders read whole; paths from the repository's root,
 * specs left out: they do not shape data), after `below` (the hash of the template a layer is built on).
 */
export function sourcesHash(sources: readonly string[], below = ''): string {
  const hash = createHash('sha256').update(below).update('\0');
  const add = (relative: string): void => {
    const full = path.join(ROOT, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) add(path.join(relative, entry));
    } else if (!relative.endsWith('.spec.ts')) {
      hash.update(relative).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  for (const source of sources) add(source);
  return hash.digest('hex').slice(0, 12);
}

/**
 * The template's folder in the system's temporary folder: its modification time says when a run last copied
 * the template, and `files` (reports, a data folder) lives in it. Named as demo-template.ts named it before, so
 * a checkout of that age on the same server reads the same time.
 */
const folderOf = (template: string): string => path.join(os.tmpdir(), `car-test-${template.replace(/^car_/, '').replace(/_/g, '-')}`);

export interface TemplateOptions {
  /** The server's maintenance database (its `postgres`). */
  adminUrl: string;
  /** The template is `<family><key>` (key in hex: a sources hash or a commit), `<family><key>_building` while it is built. */
  family: string;
  key: string;
  /** The copy made from the template. */
  database: string;
  /** Fills the new template, `url` (its files, if kept, go into `files`). */
  build: (url: string, files: string) => Promise<void>;
  /** Makes the empty `database` a build starts from; by default a new database from template0. */
  base?: (database: string) => Promise<void>;
  /** Whether a template found is still good (demo-template.ts: every report it names is in its folder). */
  usable?: (url: string, files: string) => Promise<boolean>;
  /** Files the build writes beside the template (`name`, in its folder), copied to `to` with every copy. */
  files?: { name: string; to: string };
  /**
   * WAL_LOG (the default) writes the copy through the WAL: a hand fixture (10 MB) in 0.3 s, no checkpoint. FILE_COPY
   * copies the files after a forced checkpoint, faster for a large template: the 2.5 GB demo template in 6 s where
   * WAL_LOG takes 16-23 s, the 1.4 GB tiny set in 4-5 s against 12-13 s (decision 239).
   */
  strategy?: 'WAL_LOG' | 'FILE_COPY';
  log?: (message: string) => void;
}

/**
 * Copies `database` from the template `<family><key>`, building the template first when this server does not
 * have it: a database made once per version of what fills it and copied per run or per file (`CREATE DATABASE
 * … TEMPLATE`, under a second for a small one) instead of being built again. The template is named only once
 * whole: a build that stopped half way leaves `…_building`, which the next build of the family drops, as it
 * drops a template of the family unused for 12 hours. Answers the copy's URL.
 */
export async function copyOfTemplate(options: TemplateOptions): Promise<string> {
  const { adminUrl, family, key, database, log = () => undefined } = options;
  const lock = [TEMPLATE_LOCKS, family];
  if (!/^[a-z0-9_]+$/.test(family + database) || !/^[0-9a-f]+$/.test(key)) throw new Error(`bad template ${family}${key} or database ${database}`);
  const template = `${family}${key}`;
  const folder = folderOf(template);
  const files = path.join(folder, options.files?.name ?? 'files');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1, hashtext($2))', lock);
    const found = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount !== 0;
    const good = found && (!options.files || fs.existsSync(files)) && ((await options.usable?.(withDatabase(adminUrl, template), files)) ?? true);
    if (found && !good) {
      log(`the template ${template} is not whole (its folder lacks files it names): built again`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    }
    if (!good) await buildTemplate(admin, options, template, files);
    fs.mkdirSync(folder, { recursive: true });
    const now = new Date();
    fs.utimesSync(folder, now, now);
    const started = Date.now();
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template} STRATEGY ${options.strategy ?? 'WAL_LOG'}`);
    log(`copied ${template} to ${database} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1, hashtext($2))', lock).catch(() => undefined);
    await admin.end();
  }
  if (options.files) fs.cpSync(files, options.files.to, { recursive: true });
  return withDatabase(adminUrl, database);
}

async function buildTemplate(admin: Client, options: TemplateOptions, template: string, files: string): Promise<void> {
  const building = `${template}_building`;
  const others = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname ~ $1', [`^${options.family}[0-9a-f]+(_building)?$`]);
  for (const { datname } of others.rows) {
    const folder = folderOf(datname.replace(/_building$/, ''));
    const lastUsed = fs.existsSync(folder) ? fs.statSync(folder).mtimeMs : 0;
    if (datname === building || Date.now() - lastUsed > STALE_TEMPLATE_MS) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      if (datname !== building) fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  const started = Date.now();
  if (options.base) await options.base(building);
  else await admin.query(`CREATE DATABASE ${building} ENCODING 'UTF8' TEMPLATE template0`);
  if (options.files) {
    fs.rmSync(files, { recursive: true, force: true });
    fs.mkdirSync(files, { recursive: true });
  }
  await options.build(withDatabase(options.adminUrl, building), files);
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
  options.log?.(`built the template ${template} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/** One layer of a hand-made fixture: the files that shape its rows (its own among them) and what writes them. */
export interface FixtureLayer {
  name: string;
  sources: readonly string[];
  fill: (url: string) => Promise<void>;
}

/**
 * `database`, a copy of the hand-made fixture made of `layers` (the first fills a new database, each next one is
 * added to a copy of the template below it). Each stack of layers is a template of its own,
 * `car_fixture_<names>_<hash>`, its hash that of its sources after the one below, so a change to one layer's
 * sources rebuilds that layer and those above it only.
 */
export function copyOfFixture(adminUrl: string, database: string, layers: readonly FixtureLayer[]): Promise<string> {
  const hashes: string[] = [];
  for (const layer of layers) hashes.push(sourcesHash(layer.sources, hashes.at(-1)));
  const copy = (depth: number, into: string): Promise<string> =>
    copyOfTemplate({
      adminUrl,
      family: `car_fixture_${layers
        .slice(0, depth + 1)
        .map((l) => l.name)
        .join('_')}_`,
      key: hashes[depth],
      database: into,
      base:
        depth === 0
          ? undefined
          : async (building) => {
              await copy(depth - 1, building);
            },
      build: (url) => layers[depth].fill(url),
      log: (m) => process.stderr.write(`[fixture] ${m}\n`),
    });
  return copy(layers.length - 1, database);
}

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { loadDemoData } from '../../backend/src/bootstrap/load-demo-data';
import { openDataSource } from '../../backend/src/database/data-source';
import { withDatabase } from './test-env';

const ROOT = path.resolve(__dirname, '..', '..');

/** Everything that shapes the demo database: the schema, the generator, reference data, rollups, reports. */
const SOURCES = [
  'package-lock.json',
  // The contracts that shape data (geography, dictionaries, the display rules of the report workbooks);
  // a new endpoint's schema does not, so adding one does not rebuild the template.
  'contracts/src/constants.ts',
  'contracts/src/dictionaries.ts',
  'contracts/src/geography.ts',
  'contracts/src/display.ts',
  'contracts/src/metrics.ts',
  'contracts/src/months.ts',
  'backend/src/database',
  'backend/src/seed',
  'backend/src/reference',
  'backend/src/analytics',
  'backend/src/bootstrap',
  'backend/src/reportDownload',
  // The monthly reports' decks (issue 31 §2).
  'backend/src/deck',
  'test/support/demo-template.ts',
];

/** One PostgreSQL advisory lock: one run builds the template while the others wait for it. */
const TEMPLATE_LOCK = 20_261_121;

/**
 * A template another version of the sources built is dropped once unused this long: branches worked on
 * side by side on one server each keep theirs instead of rebuilding it on every run.
 */
const STALE_TEMPLATE_MS = 12 * 3600_000;

const reportsDirOf = (template: string): string => path.join(os.tmpdir(), `car-test-template-${template.slice('car_template_'.length)}`, 'reports');

/** A short hash of those sources' paths and contents (specs left out: they do not shape the data). */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  const add = (relative: string): void => {
    const full = path.join(ROOT, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) add(path.join(relative, entry));
    } else if (!relative.endsWith('.spec.ts')) {
      hash.update(relative).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  for (const source of SOURCES) add(source);
  return hash.digest('hex').slice(0, 12);
}

/**
 * Creates `database` with the demo data set and writes its producer reports into `reportsDir`. The set is
 * generated once per version of the sources that shape it, as a template database on the same server
 * (`car_template_<hash>`, its reports kept beside it in the system's temporary folder); each run then
 * copies it in seconds instead of generating it again (about 90 s). Older templates are dropped.
 */
export async function createDemoDatabase(adminUrl: string, database: string, reportsDir: string, log: (m: string) => void): Promise<void> {
  const hash = sourcesHash();
  const template = `car_template_${hash}`;
  const templateReports = reportsDirOf(template);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    const missing = found.rowCount === 0 ? null : await missingReports(adminUrl, template, templateReports);
    if (missing !== null && missing > 0) {
      // A template whose report rows name files its folder does not hold (another build's folder) would serve 404s.
      log(`the template ${template} names ${missing} report files its folder lacks: built again`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    }
    if (missing !== 0) {
      await buildTemplate(admin, adminUrl, template, templateReports, log);
    } else {
      log(`demo data from the template ${template}`);
    }
    const now = new Date();
    fs.utimesSync(path.dirname(templateReports), now, now);
    const started = Date.now();
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template} STRATEGY FILE_COPY`);
    log(`copied ${template} to ${database} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  fs.cpSync(templateReports, reportsDir, { recursive: true });
}

/** How many of the template's report rows name a file its reports folder does not hold (all of them without the folder). */
async function missingReports(adminUrl: string, template: string, templateReports: string): Promise<number> {
  const db = new Client({ connectionString: withDatabase(adminUrl, template) });
  await db.connect();
  try {
    const { rows } = await db.query<{ file_name: string }>('SELECT file_name FROM report');
    return rows.filter((r) => !fs.existsSync(path.join(templateReports, r.file_name))).length;
  } finally {
    // Closed before the copy: CREATE DATABASE … TEMPLATE refuses a template with a session open on it.
    await db.end();
  }
}

async function buildTemplate(admin: Client, adminUrl: string, template: string, templateReports: string, log: (m: string) => void): Promise<void> {
  const started = Date.now();
  const others = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'car\\_template\\_%'`);
  for (const { datname } of others.rows as Array<{ datname: string }>) {
    const folder = path.dirname(reportsDirOf(datname.replace(/_building$/, '')));
    const lastUsed = fs.existsSync(folder) ? fs.statSync(folder).mtimeMs : 0;
    if (datname === `${template}_building` || Date.now() - lastUsed > STALE_TEMPLATE_MS) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      if (datname !== `${template}_building`) fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  const building = `${template}_building`;
  await admin.query(`CREATE DATABASE ${building} ENCODING 'UTF8' TEMPLATE template0`);
  fs.rmSync(path.dirname(templateReports), { recursive: true, force: true });
  const dataSource = await openDataSource(withDatabase(adminUrl, building), 'car-test-template');
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const summary = await loadDemoData(dataSource, { scale: 'demo', seed: 20261121, reportsDir: templateReports });
    log(`seeded the template ${template} in ${((Date.now() - started) / 1000).toFixed(1)}s: ${JSON.stringify(summary)}`);
  } finally {
    await dataSource.destroy();
  }
  // Named only once whole: a run that stopped half way leaves a `_building` database, never a template.
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
}

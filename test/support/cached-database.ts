import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { withDatabase } from './test-env';

/** One advisory lock for every cached database: one run builds while the others wait (as demo-template.ts does). */
const CACHE_LOCK = 20_261_132;

const dataDirOf = (template: string): string => path.join(os.tmpdir(), `car-test-${template}`, 'data');

/**
 * A database made once per `template` name and copied for each run (`CREATE DATABASE … TEMPLATE`, seconds),
 * with the data folder its build wrote (reports, secrets) kept beside it in the system's temporary folder and
 * copied into `dataDir`. `build` fills a new database and data folder; a template named only once whole, and
 * the other templates of the same `family` (older sources) are dropped when a new one is built.
 */
export async function cachedDatabase(options: {
  adminUrl: string;
  template: string;
  family: string;
  database: string;
  dataDir: string;
  build: (url: string, dataDir: string) => Promise<void>;
  log: (m: string) => void;
}): Promise<string> {
  const { adminUrl, template, family, database, dataDir, log } = options;
  const templateData = dataDirOf(template);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [CACHE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0 || !fs.existsSync(templateData)) {
      const others = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${family}%`]);
      for (const { datname } of others.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        fs.rmSync(path.dirname(dataDirOf(datname.replace(/_building$/, ''))), { recursive: true, force: true });
      }
      const building = `${template}_building`;
      await admin.query(`CREATE DATABASE ${building} ENCODING 'UTF8' TEMPLATE template0`);
      fs.rmSync(path.dirname(templateData), { recursive: true, force: true });
      fs.mkdirSync(templateData, { recursive: true });
      const started = Date.now();
      await options.build(withDatabase(adminUrl, building), templateData);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      log(`built ${template} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    }
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template} STRATEGY FILE_COPY`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [CACHE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  fs.cpSync(templateData, dataDir, { recursive: true });
  return withDatabase(adminUrl, database);
}

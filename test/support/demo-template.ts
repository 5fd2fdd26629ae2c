import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { loadDemoData } from '../../backend/src/bootstrap/load-demo-data';
import { openDataSource } from '../../backend/src/database/data-source';
import { copyOfTemplate, SCHEMA_SOURCES, sourcesHash } from './template-database';

/** Everything else that shapes the demo database: the generator, reports, decks, and this file (the seed and scale). */
const SOURCES = [
  ...SCHEMA_SOURCES,
  'backend/src/seed',
  'backend/src/bootstrap',
  'backend/src/reportDownload',
  // The monthly reports' decks (issue 31 §2).
  'backend/src/deck',
  'test/support/demo-template.ts',
];

/** A short hash of the sources that shape the demo data (the tiny set's template is named by it too). */
export const demoSourcesHash = (): string => sourcesHash(SOURCES);

/**
 * The data set a run's worlds hold: `npm start`'s demo set, or with `CAR_TEST_SCALE=large` the large set of the
 * benchmark (about 43 M retail rows, a template of its own built in about five minutes), so the tests that read the
 * demo market through the API (demo-market-api.spec.ts, demo-market-regions.spec.ts) measure it too, e.g.
 * `CAR_TEST_SCALE=large npx jest test/integration/demo-market-regions.spec.ts --maxWorkers 1` (docs/testing.md).
 */
export function testScale(): 'demo' | 'large' {
  const scale = process.env.CAR_TEST_SCALE ?? 'demo';
  if (scale !== 'demo' && scale !== 'large') throw new Error(`CAR_TEST_SCALE must be demo or large, not ${scale}`);
  return scale;
}

/**
 * Creates `database` with the demo data set and writes its producer reports into `reportsDir`. The set is
 * generated once per version of the sources that shape it, as a template database on the same server
 * (`car_template_<hash>`, its reports kept beside it in the system's temporary folder, template-database.ts);
 * each run then copies it in seconds instead of generating it again (about 90 s).
 */
export async function createDemoDatabase(adminUrl: string, database: string, reportsDir: string, log: (m: string) => void): Promise<void> {
  const scale = testScale();
  await copyOfTemplate({
    adminUrl,
    family: scale === 'demo' ? 'car_template_' : `car_template_${scale}_`,
    key: demoSourcesHash(),
    database,
    files: { name: 'reports', to: reportsDir },
    // A template whose report rows name files its folder does not hold (another build's folder) would serve 404s.
    usable: async (url, reports) => (await missingReports(url, reports)) === 0,
    build: async (url, reports) => {
      const started = Date.now();
      const dataSource = await openDataSource(url, 'car-test-template');
      try {
        await dataSource.runMigrations({ transaction: 'each' });
        const summary = await loadDemoData(dataSource, { scale, seed: 20261121, reportsDir: reports });
        log(`seeded the ${scale} template in ${((Date.now() - started) / 1000).toFixed(1)}s: ${JSON.stringify(summary)}`);
      } finally {
        await dataSource.destroy();
      }
    },
    strategy: 'FILE_COPY',
    log,
  });
}

/** How many of the template's report rows name a file its reports folder does not hold. */
async function missingReports(url: string, reports: string): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ file_name: string }>('SELECT file_name FROM report');
    return rows.filter((r) => !fs.existsSync(path.join(reports, r.file_name))).length;
  } finally {
    // Closed before the copy: CREATE DATABASE … TEMPLATE refuses a template with a session open on it.
    await db.end();
  }
}

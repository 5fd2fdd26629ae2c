import { RollupRepository } from '../analytics/rollup.repository';
import type { AppConfig } from '../config/config';
import { openDataSource } from '../database/data-source';
import { seedDatabase } from '../seed/seed';
import { terminalProgress } from '../seed/progress';

/**
 * Brings the database up to date before the app serves: runs pending migrations, rebuilds the rollups
 * when one is empty beside facts (a migration added or emptied it), and loads the demo data set when
 * the database holds no market data yet (and SEED_ON_EMPTY is on).
 */
export async function prepareDatabase(url: string, config: AppConfig, log: (m: string) => void): Promise<void> {
  const dataSource = await openDataSource(url, 'car-migrate');
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) log(`applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM car');
    if (count > 0) {
      const rollups = new RollupRepository(dataSource);
      if (await rollups.incomplete()) {
        log('a rollup is empty (new or changed by a migration): rebuilding the rollups of every month');
        await rollups.rebuildAll();
      }
      return;
    }
    if (!config.SEED_ON_EMPTY) return;
    log(`the database is empty: loading the demo data set (scale ${config.SEED_SCALE}, seed ${config.SEED_NUMBER})`);
    await seedDatabase(dataSource, {
      scale: config.SEED_SCALE,
      seed: config.SEED_NUMBER,
      reportsDir: config.reportsDir,
      progress: terminalProgress(),
    });
  } finally {
    await dataSource.destroy();
  }
}

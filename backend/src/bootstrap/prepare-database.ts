import type { DataSource } from 'typeorm';
import { RollupRepository } from '../analytics/rollup.repository';
import type { AppConfig } from '../config/config';
import { exclusive } from '../database/advisory-lock';
import { openDataSource } from '../database/data-source';
import { terminalProgress } from '../seed/progress';
import { withDatabaseTasks } from './database-tasks.module';
import { loadDemoData } from './load-demo-data';
import { MarketDataRepository } from './market-data.repository';

/**
 * Brings the database up to date before the app serves: runs pending migrations, builds the rollups
 * that are empty beside facts (a migration added or emptied them), and loads the demo data set when
 * the database holds no market data yet (and SEED_ON_EMPTY is on). Several instances starting at once
 * (two app replicas, decision 226) take turns under an advisory lock: the first migrates and loads, the
 * others then find nothing left to do.
 */
export async function prepareDatabase(url: string, config: AppConfig, log: (m: string) => void): Promise<void> {
  const dataSource = await openDataSource(url, 'car-migrate');
  try {
    await exclusive(dataSource, PREPARE_LOCK, () => prepare(dataSource, config, log));
  } finally {
    await dataSource.destroy();
  }
}

/** The advisory lock an instance holds while it brings the database up to date. */
const PREPARE_LOCK = 'car:prepare-database';

async function prepare(dataSource: DataSource, config: AppConfig, log: (m: string) => void): Promise<void> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  if (applied.length > 0) log(`applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
  const empty = await withDatabaseTasks(dataSource, config, async (tasks) => {
    if (!(await tasks.get(MarketDataRepository).hasMarketData())) return true;
    const rollups = tasks.get(RollupRepository);
    const unbuilt = await rollups.emptyRollups();
    if (unbuilt.length > 0) {
      // A migration added or emptied these: the others still hold their figures, so only these are built.
      log(`empty rollup(s) (new or changed by a migration): building ${unbuilt.join(', ')} for every month`);
      await rollups.rebuildAll(unbuilt);
    }
    return false;
  });
  if (!empty || !config.SEED_ON_EMPTY) return;
  log(`the database is empty: loading the demo data set (scale ${config.SEED_SCALE}, seed ${config.SEED_NUMBER})`);
  await loadDemoData(dataSource, {
    scale: config.SEED_SCALE,
    seed: config.SEED_NUMBER,
    reportsDir: config.reportsDir,
    progress: terminalProgress(),
  });
}

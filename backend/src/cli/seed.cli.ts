import 'reflect-metadata';
import { loadConfig } from '../config/config';
import { MIGRATIONS, openDataSource } from '../database/data-source';
import { resolveDatabase } from '../database/resolve-database';
import { loadDemoData } from '../bootstrap/load-demo-data';
import { terminalProgress } from '../seed/progress';
import type { SeedScale } from '../seed/seed';
import { SCALES } from '../seed/facts';

/**
 * `npm run seed -- --scale demo|large|tiny [--seed N]`: replaces all market data with the demo set.
 * `large2x` and `large4x` are the large set with every retail row written two or four times, for the
 * scale benchmarks of docs/scale.md only.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const config = loadConfig();
  const scale = (option('scale') ?? config.SEED_SCALE) as SeedScale;
  if (!Object.keys(SCALES).includes(scale)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}, not ${scale}`);
  const seed = Number(option('seed') ?? config.SEED_NUMBER);
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number');
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const dataSource = await openDataSource(database.url, 'car-seed');
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    void MIGRATIONS;
    const summary = await loadDemoData(dataSource, { scale, seed, reportsDir: config.reportsDir, progress: terminalProgress() });
    process.stdout.write(`${JSON.stringify({ scale, seed, ...summary })}\n`);
  } finally {
    await dataSource.destroy();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

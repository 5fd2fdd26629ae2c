import 'reflect-metadata';
import { loadConfig } from '../config/config';
import { openDataSource } from '../database/data-source';
import { resolveDatabase } from '../database/resolve-database';

/** `npm run migrate`: applies pending migrations (`-- --revert` undoes the last one). */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const ds = await openDataSource(database.url, 'car-migrate');
  try {
    if (process.argv.includes('--revert')) {
      await ds.undoLastMigration({ transaction: 'each' });
      process.stdout.write('reverted the last migration\n');
    } else {
      const applied = await ds.runMigrations({ transaction: 'each' });
      process.stdout.write(applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}\n` : 'up to date\n');
    }
  } finally {
    await ds.destroy();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

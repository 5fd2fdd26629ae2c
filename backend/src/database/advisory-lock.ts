import type { DataSource } from 'typeorm';

/**
 * Runs `fn` holding a PostgreSQL advisory lock on `key`, on a session of its own: two runs of one job (a
 * stalled-job retry while the first run still works) never overlap, and a crashed run's lock goes with its
 * connection.
 */
export async function exclusive<T>(dataSource: DataSource, key: string, fn: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [key]);
    return await fn();
  } finally {
    await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [key]).catch(() => undefined);
    await runner.release();
  }
}

import type { DataSource, QueryRunner } from 'typeorm';

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

/**
 * A session-level advisory lock that one process of a cluster holds for as long as it lives (decision 226):
 * `hold` takes it when no other process holds it and keeps the connection that holds it (one of the pool's),
 * so the lease goes with that process — stopped, crashed or cut off — and the next process to ask takes it.
 * Advisory locks are per database, so every database (each test run's) has its own holder.
 */
export class AdvisoryLease {
  private runner: QueryRunner | null = null;
  private asking: Promise<boolean> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly key: string,
  ) {}

  /** Whether this process holds the lease now (taking it when free); a failure to reach the database is a no. */
  hold(): Promise<boolean> {
    // One question at a time: two sweeps asking at once must not take two sessions, the second refused by the first.
    this.asking ??= this.ask().finally(() => (this.asking = null));
    return this.asking;
  }

  private async ask(): Promise<boolean> {
    if (this.runner) {
      try {
        // The session lives, so its lock does.
        await this.runner.query('SELECT 1');
        return true;
      } catch {
        await this.drop();
      }
    }
    if (!this.dataSource.isInitialized) return false;
    const runner = this.dataSource.createQueryRunner('master');
    try {
      await runner.connect();
      const [{ taken }] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken`, [this.key])) as Array<{ taken: boolean }>;
      if (taken) {
        this.runner = runner;
        return true;
      }
    } catch {
      // unreachable now: not held; asked again at the next sweep
    }
    await runner.release().catch(() => undefined);
    return false;
  }

  /** Lets the lease go (at shutdown), so another process takes it at once rather than when this connection closes. */
  async release(): Promise<void> {
    await this.asking?.catch(() => undefined);
    if (!this.runner) return;
    await this.runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [this.key]).catch(() => undefined);
    await this.drop();
  }

  private async drop(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    await runner?.release().catch(() => undefined);
  }
}

import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { DataChanges } from '../answers/data-changes';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** How long a replica that failed is left alone before it is tried again. */
const RETRY_DOWN_MS = 5_000;
/** How often, at most, a replica that had not replayed the latest change is asked again (on demand). */
const RECHECK_BEHIND_MS = 100;

interface Replica {
  /** The URL without its password, for the logs. */
  name: string;
  pool: Pool;
  /** ready: has replayed `required`; behind: not yet (or not asked since it moved); down: failed, tried again at `retryAt`. */
  state: 'ready' | 'behind' | 'down';
  /** The `required` position it was last found to have replayed. */
  replayed: string | null;
  checkAt: number;
  checking: boolean;
}

/** An LSN `X/Y` as one number, to compare two positions. */
function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const nameOf = (url: string): string => {
  const u = new URL(url);
  u.password = '';
  return u.toString();
};

/**
 * The analytics reads' database (decisions 223, 224): the streaming replicas of DATABASE_READ_URL, in turn,
 * when they have replayed every data change the primary has told of, else the primary. The required position
 * is the primary's `pg_current_wal_lsn()` read after each data-change notification (a publish's included,
 * which NOTIFY delivers at its commit), so a replica that has not replayed a publish never answers for it:
 * until it has, the reads go to the primary, and the answer cache is never filled from an older copy. Without
 * the data-change listener (the worker, or while it is lost) every read goes to the primary. A replica that
 * fails is logged once, its read is run on the primary, and it is tried again `RETRY_DOWN_MS` later.
 */
@Injectable()
export class ReadReplicas implements OnApplicationShutdown {
  private readonly logger = new Logger('ReadReplicas');
  private readonly replicas: Replica[];
  /** The primary's WAL position every replica must have replayed to answer; null: not known (primary). */
  private required: string | null = null;
  private refreshing = false;
  private next = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'DATABASE_READ_URL'>,
    @Optional() private readonly changes?: DataChanges,
  ) {
    const urls = changes ? config.DATABASE_READ_URL : [];
    this.replicas = urls.map((url) => {
      const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 30_000, application_name: 'car-app-read' });
      // An idle connection the replica dropped: the pool discards it; the next read finds the replica down if it is.
      pool.on('error', () => undefined);
      return { name: nameOf(url), pool, state: 'behind', replayed: null, checkAt: 0, checking: false };
    });
    if (this.replicas.length > 0) changes?.onChange(() => this.changed());
  }

  /** Reads on the primary alone: for a data source opened outside the app (scripts, tests of the query layer). */
  static primaryOnly(dataSource: DataSource): ReadReplicas {
    return new ReadReplicas(dataSource, { DATABASE_READ_URL: [] });
  }

  /** How many replicas are configured here (none in the worker). */
  get count(): number {
    return this.replicas.length;
  }

  /** Runs one read-only statement on a replica that has replayed every change, else on the primary. */
  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const replica = this.pick();
    if (!replica) return this.dataSource.query(sql, params as unknown[]);
    try {
      return (await replica.pool.query(sql, params as unknown[])).rows as T[];
    } catch (error) {
      // The primary answers; if it fails too, the statement was at fault and its error is the caller's.
      const rows: T[] = await this.dataSource.query(sql, params as unknown[]);
      this.down(replica, error);
      return rows;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => undefined)));
  }

  private pick(): Replica | null {
    if (this.replicas.length === 0 || !this.changes?.listening) return null;
    if (this.required === null) {
      void this.refresh();
      return null;
    }
    const now = Date.now();
    for (const replica of this.replicas) {
      if (replica.state !== 'ready' && !replica.checking && now >= replica.checkAt) void this.check(replica, this.required);
    }
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length];
      if (replica.state === 'ready') {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return null;
  }

  /** A data change (or the listener lost): reads go to the primary until the replicas have replayed it. */
  private changed(): void {
    this.required = null;
    for (const replica of this.replicas) if (replica.state === 'ready') replica.state = 'behind';
  }

  /** Reads the primary's WAL position, after the LISTEN stands, so any later change notifies. */
  private async refresh(): Promise<void> {
    if (this.refreshing || !this.changes) return;
    this.refreshing = true;
    const generation = this.changes.generation;
    try {
      const rows: Array<{ lsn: string }> = await this.dataSource.query('SELECT pg_current_wal_lsn()::text AS lsn');
      if (this.changes.listening && this.changes.generation === generation) this.required = rows[0].lsn;
    } catch {
      // The primary is unreachable: every read fails there anyway, with the database's own 503.
    } finally {
      this.refreshing = false;
    }
  }

  private async check(replica: Replica, required: string): Promise<void> {
    replica.checking = true;
    try {
      // A server not in recovery (a promoted replica, or the primary itself) has everything it holds.
      const { rows } = await replica.pool.query<{ replayed: string | null }>(
        'SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS replayed',
      );
      const replayed = rows[0].replayed;
      const caughtUp = replayed === null || lsnValue(replayed) >= lsnValue(required);
      if (replica.state === 'down') this.logger.log(`read replica ${replica.name} answers again`);
      if (caughtUp && this.required === required) {
        replica.state = 'ready';
        replica.replayed = required;
      } else {
        replica.state = 'behind';
        replica.checkAt = Date.now() + RECHECK_BEHIND_MS;
      }
    } catch (error) {
      this.down(replica, error);
    } finally {
      replica.checking = false;
    }
  }

  private down(replica: Replica, error: unknown): void {
    if (replica.state !== 'down') {
      this.logger.warn(
        `read replica ${replica.name} failed (${error instanceof Error ? error.message : String(error)}); its reads go to the primary, tried again every ${RETRY_DOWN_MS / 1000} s`,
      );
    }
    replica.state = 'down';
    replica.checkAt = Date.now() + RETRY_DOWN_MS;
  }
}

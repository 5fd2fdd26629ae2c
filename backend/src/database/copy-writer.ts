import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type { DataSource, QueryRunner } from 'typeorm';
import { dropKeys } from './bulk-load';

const CHUNK_BYTES = 1 << 20;

export type CopyValue = string | number | boolean | null | undefined;

/** Escapes a value for COPY's text format (tab-separated, \N for null). */
export function copyValue(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * Streams rows into one table with COPY FROM STDIN on a connection of its own, in 1 MiB chunks with
 * back-pressure, so tens of millions of rows load without holding them in memory. Each line is written
 * at once into a chunk outside the JavaScript heap (decision 126): held as strings until the chunk
 * was full, every line outlived a few young-generation collections and was promoted, so the whole file
 * passed through the old generation as garbage, growing the process and costing full collections.
 */
export class CopyWriter {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  /** Full chunks waiting to be sent. */
  private ready: Buffer[] = [];
  private rows = 0;

  private constructor(
    private readonly runner: QueryRunner,
    private readonly stream: Writable,
    private readonly done: Promise<void>,
    /** What runs on the connection once every row is in: a fresh table's keys, statistics and commit. */
    private readonly finishing?: { commit: () => Promise<void>; rollback: () => Promise<void> },
  ) {}

  static async open(dataSource: DataSource, table: string, columns: readonly string[]): Promise<CopyWriter> {
    const runner = dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    return new CopyWriter(runner, ...CopyWriter.copy(client, `COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  }

  /**
   * A COPY that replaces everything in the table, in one transaction: it empties the table, drops its primary key
   * and indexes, writes the rows frozen (COPY FREEZE: no reader rewrites a page to mark them committed, no vacuum
   * freezes them later), puts the keys back, gathers the table's statistics and commits when closed. At
   * `wal_level = minimal` (the embedded PostgreSQL) none of it is written to the WAL, the table being new in the
   * transaction. Its foreign keys are dropped before the transaction begins and come back in it: dropped inside,
   * each would hold the table it references against every reader until the commit. Nothing else may write the
   * table meanwhile: TRUNCATE holds it until the commit.
   */
  static async openFresh(dataSource: DataSource, table: string, columns: readonly string[]): Promise<CopyWriter> {
    const runner = dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const query = async (sql: string, parameters?: unknown[]): Promise<unknown> => (await client.query(sql, parameters)).rows;
    let foreignBack: (() => Promise<void>) | undefined;
    try {
      foreignBack = await dropKeys(query, table, 'foreign');
      await query('BEGIN');
      await query(`TRUNCATE ${table}`);
      const ownBack = await dropKeys(query, table, 'own');
      const finishing = {
        commit: async () => {
          await ownBack();
          await foreignBack?.();
          await query(`ANALYZE ${table}`);
          await query('COMMIT');
        },
        rollback: async () => {
          await query('ROLLBACK');
          await foreignBack?.();
        },
      };
      return new CopyWriter(runner, ...CopyWriter.copy(client, `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FREEZE)`), finishing);
    } catch (error) {
      await query('ROLLBACK').catch(() => undefined);
      await foreignBack?.().catch(() => undefined);
      await runner.release();
      throw error;
    }
  }

  private static copy(client: PoolClient, sql: string): [Writable, Promise<void>] {
    const stream = client.query(copyFrom(sql));
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', () => resolve());
      stream.on('error', reject);
    });
    // Keep a rejected `done` from being reported as unhandled before close() awaits it.
    done.catch(() => undefined);
    return [stream, done];
  }

  get count(): number {
    return this.rows;
  }

  /** Adds one row of already escaped values; call flushIfFull() now and then. */
  push(line: string): void {
    // UTF-8 takes at most three bytes for each UTF-16 unit, plus the line end.
    const most = line.length * 3 + 1;
    if (this.used + most > this.chunk.length) this.seal();
    if (most > this.chunk.length) {
      this.ready.push(Buffer.from(`${line}\n`));
    } else {
      this.used += this.chunk.write(line, this.used);
      this.chunk[this.used++] = 0x0a;
    }
    this.rows++;
  }

  row(values: ReadonlyArray<CopyValue>): void {
    this.push(values.map(copyValue).join('\t'));
  }

  async flushIfFull(): Promise<void> {
    if (this.ready.length > 0) await this.send();
  }

  async flush(): Promise<void> {
    this.seal();
    await this.send();
  }

  async close(): Promise<number> {
    try {
      await this.flush();
      this.stream.end();
      await this.done;
      await this.finishing?.commit();
      return this.rows;
    } catch (error) {
      await this.finishing?.rollback().catch(() => undefined);
      throw error;
    } finally {
      await this.runner.release();
    }
  }

  /** Moves the current chunk, if it holds anything, to the ready list and starts a new one. */
  private seal(): void {
    if (this.used === 0) return;
    this.ready.push(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  private async send(): Promise<void> {
    const chunks = this.ready;
    this.ready = [];
    for (const chunk of chunks) this.stream.write(chunk);
    // A local socket takes a chunk at once and the stream says so on the next tick, not through the event loop: a
    // generator that awaited only that never let Node read another connection's answer. The demo seed's rollups,
    // built on two connections while the configuration sheet is generated, waited idle for the whole sheet.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.stream.writableNeedDrain) {
      // Both listeners go once either fires: left behind, a copy of millions of rows piles them up.
      await new Promise<void>((resolve, reject) => {
        const drain = (): void => {
          this.stream.off('error', fail);
          resolve();
        };
        const fail = (error: Error): void => {
          this.stream.off('drain', drain);
          reject(error);
        };
        this.stream.once('drain', drain);
        this.stream.once('error', fail);
      });
    }
  }
}

/** Loads a small table in one COPY. */
export async function copyRows(dataSource: DataSource, table: string, columns: readonly string[], rows: Iterable<ReadonlyArray<CopyValue>>): Promise<number> {
  const writer = await CopyWriter.open(dataSource, table, columns);
  for (const row of rows) {
    writer.row(row);
    await writer.flushIfFull();
  }
  return writer.close();
}

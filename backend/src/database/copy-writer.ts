import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type { DataSource, QueryRunner } from 'typeorm';

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
 * back-pressure, so tens of millions of rows load without holding them in memory.
 */
export class CopyWriter {
  private buffer: string[] = [];
  private bufferBytes = 0;
  private rows = 0;

  private constructor(
    private readonly runner: QueryRunner,
    private readonly stream: Writable,
    private readonly done: Promise<void>,
  ) {}

  static async open(dataSource: DataSource, table: string, columns: readonly string[]): Promise<CopyWriter> {
    const runner = dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', () => resolve());
      stream.on('error', reject);
    });
    // Keep a rejected `done` from being reported as unhandled before close() awaits it.
    done.catch(() => undefined);
    return new CopyWriter(runner, stream, done);
  }

  get count(): number {
    return this.rows;
  }

  /** Adds one row of already escaped values; call flushIfFull() now and then. */
  push(line: string): void {
    this.buffer.push(line);
    this.bufferBytes += line.length + 1;
    this.rows++;
  }

  row(values: ReadonlyArray<CopyValue>): void {
    this.push(values.map(copyValue).join('\t'));
  }

  async flushIfFull(): Promise<void> {
    if (this.bufferBytes >= CHUNK_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const chunk = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.bufferBytes = 0;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        this.stream.once('drain', resolve);
        this.stream.once('error', reject);
      });
    }
  }

  async close(): Promise<number> {
    try {
      await this.flush();
      this.stream.end();
      await this.done;
      return this.rows;
    } finally {
      await this.runner.release();
    }
  }
}

/** Loads a small table in one COPY. */
export async function copyRows(
  dataSource: DataSource,
  table: string,
  columns: readonly string[],
  rows: Iterable<ReadonlyArray<CopyValue>>,
): Promise<number> {
  const writer = await CopyWriter.open(dataSource, table, columns);
  for (const row of rows) {
    writer.row(row);
    await writer.flushIfFull();
  }
  return writer.close();
}


import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The data-change listener as those outside the API's answers/ module ask for it (`@Optional() @Inject(...)`): the
 * calendar in reference/, which the demo generator also uses and so may not import answers/. AnswersModule provides
 * it as `DataChanges`; where no AnswersModule is (the worker, the steps before the app serves) there is none.
 */
export const DATA_CHANGE_LISTENER = Symbol('DATA_CHANGE_LISTENER');

/** The first wait before listening again after the connection is lost; it doubles to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * One PostgreSQL channel heard by this process on a connection of its own (decisions 129 and 234): every
 * NOTIFY on it, from any process, moves `generation` on and calls the listeners, and so does the loss of the
 * connection, since a change may go unheard while it is down. `listening` is true only while the LISTEN
 * stands: nothing kept in memory for the channel may be served otherwise. Subclasses name the channel; it listens from
 * the application's start to its shutdown.
 */
export abstract class NotifyListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private client: Client | null = null;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;
  private readonly listeners = new Set<() => void>();
  private current = 0;
  private live = false;

  protected constructor(
    private readonly dataSource: DataSource,
    private readonly channel: string,
    /** The connection's `application_name`, by which tests and operators find it in pg_stat_activity. */
    private readonly applicationName: string,
  ) {
    this.logger = new Logger(new.target.name);
  }

  get generation(): number {
    return this.current;
  }

  get listening(): boolean {
    return this.live;
  }

  /** Calls `listener` on every change (and every loss of the connection). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /**
   * A change this process has just committed itself: what is kept of the channel goes now, so the writer's own next
   * call reads it afresh without waiting to hear its NOTIFY (every other process hears that as usual).
   */
  changedHere(): void {
    this.changed();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.live = false;
    await client?.end().catch(() => undefined);
  }

  private changed(): void {
    this.current++;
    for (const listener of this.listeners) listener();
  }

  private async listen(): Promise<void> {
    const { url } = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: url, application_name: this.applicationName });
    this.client = client;
    client.on('notification', () => this.changed());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    this.live = true;
    this.retryMs = FIRST_RETRY_MS;
  }

  /** The connection failed or ended: serve nothing from memory until a new LISTEN stands. */
  private lost(client: Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.live = false;
    this.changed();
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(
      `lost the ${this.channel} listener${error ? ` (${error instanceof Error ? String(error) : JSON.stringify(error)})` : ''}; what it keeps is read afresh until it is back`,
    );
    this.retry = setTimeout(() => void this.listen(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}

/**
 * What every call reads and rarely changes, kept while the listeners it depends on stand (decision 234): the
 * value loaded for a key is kept until any of them hears a change, and a value loaded while a change arrived is
 * returned but not kept, since it may have been read before the change. At most `limit` keys, the oldest going
 * first. With a listener down, every read loads afresh.
 */
export class KeptUntilChange<V> {
  private readonly kept = new Map<string, V>();

  constructor(
    private readonly sources: readonly NotifyListener[],
    private readonly limit: number,
  ) {
    for (const source of sources) source.onChange(() => this.kept.clear());
  }

  get size(): number {
    return this.kept.size;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.open) return load();
    const hit = this.kept.get(key);
    if (hit !== undefined) return hit;
    const before = this.generation;
    const value = await load();
    if (this.open && this.generation === before) {
      if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, value);
    }
    return value;
  }

  private get open(): boolean {
    return this.sources.every((source) => source.listening);
  }

  private get generation(): number {
    return this.sources.reduce((sum, source) => sum + source.generation, 0);
  }
}

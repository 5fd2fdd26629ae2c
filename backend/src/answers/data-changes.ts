import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** The channel every data table's statement trigger notifies at commit (migration 1763700000030). */
export const DATA_CHANGE_CHANNEL = 'car_data_change';

/**
 * The tables whose writes change no analytics answer, so they have no trigger: accounts, sessions, the
 * audit trail, menus and roles (read by the guards before any answer), job and import records, and the
 * per-import staging tables. Every other table notifies (`data-changes.spec.ts` holds the two sides).
 */
export const OPERATIONAL_TABLES: readonly string[] = [
  'app_user',
  'role',
  'role_menu',
  'menu',
  'revoked_token',
  'login_attempt',
  'security_event',
  'mp_binding',
  'export_job',
  'report_bundle',
  'job_run',
  'data_import',
  'import_problem',
  'saved_view',
  'saved_view_share',
  'robot',
  'robot_delivery',
  'alert_subscription',
  'alert_notification',
  'migrations',
];
export const STAGING_TABLE = /^import_stage_[0-9a-f]+$/;

/** The first wait before listening again after the connection is lost; it doubles to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * Tells this process that data answers are read from has changed, whichever process wrote it: a
 * connection of its own LISTENs on `DATA_CHANGE_CHANNEL` (decision 129). `generation` moves on
 * with every change and whenever that connection is lost, since a change may go unheard while it is
 * down; `listening` is true only while the LISTEN stands, and nothing may be served from memory
 * otherwise. Started only when the answer cache is on.
 */
@Injectable()
export class DataChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DataChanges');
  private client: Client | null = null;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;
  private readonly listeners = new Set<() => void>();
  private current = 0;
  private live = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.answerCacheBytes > 0) await this.listen();
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
    const client = new Client({ connectionString: url, application_name: 'car-app-listen' });
    this.client = client;
    client.on('notification', () => this.changed());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${DATA_CHANGE_CHANNEL}`);
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
      `lost the ${DATA_CHANGE_CHANNEL} listener${error ? ` (${error instanceof Error ? String(error) : JSON.stringify(error)})` : ''}; answers are computed afresh until it is back`,
    );
    this.retry = setTimeout(() => void this.listen(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}

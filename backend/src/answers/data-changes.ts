import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NotifyListener } from '../database/notify-listener';

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
  'mp_link_use',
  'export_job',
  'report_bundle',
  'job_run',
  'data_import',
  'import_problem',
  'saved_view',
  'saved_view_share',
  'competitor_set',
  'robot',
  'robot_delivery',
  'alert_subscription',
  'alert_notification',
  'migrations',
];
export const STAGING_TABLE = /^import_stage_[0-9a-f]+$/;

/**
 * Tells this process that data answers are read from has changed, whichever process wrote it: a
 * connection of its own LISTENs on `DATA_CHANGE_CHANNEL` (decision 129). The answer cache, the calendar
 * (decision 234) and the read replicas' wait for each change to be replayed (decision 224) hang on it; the
 * API always listens, the worker has none.
 */
@Injectable()
export class DataChanges extends NotifyListener {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, DATA_CHANGE_CHANNEL, 'car-app-listen');
  }
}

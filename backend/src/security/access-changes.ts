import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NotifyListener } from '../database/notify-listener';

/** The channel the access tables' statement triggers notify at commit (migration 1763700000042). */
export const ACCESS_CHANGE_CHANNEL = 'car_access_change';

/**
 * The tables every call's session and page check read (decision 234): a write to any of them — a user changed or
 * disabled, a role's pages, a menu, a logout, a mobile binding — empties what each API process keeps of them.
 */
export const ACCESS_TABLES: readonly string[] = ['app_user', 'role', 'role_menu', 'menu', 'revoked_token', 'mp_binding'];

/** Tells this process that a session or a page grant may have changed, whichever process wrote it. */
@Injectable()
export class AccessChanges extends NotifyListener {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ACCESS_CHANGE_CHANNEL, 'car-app-listen-access');
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditDetail, AuditFilter, AuditItem, SecurityEventName } from '@car/contracts';
import { containsPattern, prefixPattern } from '../common/like-pattern';

export interface SecurityEventRow {
  event: SecurityEventName;
  address: string;
  userId?: number;
  account?: string;
  reason?: string;
  path?: string;
  detail?: AuditDetail;
}

const ITEM_COLUMNS = `e.id::int AS id, to_char(e.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS time, e.event,
  e.user_id AS "userId", e.account, e.address, e.reason, e.path, e.detail`;

/** The audit trail's table, security_event (migration 1763700000018). */
@Injectable()
export class SecurityEventRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(row: SecurityEventRow): Promise<void> {
    await this.dataSource.query(`INSERT INTO security_event (event, user_id, account, address, reason, path, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      row.event,
      row.userId ?? null,
      row.account?.slice(0, 64) ?? null,
      row.address.slice(0, 64),
      row.reason?.slice(0, 200) ?? null,
      row.path?.slice(0, 200) ?? null,
      row.detail ? JSON.stringify(row.detail) : null,
    ]);
  }

  /** The filtered events, newest first, one page of them. */
  async page(filter: AuditFilter, limit: number, offset: number): Promise<AuditItem[]> {
    const { where, params } = this.where(filter);
    return this.dataSource.query(`SELECT ${ITEM_COLUMNS} FROM security_event e ${where} ORDER BY e.at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`, params);
  }

  /** How many events match, counted no further than `cap` + 1 (so a filter over a large trail stays cheap). */
  async count(filter: AuditFilter, cap: number): Promise<number> {
    const { where, params } = this.where(filter);
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM security_event e ${where} LIMIT ${cap + 1}) matches`,
      params,
    );
    return total;
  }

  /** How many events are older than `keepDays` days (the retention job's progress). */
  async countOlderThan(keepDays: number): Promise<number> {
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM security_event WHERE at < now() - make_interval(days => $1)`,
      [keepDays],
    );
    return total;
  }

  /**
   * Deletes at most `batch` of the oldest events older than `keepDays` days (read through the `at` index);
   * how many went. Small batches keep each statement's locks and WAL short while sign-ins insert beside it.
   */
  async deleteOlderThan(keepDays: number, batch: number): Promise<number> {
    // TypeORM answers a DELETE with [rows, affected].
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM security_event WHERE id IN (
         SELECT id FROM security_event WHERE at < now() - make_interval(days => $1) ORDER BY at, id LIMIT $2)`,
      [keepDays, batch],
    );
    return deleted;
  }

  private where(filter: AuditFilter): { where: string; params: unknown[] } {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    if (filter.events) conditions.push(`e.event = ANY(${bind(filter.events)}::varchar[])`);
    if (filter.account) {
      const pattern = bind(containsPattern(filter.account));
      conditions.push(`(e.account ILIKE ${pattern} ESCAPE '\\' OR e.detail->>'targetAccount' ILIKE ${pattern} ESCAPE '\\')`);
    }
    if (filter.address) conditions.push(`e.address LIKE ${bind(prefixPattern(filter.address))} ESCAPE '\\'`);
    if (filter.from) conditions.push(`e.at >= (${bind(filter.from)}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`);
    if (filter.to) conditions.push(`e.at < ((${bind(filter.to)}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`);
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }
}

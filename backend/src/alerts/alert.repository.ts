import { Injectable } from '@nestjs/common';
import type { AlertComparison, AlertKind, AlertMeasure, AlertRowKind, AlertSource, PickableRowKind, RobotDeliveryState } from '@car/contracts';
import { DataSource } from 'typeorm';
import type { Filters } from '../analytics/model';

/** A subscription as stored (alert_subscription). */
export interface SubscriptionRecord {
  id: number;
  userId: number;
  name: string;
  path: string;
  search: string;
  kind: AlertKind;
  source: AlertSource;
  filters: Filters;
  measure: AlertMeasure | null;
  comparison: AlertComparison | null;
  threshold: number | null;
  rowKind: AlertRowKind | null;
  rowId: number | null;
  rowName: string | null;
  paused: boolean;
  robotId: number | null;
  robotName: string | null;
  /** The latest robot_delivery made for it (decision 203). */
  robotDelivery: { state: RobotDeliveryState; lastError: string | null; createTime: string } | null;
  lastMonth: number | null;
  createdAt: Date;
}

/**
 * A subscription due for evaluation, of an enabled user, with the role that decides which pages they may open and
 * the producer that decides which robots' team they belong to (decision 261).
 */
export type DueSubscription = SubscriptionRecord & { roleId: number; producerId: number | null };

/** What a subscription is made of, as the service writes it. */
export type SubscriptionFields = Pick<
  SubscriptionRecord,
  'name' | 'path' | 'search' | 'kind' | 'source' | 'filters' | 'measure' | 'comparison' | 'threshold' | 'rowKind' | 'rowId' | 'robotId'
>;

/** A notification to write: one per subscription and month. */
export interface NewNotification {
  subscriptionId: number;
  userId: number;
  month: number;
  title: string;
  figureText: string;
  changeText: string;
  link: string;
  figure: number | null;
}

export interface NotificationRecord extends Omit<NewNotification, 'userId'> {
  id: number;
  read: boolean;
  createdAt: Date;
}

/** The reference table and name column of each row kind of the market (a competitor set is checked as its viewer may read it). */
const ROW_TABLES: Record<PickableRowKind, string> = {
  producer: 'producer',
  brand: 'brand',
  subSeries: 'sub_series',
  province: 'province',
  city: 'city',
};

const SUBSCRIPTION_COLUMNS = `s.id, s.user_id AS "userId", s.name, s.view_path AS path, s.view_search AS search, s.kind, s.source, s.filters,
  s.measure, s.comparison, s.threshold::float8 AS threshold, s.row_kind AS "rowKind", s.row_id AS "rowId", s.paused, s.robot_id AS "robotId",
  s.last_month AS "lastMonth", s.created_at AS "createdAt", (SELECT name FROM robot WHERE id = s.robot_id) AS "robotName",
  (SELECT json_build_object('state', d.state, 'lastError', d.last_error,
            'createTime', to_char(d.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'))
     FROM robot_delivery d WHERE d.subscription_id = s.id ORDER BY d.id DESC LIMIT 1) AS "robotDelivery",
  CASE s.row_kind WHEN 'producer' THEN (SELECT name FROM producer WHERE id = s.row_id)
                  WHEN 'brand' THEN (SELECT name FROM brand WHERE id = s.row_id)
                  WHEN 'subSeries' THEN (SELECT name FROM sub_series WHERE id = s.row_id)
                  WHEN 'province' THEN (SELECT name FROM province WHERE id = s.row_id)
                  WHEN 'city' THEN (SELECT name FROM city WHERE id = s.row_id)
                  WHEN 'competitorSet' THEN (SELECT name FROM competitor_set WHERE id = s.row_id) END AS "rowName"`;

const NOTIFICATION_COLUMNS = `id::int AS id, subscription_id AS "subscriptionId", month, title, figure_text AS "figureText", change_text AS "changeText",
  link, figure::float8 AS figure, read_at IS NOT NULL AS read, created_at AS "createdAt"`;

/** The subscriptions and notifications of 订阅与提醒: every statement of the module. */
@Injectable()
export class AlertRepository {
  constructor(private readonly dataSource: DataSource) {}

  async rowName(kind: PickableRowKind, id: number): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ name: string }>>(`SELECT name FROM ${ROW_TABLES[kind]} WHERE id = $1`, [id]);
    return rows[0]?.name ?? null;
  }

  /** Every row of a kind, by name. */
  async rows(kind: PickableRowKind): Promise<Array<{ id: number; name: string }>> {
    return this.dataSource.query(`SELECT id, name FROM ${ROW_TABLES[kind]} ORDER BY name COLLATE "C", id`);
  }

  async list(userId: number): Promise<SubscriptionRecord[]> {
    return this.dataSource.query(`SELECT ${SUBSCRIPTION_COLUMNS} FROM alert_subscription s WHERE s.user_id = $1 ORDER BY s.id DESC`, [userId]);
  }

  async find(userId: number, id: number): Promise<SubscriptionRecord | undefined> {
    const rows = await this.dataSource.query<SubscriptionRecord[]>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM alert_subscription s WHERE s.user_id = $1 AND s.id = $2`,
      [userId, id],
    );
    return rows[0];
  }

  /** A new subscription, evaluated from the month after `lastMonth` (its source's latest when it is made). */
  async create(userId: number, fields: SubscriptionFields, lastMonth: number | null): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO alert_subscription (user_id, name, view_path, view_search, kind, source, filters, measure, comparison, threshold, row_kind, row_id, robot_id, last_month)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [userId, ...this.values(fields), lastMonth],
    );
    return row.id;
  }

  /** Rewrites a subscription; a changed source starts again from that source's latest month. True when it was the user's. */
  async update(userId: number, id: number, fields: SubscriptionFields, lastMonth: number | null): Promise<boolean> {
    const rows = await this.dataSource.query<[unknown[], number]>(
      `UPDATE alert_subscription SET name = $3, view_path = $4, view_search = $5, kind = $6, source = $7::varchar, filters = $8, measure = $9, comparison = $10,
         threshold = $11, row_kind = $12, row_id = $13, robot_id = $14, last_month = CASE WHEN source = $7::varchar THEN last_month ELSE $15 END, updated_at = now()
       WHERE user_id = $1 AND id = $2`,
      [userId, id, ...this.values(fields), lastMonth],
    );
    return rows[1] > 0;
  }

  private values(f: SubscriptionFields): unknown[] {
    return [f.name, f.path, f.search, f.kind, f.source, JSON.stringify(f.filters), f.measure, f.comparison, f.threshold, f.rowKind, f.rowId, f.robotId];
  }

  /** Pauses or resumes; resuming does not replay the months it missed (its last month moves to `lastMonth`). */
  async pause(userId: number, id: number, paused: boolean, lastMonth: number | null): Promise<boolean> {
    const rows = await this.dataSource.query<[unknown[], number]>(
      `UPDATE alert_subscription SET paused = $3, last_month = CASE WHEN $3 THEN last_month ELSE greatest(last_month, $4) END, updated_at = now()
       WHERE user_id = $1 AND id = $2`,
      [userId, id, paused, lastMonth],
    );
    return rows[1] > 0;
  }

  async remove(userId: number, id: number): Promise<number> {
    const rows = await this.dataSource.query<[unknown[], number]>(`DELETE FROM alert_subscription WHERE user_id = $1 AND id = $2`, [userId, id]);
    return rows[1];
  }

  /**
   * The subscriptions of a source not yet evaluated at `month` (not paused) of every enabled user: a disabled user's
   * stay as they are, and are due again, at the then latest month, if the user is enabled again (decision 208).
   */
  async due(source: AlertSource, month: number): Promise<DueSubscription[]> {
    return this.dataSource.query(
      `SELECT ${SUBSCRIPTION_COLUMNS}, u.role_id AS "roleId", u.producer_id AS "producerId" FROM alert_subscription s JOIN app_user u ON u.id = s.user_id
       WHERE s.source = $1 AND NOT s.paused AND u.enabled AND (s.last_month IS NULL OR s.last_month < $2) ORDER BY s.id`,
      [source, month],
    );
  }

  /**
   * Writes the hits of an evaluation and marks the subscriptions evaluated at `month`, in one transaction; a
   * notification already written for its subscription and month is kept as it was (the unique key). The subscriptions
   * whose notification was written now (their robots are told; decision 203).
   */
  async record(source: AlertSource, month: number, subscriptionIds: readonly number[], hits: readonly NewNotification[]): Promise<Set<number>> {
    return this.dataSource.transaction(async (manager) => {
      const written = new Set<number>();
      for (let start = 0; start < hits.length; start += 1000) {
        const batch = hits.slice(start, start + 1000);
        const result = await manager.query<Array<{ subscriptionId: number }>>(
          `INSERT INTO alert_notification (subscription_id, user_id, month, title, figure_text, change_text, link, figure)
           SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[])
           ON CONFLICT (subscription_id, month, kind) DO NOTHING RETURNING subscription_id AS "subscriptionId"`,
          [
            batch.map((h) => h.subscriptionId),
            batch.map((h) => h.userId),
            batch.map((h) => h.month),
            batch.map((h) => h.title),
            batch.map((h) => h.figureText),
            batch.map((h) => h.changeText),
            batch.map((h) => h.link),
            batch.map((h) => h.figure),
          ],
        );
        for (const row of result) written.add(row.subscriptionId);
      }
      await manager.query(
        `UPDATE alert_subscription SET last_month = $2 WHERE id = ANY($1::int[]) AND source = $3 AND (last_month IS NULL OR last_month < $2)`,
        [subscriptionIds, month, source],
      );
      return written;
    });
  }

  /**
   * Takes robot `robotId` off a subscription and writes its owner's notice (kind 'robotStopped', one per subscription
   * and month), together; nothing when the subscription no longer names that robot (decision 261).
   */
  async stopRobot(subscriptionId: number, robotId: number, notice: NewNotification): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [, updated] = await manager.query<[unknown[], number]>(
        `UPDATE alert_subscription SET robot_id = NULL, updated_at = now() WHERE id = $1 AND robot_id = $2`,
        [subscriptionId, robotId],
      );
      if (updated === 0) return false;
      await manager.query(
        `INSERT INTO alert_notification (subscription_id, user_id, month, title, figure_text, change_text, link, figure, kind)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'robotStopped') ON CONFLICT (subscription_id, month, kind) DO NOTHING`,
        [notice.subscriptionId, notice.userId, notice.month, notice.title, notice.figureText, notice.changeText, notice.link, notice.figure],
      );
      return true;
    });
  }

  async notifications(userId: number, page: number, pageSize: number): Promise<{ items: NotificationRecord[]; total: number }> {
    const [items, [{ total }]] = await Promise.all([
      this.dataSource.query<NotificationRecord[]>(
        `SELECT ${NOTIFICATION_COLUMNS} FROM alert_notification WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [userId, pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM alert_notification WHERE user_id = $1`, [userId]),
    ]);
    return { items, total };
  }

  /** The bell's count: the partial index of unread notifications answers it. */
  async unread(userId: number): Promise<number> {
    const [{ unread }] = await this.dataSource.query<Array<{ unread: number }>>(
      `SELECT count(*)::int AS unread FROM alert_notification WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return unread;
  }

  /** Marks the user's listed notifications read (others' ids change nothing). */
  async markRead(userId: number, ids: readonly number[] | 'all'): Promise<void> {
    if (ids === 'all') await this.dataSource.query(`UPDATE alert_notification SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    else
      await this.dataSource.query(`UPDATE alert_notification SET read_at = now() WHERE user_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL`, [
        userId,
        ids,
      ]);
  }
}

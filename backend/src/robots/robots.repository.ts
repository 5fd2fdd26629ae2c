import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ROBOT_DELIVERY_STATE_LABELS,
  ROBOT_SERVICE_LABELS,
  type AdminRobot,
  type RobotDelivery,
  type RobotMessage,
  type RobotService,
  type TeamRobot,
} from '@car/contracts';

/** A robot as the sender needs it: with its URL and secret (never answered to a client). */
export interface StoredRobot extends RobotFields {
  id: number;
}

export interface StoredDelivery {
  id: number;
  robotId: number;
  message: RobotMessage;
  state: RobotDelivery['state'];
  attempts: number;
  /** For a subscription's delivery, its owner as they are now (decision 261). */
  subscriber: { enabled: boolean; producerId: number | null } | null;
}

export interface RobotFields {
  name: string;
  producerId: number | null;
  service: RobotService;
  url: string;
  secret: string | null;
  enabled: boolean;
}

const TIME = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const DELIVERY_COLUMNS = `d.id::int AS id, d.robot_id AS "robotId", d.message->>'title' AS title, d.state, d.attempts, d.last_error AS "lastError",
  ${TIME('d.created_at')} AS "createTime", ${TIME('d.sent_at')} AS "sentTime"`;

type DeliveryRow = Omit<RobotDelivery, 'stateLabel'>;
const withStateLabel = (row: DeliveryRow): RobotDelivery => ({ ...row, stateLabel: ROBOT_DELIVERY_STATE_LABELS[row.state] });

interface RobotRow {
  id: number;
  name: string;
  producerId: number | null;
  producerName: string | null;
  service: RobotService;
  url: string;
  hasSecret: boolean;
  enabled: boolean;
  createTime: string;
  last: DeliveryRow | null;
}

/** robot and robot_delivery (migration 1763700000038). */
@Injectable()
export class RobotsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every robot for the administrator, with its latest delivery; the URL is reduced to its host here. */
  async list(id?: number): Promise<AdminRobot[]> {
    const rows = await this.dataSource.query<RobotRow[]>(
      `SELECT r.id, r.name, r.producer_id AS "producerId", p.name AS "producerName", r.service, r.url,
         r.secret IS NOT NULL AS "hasSecret", r.enabled, ${TIME('r.created_at')} AS "createTime",
         (SELECT row_to_json(last) FROM (SELECT ${DELIVERY_COLUMNS} FROM robot_delivery d WHERE d.robot_id = r.id ORDER BY d.id DESC LIMIT 1) last) AS last
       FROM robot r LEFT JOIN producer p ON p.id = r.producer_id
       ${id === undefined ? '' : 'WHERE r.id = $1'}
       ORDER BY r.id DESC`,
      id === undefined ? [] : [id],
    );
    return rows.map(({ url, last, ...robot }) => ({
      ...robot,
      serviceLabel: ROBOT_SERVICE_LABELS[robot.service],
      host: hostOf(url),
      lastDelivery: last ? withStateLabel(last) : null,
    }));
  }

  /** The enabled robots of one producer's team and everyone's, by name. */
  async team(producerId: number | null): Promise<TeamRobot[]> {
    const rows = await this.dataSource.query<Array<Omit<TeamRobot, 'serviceLabel'>>>(
      `SELECT id, name, service FROM robot WHERE enabled AND (producer_id IS NULL OR producer_id = $1) ORDER BY name, id`,
      [producerId],
    );
    return rows.map((row) => ({ ...row, serviceLabel: ROBOT_SERVICE_LABELS[row.service] }));
  }

  async find(id: number): Promise<StoredRobot | null> {
    const [row] = await this.dataSource.query<StoredRobot[]>(
      `SELECT id, name, producer_id AS "producerId", service, url, secret, enabled FROM robot WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async producerExists(id: number): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(`SELECT 1 FROM producer WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  async producers(): Promise<Array<{ id: number; name: string }>> {
    return this.dataSource.query(`SELECT id, name FROM producer ORDER BY initial, name`);
  }

  async create(fields: RobotFields, userId: number): Promise<number> {
    const [{ id }] = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO robot (name, producer_id, service, url, secret, enabled, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [fields.name, fields.producerId, fields.service, fields.url, fields.secret, fields.enabled, userId],
    );
    return id;
  }

  async update(id: number, fields: RobotFields): Promise<boolean> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE robot SET name = $2, producer_id = $3, service = $4, url = $5, secret = $6, enabled = $7, updated_at = now() WHERE id = $1`,
      [id, fields.name, fields.producerId, fields.service, fields.url, fields.secret, fields.enabled],
    );
    return count > 0;
  }

  async remove(id: number): Promise<boolean> {
    const [, count] = await this.dataSource.query<[unknown, number]>(`DELETE FROM robot WHERE id = $1`, [id]);
    return count > 0;
  }

  /** A delivery to send; `subscriptionId`: the subscription it tells of (its page shows the latest send). */
  async addDelivery(robotId: number, message: RobotMessage, subscriptionId: number | null = null): Promise<number> {
    const [{ id }] = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO robot_delivery (robot_id, message, subscription_id) VALUES ($1, $2, $3) RETURNING id::int AS id`,
      [robotId, JSON.stringify(message), subscriptionId],
    );
    return id;
  }

  async delivery(id: number): Promise<StoredDelivery | null> {
    const [row] = await this.dataSource.query<StoredDelivery[]>(
      `SELECT d.id::int AS id, d.robot_id AS "robotId", d.message, d.state, d.attempts,
         (SELECT json_build_object('enabled', u.enabled, 'producerId', u.producer_id)
            FROM alert_subscription s JOIN app_user u ON u.id = s.user_id WHERE s.id = d.subscription_id) AS subscriber
       FROM robot_delivery d WHERE d.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async deliveryView(id: number): Promise<RobotDelivery | null> {
    const [row] = await this.dataSource.query<DeliveryRow[]>(`SELECT ${DELIVERY_COLUMNS} FROM robot_delivery d WHERE d.id = $1`, [id]);
    return row ? withStateLabel(row) : null;
  }

  /** A robot's latest deliveries, newest first. */
  async deliveries(robotId: number, limit: number): Promise<RobotDelivery[]> {
    const rows = await this.dataSource.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM robot_delivery d WHERE d.robot_id = $1 ORDER BY d.id DESC LIMIT $2`,
      [robotId, limit],
    );
    return rows.map(withStateLabel);
  }

  /** One send's outcome: sent, or the error with the delivery failed (no retry left) or still queued. Returns the attempt's number. */
  async recordAttempt(id: number, outcome: { sent: true } | { sent: false; error: string; failed: boolean }): Promise<number> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [[{ attempts }]] = await this.dataSource.query<[Array<{ attempts: number }>, number]>(
      outcome.sent
        ? `UPDATE robot_delivery SET state = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = now(), updated_at = now() WHERE id = $1 RETURNING attempts`
        : `UPDATE robot_delivery SET state = $2, attempts = attempts + 1, last_error = $3, updated_at = now() WHERE id = $1 RETURNING attempts`,
      outcome.sent ? [id] : [id, outcome.failed ? 'failed' : 'queued', outcome.error.slice(0, 500)],
    );
    return attempts;
  }

  /** Fails a delivery without a send (its robot disabled or gone). */
  async fail(id: number, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE robot_delivery SET state = 'failed', last_error = $2, updated_at = now() WHERE id = $1`, [id, error.slice(0, 500)]);
  }
}

/** The host a stored URL names, for the list (the path and query hold the robot's key). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

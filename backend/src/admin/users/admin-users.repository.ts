import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminUser, UserListQuery, UserOptions } from '@car/contracts';
import { containsPattern } from '../../common/like-pattern';
import type { NewUser } from '../../database/entities/user.entity';
import { AccessChanges } from '../../security/access-changes';

/** The columns an administrator may change, by the name the service uses. */
const COLUMN_OF = {
  nickname: 'nickname',
  roleId: 'role_id',
  producerId: 'producer_id',
  brandId: 'brand_id',
  enabled: 'enabled',
  passwordHash: 'password_hash',
  mustChangePassword: 'must_change_password',
  /** The session version every token carries (decision 49): moving it ends every token issued before. */
  sessionVersion: 'password_changed_at',
} as const;
export type UserChange = Partial<{
  nickname: string;
  roleId: number;
  producerId: number | null;
  brandId: number | null;
  enabled: boolean;
  passwordHash: string;
  mustChangePassword: boolean;
  sessionVersion: Date;
}>;
export type ChangeOutcome = 'changed' | 'missing' | 'last-admin';

const USER_COLUMNS = `u.id, u.account, u.nickname, r.code AS role, r.name AS "roleName",
  u.producer_id AS "producerId", p.name AS "producerName", u.brand_id AS "brandId", b.name AS "brandName",
  u.enabled, u.must_change_password AS "mustChangePassword",
  to_char(u.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "createTime",
  (SELECT to_char(max(e.at) AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') FROM security_event e
    WHERE e.event = 'login.success' AND e.user_id = u.id) AS "lastLoginTime",
  (SELECT count(*)::int FROM mp_binding m WHERE m.user_id = u.id) AS bindings`;
const USER_FROM = `app_user u JOIN role r ON r.id = u.role_id LEFT JOIN producer p ON p.id = u.producer_id LEFT JOIN brand b ON b.id = u.brand_id`;

/** Serialises every change of a user, so two administrators cannot demote or disable each other into no administrator. */
const ADMIN_LOCK = `SELECT pg_advisory_xact_lock(hashtext('app_user.active_admins'))`;

/** The administrator's reads and writes of app_user (sign-in's own reads are security/UserRepository's). */
@Injectable()
export class AdminUsersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessChanges,
  ) {}

  async page(query: UserListQuery): Promise<{ items: AdminUser[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    if (query.keyword) {
      const pattern = bind(containsPattern(query.keyword));
      conditions.push(`(u.account ILIKE ${pattern} ESCAPE '\\' OR u.nickname ILIKE ${pattern} ESCAPE '\\')`);
    }
    if (query.role) conditions.push(`r.code = ${bind(query.role)}`);
    if (query.status) conditions.push(`u.enabled = ${bind(query.status === 'enabled')}`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const offset = (query.page - 1) * query.pageSize;
    const [items, [{ total }]] = await Promise.all([
      this.dataSource.query<AdminUser[]>(
        `SELECT ${USER_COLUMNS} FROM ${USER_FROM} ${where} ORDER BY u.id DESC LIMIT ${query.pageSize} OFFSET ${offset}`,
        params,
      ),
      this.dataSource.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM ${USER_FROM} ${where}`, params),
    ]);
    return { items, total };
  }

  async find(id: number): Promise<AdminUser | null> {
    const rows: AdminUser[] = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async options(): Promise<UserOptions> {
    const [roles, producers] = await Promise.all([
      this.dataSource.query<UserOptions['roles']>(`SELECT code, name FROM role ORDER BY id`),
      this.dataSource.query<UserOptions['producers']>(
        `SELECT p.id, p.name, coalesce(json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.initial, b.name)
                  FILTER (WHERE b.id IS NOT NULL), '[]') AS brands
         FROM producer p LEFT JOIN producer_brand pb ON pb.producer_id = p.id LEFT JOIN brand b ON b.id = pb.brand_id
         GROUP BY p.id ORDER BY p.initial, p.name`,
      ),
    ]);
    return { roles, producers };
  }

  async roleId(code: string): Promise<number | null> {
    const rows = await this.dataSource.query<Array<{ id: number }>>(`SELECT id FROM role WHERE code = $1`, [code]);
    return rows[0]?.id ?? null;
  }

  /** Whether the producer and the brand exist, and whether the brand is one of the producer's. */
  async makers(producerId: number | undefined, brandId: number | undefined): Promise<{ producer: boolean; brand: boolean; brandOfProducer: boolean }> {
    const [row] = await this.dataSource.query<Array<{ producer: boolean; brand: boolean; brandOfProducer: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM producer WHERE id = $1) AS producer, EXISTS (SELECT 1 FROM brand WHERE id = $2) AS brand,
              EXISTS (SELECT 1 FROM producer_brand WHERE producer_id = $1 AND brand_id = $2) AS "brandOfProducer"`,
      [producerId ?? null, brandId ?? null],
    );
    return row;
  }

  /** A new user who must change the initial password at the first sign-in; null when the account is taken. */
  async create(user: NewUser): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `INSERT INTO app_user (account, password_hash, nickname, role_id, producer_id, brand_id, must_change_password)
       VALUES ($1, $2, $3, $4, $5, $6, true) ON CONFLICT (account) DO NOTHING RETURNING id`,
      [user.account, user.passwordHash, user.nickname, user.roleId, user.producerId, user.brandId],
    );
    this.access.changedHere();
    return rows[0]?.id ?? null;
  }

  /**
   * Applies the change in one transaction under one lock for all user changes, and keeps it only if an
   * enabled administrator remains afterwards ('last-admin' otherwise, nothing changed).
   */
  async change(id: number, change: UserChange): Promise<ChangeOutcome> {
    const entries = Object.entries(change).filter(([, value]) => value !== undefined) as Array<[keyof typeof COLUMN_OF, unknown]>;
    return this.dataSource
      .transaction(async (manager) => {
        await manager.query(ADMIN_LOCK);
        const params: unknown[] = [id];
        const set = entries.map(([key, value]) => `${COLUMN_OF[key]} = $${params.push(value)}`).join(', ');
        const [, count] = await manager.query<[unknown, number]>(`UPDATE app_user SET ${set} WHERE id = $1`, params);
        if (count === 0) return 'missing';
        const [{ admins }] = await manager.query<Array<{ admins: number }>>(
          `SELECT count(*)::int AS admins FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.code = 'admin' AND u.enabled`,
        );
        if (admins === 0) throw new LastAdminLeft();
        return 'changed' as const;
      })
      .then((outcome) => {
        if (outcome === 'changed') this.access.changedHere();
        return outcome;
      })
      .catch((error: unknown) => {
        if (error instanceof LastAdminLeft) return 'last-admin';
        throw error;
      });
  }
}

/** Rolls the transaction back: the change would leave no enabled administrator. */
class LastAdminLeft extends Error {}

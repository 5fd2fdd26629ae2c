import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MpType } from '@car/contracts';
import { containsPattern } from '../common/like-pattern';
import { AccessChanges } from '../security/access-changes';

/** The table whose names a tab searches: 厂商 producer, 品牌 brand, 厂商品牌 producer_brand, 车型 sub_series. */
const TABLE_OF: Record<MpType, string> = { 1: 'producer', 0: 'brand', 2: 'producer_brand', 4: 'sub_series' };
const SUGGESTIONS = 20;

/** Mini-program identities (mp_binding) and the names the mobile page shows. */
@Injectable()
export class MpRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessChanges,
  ) {}

  /**
   * The active user an openId is bound to, while the binding holds: made since the user's password version last
   * changed (a change of password, 吊销会话, 停用, 重置密码 all bump it). `passwordVersion` is that version.
   */
  async boundUser(openId: string): Promise<{ userId: number; nickname: string; passwordVersion: number } | null> {
    const rows: Array<{ userId: number; nickname: string; passwordVersion: Date }> = await this.dataSource.query(
      `SELECT u.id AS "userId", u.nickname, u.password_changed_at AS "passwordVersion"
       FROM mp_binding b JOIN app_user u ON u.id = b.user_id
       WHERE b.open_id = $1 AND u.enabled AND b.password_version = u.password_changed_at`,
      [openId],
    );
    const row = rows[0];
    return row ? { userId: row.userId, nickname: row.nickname, passwordVersion: row.passwordVersion.getTime() } : null;
  }

  /**
   * Binds a free openId to the user at their current password version; binding again an openId of the same user
   * renews it. False when it is bound to someone else (a bind is once).
   */
  async bind(openId: string, userId: number): Promise<boolean> {
    await this.dataSource.query(
      `INSERT INTO mp_binding (open_id, user_id, password_version) SELECT $1, id, password_changed_at FROM app_user WHERE id = $2
       ON CONFLICT (open_id) DO UPDATE SET password_version = EXCLUDED.password_version WHERE mp_binding.user_id = EXCLUDED.user_id`,
      [openId, userId],
    );
    this.access.changedHere();
    const rows: Array<{ userId: number }> = await this.dataSource.query(`SELECT user_id AS "userId" FROM mp_binding WHERE open_id = $1`, [openId]);
    return rows[0]?.userId === userId;
  }

  /** Removes the binding; the user it was bound to, or null when the openId was not bound. */
  async unbind(openId: string): Promise<{ userId: number; account: string } | null> {
    const [rows] = await this.dataSource.query<[Array<{ userId: number; account: string }>, number]>(
      `DELETE FROM mp_binding b USING app_user u WHERE b.open_id = $1 AND u.id = b.user_id RETURNING u.id AS "userId", u.account`,
      [openId],
    );
    this.access.changedHere();
    return rows[0] ?? null;
  }

  /** Whether a link was used already (decision 263). */
  async linkUsed(link: Buffer): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM mp_link_use WHERE link = $1`, [link]);
    return rows.length > 0;
  }

  /**
   * Records a link's one use; false when it was recorded already. One statement on the primary key: of two
   * exchanges at once, on one instance or two, exactly one records it.
   */
  async useLink(link: Buffer, expiresAt: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO mp_link_use (link, expires_at) VALUES ($1, $2) ON CONFLICT (link) DO NOTHING RETURNING link`,
      [link, expiresAt],
    );
    return rows.length === 1;
  }

  /** Forgets the uses of links stale for more than `spareSeconds` (a stale link is refused before its use is read). */
  async forgetStaleLinks(spareSeconds: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM mp_link_use WHERE expires_at < now() - make_interval(secs => $1)`, [spareSeconds]);
  }

  /** A user's bindings, oldest first (the administrator's user page). */
  async bindingsOf(userId: number): Promise<Array<{ openId: string; createTime: string }>> {
    return this.dataSource.query(
      `SELECT open_id AS "openId", to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "createTime"
       FROM mp_binding WHERE user_id = $1 ORDER BY created_at, open_id`,
      [userId],
    );
  }

  /** Names containing the text, shortest first (the closest match), then by id. */
  async suggestions(type: MpType, name: string): Promise<Array<{ id: number; name: string }>> {
    return this.dataSource.query(
      `SELECT id, name FROM ${TABLE_OF[type]} WHERE name ILIKE $1 ESCAPE '\\' ORDER BY length(name), name, id LIMIT ${SUGGESTIONS}`,
      [containsPattern(name)],
    );
  }

  async nameOf(type: MpType, id: number): Promise<string | null> {
    const rows: Array<{ name: string }> = await this.dataSource.query(`SELECT name FROM ${TABLE_OF[type]} WHERE id = $1`, [id]);
    return rows[0]?.name ?? null;
  }

  /** A city's name with its province's check (a city code names its province's code). */
  async cityName(cityId: number): Promise<{ name: string; provinceId: number } | null> {
    const rows: Array<{ name: string; provinceId: number }> = await this.dataSource.query(`SELECT name, province_id AS "provinceId" FROM city WHERE id = $1`, [
      cityId,
    ]);
    return rows[0] ?? null;
  }

  async provinceName(provinceId: number): Promise<string | null> {
    const rows: Array<{ name: string }> = await this.dataSource.query(`SELECT short_name AS name FROM province WHERE id = $1`, [provinceId]);
    return rows[0]?.name ?? null;
  }
}

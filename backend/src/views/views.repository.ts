import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Colleague, ViewUser } from '@car/contracts';
import { containsPattern } from '../common/like-pattern';

/** A saved view as stored, with its owner and, for the owner, whom it is shared with. */
export interface ViewRow {
  id: number;
  name: string;
  path: string;
  query: string;
  updateTime: string;
  ownerId: number;
  ownerAccount: string;
  ownerNickname: string;
  sharedWithProducer: boolean;
  sharedWith: ViewUser[];
}

/** Who the caller is, as far as seeing views goes. */
export interface Viewer {
  id: number;
  producerId: number | null;
}

export type InsertOutcome = { id: number } | 'name-taken' | 'too-many';

const VIEW_COLUMNS = `v.id, v.name, v.path, v.query,
  to_char(v.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "updateTime",
  v.owner_id AS "ownerId", o.account AS "ownerAccount", o.nickname AS "ownerNickname",
  v.share_producer AS "sharedWithProducer"`;

/** The views a viewer may open: their own, those named to them, and those shared with their producer by an enabled colleague. */
const VISIBLE = `(v.owner_id = $1
  OR (o.enabled AND EXISTS (SELECT 1 FROM saved_view_share s WHERE s.view_id = v.id AND s.user_id = $1))
  OR (o.enabled AND v.share_producer AND $2::int IS NOT NULL AND o.producer_id = $2::int))`;

/** One owner's inserts are serialised, so two saves at once cannot pass the limit together. */
const OWNER_LOCK = `SELECT pg_advisory_xact_lock(hashtext('saved_view.owner'), $1)`;

/** saved_view and saved_view_share (migration 1763700000035). */
@Injectable()
export class ViewsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The owner's views, most recently changed first, with whom each is shared. */
  async owned(ownerId: number): Promise<ViewRow[]> {
    return this.dataSource.query(
      `SELECT ${VIEW_COLUMNS},
         COALESCE((SELECT json_agg(json_build_object('id', u.id, 'account', u.account, 'nickname', u.nickname) ORDER BY u.account)
                   FROM saved_view_share s JOIN app_user u ON u.id = s.user_id WHERE s.view_id = v.id), '[]') AS "sharedWith"
       FROM saved_view v JOIN app_user o ON o.id = v.owner_id
       WHERE v.owner_id = $1
       ORDER BY v.updated_at DESC, v.id DESC`,
      [ownerId],
    );
  }

  /** Views others share with the viewer, most recently changed first (whom else they go to is the owner's business). */
  async sharedWith(viewer: Viewer): Promise<ViewRow[]> {
    return this.dataSource.query(
      `SELECT ${VIEW_COLUMNS}, '[]'::json AS "sharedWith"
       FROM saved_view v JOIN app_user o ON o.id = v.owner_id
       WHERE v.owner_id <> $1 AND ${VISIBLE}
       ORDER BY v.updated_at DESC, v.id DESC`,
      [viewer.id, viewer.producerId],
    );
  }

  /** A view the viewer may open, or null (none, or not theirs to see). */
  async visible(viewer: Viewer, id: number): Promise<ViewRow | null> {
    const rows: ViewRow[] = await this.dataSource.query(
      `SELECT ${VIEW_COLUMNS},
         CASE WHEN v.owner_id = $1 THEN
           COALESCE((SELECT json_agg(json_build_object('id', u.id, 'account', u.account, 'nickname', u.nickname) ORDER BY u.account)
                     FROM saved_view_share s JOIN app_user u ON u.id = s.user_id WHERE s.view_id = v.id), '[]')
         ELSE '[]'::json END AS "sharedWith"
       FROM saved_view v JOIN app_user o ON o.id = v.owner_id
       WHERE v.id = $3 AND ${VISIBLE}`,
      [viewer.id, viewer.producerId, id],
    );
    return rows[0] ?? null;
  }

  /** A new view of the owner's, unless the name is taken or the owner already keeps `limit` views. */
  async insert(ownerId: number, view: { name: string; path: string; query: string }, limit: number): Promise<InsertOutcome> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(OWNER_LOCK, [ownerId]);
      const [{ count }] = await manager.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM saved_view WHERE owner_id = $1`, [ownerId]);
      if (count >= limit) return 'too-many';
      const rows = await manager.query<Array<{ id: number }>>(
        `INSERT INTO saved_view (owner_id, name, path, query) VALUES ($1, $2, $3, $4) ON CONFLICT (owner_id, name) DO NOTHING RETURNING id`,
        [ownerId, view.name, view.path, view.query],
      );
      return rows[0] ?? 'name-taken';
    });
  }

  /** Renames an owner's view: 'missing' when it is not theirs, 'name-taken' when another of theirs has the name. */
  async rename(ownerId: number, id: number, name: string): Promise<'renamed' | 'missing' | 'name-taken'> {
    const rows = await this.dataSource.query<Array<{ id: number; clash: boolean }>>(
      `SELECT v.id, EXISTS (SELECT 1 FROM saved_view x WHERE x.owner_id = $1 AND x.name = $3 AND x.id <> v.id) AS clash
       FROM saved_view v WHERE v.id = $2 AND v.owner_id = $1`,
      [ownerId, id, name],
    );
    if (!rows[0]) return 'missing';
    if (rows[0].clash) return 'name-taken';
    // A race with a save of the same name ends at the unique key; it is the same refusal.
    const updated = await this.dataSource
      .query(`UPDATE saved_view SET name = $3, updated_at = now() WHERE id = $2 AND owner_id = $1`, [ownerId, id, name])
      .then(() => 'renamed' as const)
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return 'name-taken' as const;
        throw error;
      });
    return updated;
  }

  /** Deletes an owner's view (its shares go with it); how many rows went (0: not theirs). */
  async remove(ownerId: number, id: number): Promise<number> {
    // TypeORM answers a DELETE on PostgreSQL with [rows, affected].
    const [, affected] = await this.dataSource.query<[unknown[], number]>(`DELETE FROM saved_view WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    return affected;
  }

  /** Replaces whom an owner's view is shared with; false when the view is not theirs. */
  async share(ownerId: number, id: number, userIds: readonly number[], producer: boolean): Promise<boolean> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const updated = await manager.query<[unknown[], number]>(
        `UPDATE saved_view SET share_producer = $3, updated_at = now() WHERE id = $1 AND owner_id = $2`,
        [id, ownerId, producer],
      );
      if (updated[1] === 0) return false;
      await manager.query(`DELETE FROM saved_view_share WHERE view_id = $1`, [id]);
      if (userIds.length > 0) {
        await manager.query(`INSERT INTO saved_view_share (view_id, user_id) SELECT $1, unnest($2::int[])`, [id, userIds]);
      }
      return true;
    });
  }

  /** Of these ids, the enabled users other than `exceptId`. */
  async enabledUsers(ids: readonly number[], exceptId: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<Array<{ id: number }>>(`SELECT id FROM app_user WHERE id = ANY($1::int[]) AND enabled AND id <> $2`, [
      ids,
      exceptId,
    ]);
    return rows.map((row) => row.id);
  }

  /** Enabled users other than the caller, by account; a keyword matches part of the account or nickname. */
  async colleagues(exceptId: number, keyword: string | undefined, limit: number): Promise<Colleague[]> {
    const params: unknown[] = [exceptId, limit];
    const match = keyword ? `AND (u.account ILIKE $3 ESCAPE '\\' OR u.nickname ILIKE $3 ESCAPE '\\')` : '';
    if (keyword) params.push(containsPattern(keyword));
    return this.dataSource.query(
      `SELECT u.id, u.account, u.nickname, p.name AS "producerName"
       FROM app_user u LEFT JOIN producer p ON p.id = u.producer_id
       WHERE u.enabled AND u.id <> $1 ${match}
       ORDER BY u.account LIMIT $2`,
      params,
    );
  }

  async producerName(producerId: number | null): Promise<string | null> {
    if (producerId === null) return null;
    const rows = await this.dataSource.query<Array<{ name: string }>>(`SELECT name FROM producer WHERE id = $1`, [producerId]);
    return rows[0]?.name ?? null;
  }
}

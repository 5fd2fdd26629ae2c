import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Colleague, ViewUser } from '@car/contracts';
import { containsPattern } from '../common/like-pattern';
import { ADMIN_ROLE } from '../security/session-user';

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
  sharedProducerName: string | null;
  sharedWith: ViewUser[];
}

/** Who the caller is, as far as seeing views goes. */
export interface Viewer {
  id: number;
  producerId: number | null;
}

/** Who the caller is, as far as naming colleagues goes: an administrator names anyone (decision 259). */
export interface Sharer extends Viewer {
  admin: boolean;
}

export type InsertOutcome = { id: number } | 'name-taken' | 'too-many';

const VIEW_COLUMNS = `v.id, v.name, v.path, v.query,
  to_char(v.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "updateTime",
  v.owner_id AS "ownerId", o.account AS "ownerAccount", o.nickname AS "ownerNickname",
  v.share_producer_id IS NOT NULL AS "sharedWithProducer",
  (SELECT p.name FROM producer p WHERE p.id = v.share_producer_id) AS "sharedProducerName"`;

/**
 * The views a viewer may open: their own, those named to them, and those an enabled owner shared with the viewer's
 * producer (the producer the share names, not the owner's of today: decision 260).
 */
const VISIBLE = `(v.owner_id = $1
  OR (o.enabled AND EXISTS (SELECT 1 FROM saved_view_share s WHERE s.view_id = v.id AND s.user_id = $1))
  OR (o.enabled AND v.share_producer_id = $2::int))`;

/**
 * The users a sharer may list and share with (decision 259): other enabled users; for an analyst only those of
 * their own producer who are not administrators (none when they have no producer). $1 the sharer, $2 their
 * producer, $3 whether they are an administrator, $4 the administrators' role code.
 */
const COLLEAGUE = `u.enabled AND u.id <> $1 AND ($3::boolean OR (u.producer_id = $2::int
  AND NOT EXISTS (SELECT 1 FROM role r WHERE r.id = u.role_id AND r.code = $4)))`;
const colleagueParams = (sharer: Sharer): unknown[] => [sharer.id, sharer.producerId, sharer.admin, ADMIN_ROLE];

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

  /** Replaces whom an owner's view is shared with (`producerId`: the producer whose colleagues all see it); false when the view is not theirs. */
  async share(ownerId: number, id: number, userIds: readonly number[], producerId: number | null): Promise<boolean> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const updated = await manager.query<[unknown[], number]>(
        `UPDATE saved_view SET share_producer_id = $3, updated_at = now() WHERE id = $1 AND owner_id = $2`,
        [id, ownerId, producerId],
      );
      if (updated[1] === 0) return false;
      await manager.query(`DELETE FROM saved_view_share WHERE view_id = $1`, [id]);
      if (userIds.length > 0) {
        await manager.query(`INSERT INTO saved_view_share (view_id, user_id) SELECT $1, unnest($2::int[])`, [id, userIds]);
      }
      return true;
    });
  }

  /** Of these ids, the users the sharer may share with. */
  async colleagueIds(sharer: Sharer, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<Array<{ id: number }>>(`SELECT u.id FROM app_user u WHERE u.id = ANY($5::int[]) AND ${COLLEAGUE}`, [
      ...colleagueParams(sharer),
      ids,
    ]);
    return rows.map((row) => row.id);
  }

  /** The users the sharer may share with, by account; a keyword matches part of the account or nickname. */
  async colleagues(sharer: Sharer, keyword: string | undefined, limit: number): Promise<Colleague[]> {
    const params: unknown[] = [...colleagueParams(sharer), limit];
    const match = keyword ? `AND (u.account ILIKE $6 ESCAPE '\\' OR u.nickname ILIKE $6 ESCAPE '\\')` : '';
    if (keyword) params.push(containsPattern(keyword));
    return this.dataSource.query(
      `SELECT u.id, u.account, u.nickname, p.name AS "producerName"
       FROM app_user u LEFT JOIN producer p ON p.id = u.producer_id
       WHERE ${COLLEAGUE} ${match}
       ORDER BY u.account LIMIT $5`,
      params,
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SetMember } from '@car/contracts';

/** A competitor set as stored, with its owner; members by id, in the owner's order. */
export interface SetRow {
  id: number;
  name: string;
  ownIds: number[];
  rivalIds: number[];
  updateTime: string;
  ownerId: number;
  ownerAccount: string;
  ownerNickname: string;
  sharedWithProducer: boolean;
  sharedProducerName: string | null;
}

/** Who the caller is, as far as seeing sets goes. */
export interface SetViewer {
  id: number;
  producerId: number | null;
}

/** A sub-series as a set names it and the suggestion rule reads it. */
export interface SubSeriesFacts extends SetMember {
  producerId: number;
  segmentId: number;
  bodyType: number;
}

export type SetWriteOutcome = { id: number } | 'name-taken' | 'too-many';

/**
 * A set whose owner gets its monthly deck (decision 299): the owner as 竞品监控 reads for them (their producer and
 * brand), and the producer the deck is listed under — the owner's, else the maker of the set's first 本品.
 */
export interface DeckSet {
  id: number;
  name: string;
  owner: SetViewer & { brandId: number | null };
  producerId: number | null;
}

const SET_COLUMNS = `c.id, c.name, c.own_ids AS "ownIds", c.rival_ids AS "rivalIds",
  to_char(c.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "updateTime",
  c.owner_id AS "ownerId", o.account AS "ownerAccount", o.nickname AS "ownerNickname",
  c.share_producer_id IS NOT NULL AS "sharedWithProducer",
  (SELECT p.name FROM producer p WHERE p.id = c.share_producer_id) AS "sharedProducerName"`;

/** The sets a viewer may read: their own, and those an enabled owner shared with the viewer's producer. */
const visibleTo = (viewer: string, producer: string): string => `(c.owner_id = ${viewer} OR (o.enabled AND c.share_producer_id = ${producer}))`;
/** The rule for one viewer: $1 the viewer, $2 their producer. */
const VISIBLE = visibleTo('$1', '$2::int');

/** One owner's inserts are serialised, so two saves at once cannot pass the limit together. */
const OWNER_LOCK = `SELECT pg_advisory_xact_lock(hashtext('competitor_set.owner'), $1)`;

/** A unique-key violation (the owner already has a set of the name). */
const isNameClash = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/** competitor_set (migration 1763700000048), and the sub-series facts its members and suggestions need. */
@Injectable()
export class CompetitorSetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The owner's sets, most recently changed first. */
  owned(ownerId: number): Promise<SetRow[]> {
    return this.dataSource.query(
      `SELECT ${SET_COLUMNS} FROM competitor_set c JOIN app_user o ON o.id = c.owner_id
       WHERE c.owner_id = $1 ORDER BY c.updated_at DESC, c.id DESC`,
      [ownerId],
    );
  }

  /** Sets colleagues share with the viewer's producer, most recently changed first. */
  sharedWith(viewer: SetViewer): Promise<SetRow[]> {
    return this.dataSource.query(
      `SELECT ${SET_COLUMNS} FROM competitor_set c JOIN app_user o ON o.id = c.owner_id
       WHERE c.owner_id <> $1 AND ${VISIBLE} ORDER BY c.updated_at DESC, c.id DESC`,
      [viewer.id, viewer.producerId],
    );
  }

  /** A set the viewer may read, or null (none, or not theirs to see). */
  async visible(viewer: SetViewer, id: number): Promise<SetRow | null> {
    const rows: SetRow[] = await this.dataSource.query(
      `SELECT ${SET_COLUMNS} FROM competitor_set c JOIN app_user o ON o.id = c.owner_id WHERE c.id = $3 AND ${VISIBLE}`,
      [viewer.id, viewer.producerId, id],
    );
    return rows[0] ?? null;
  }

  /** Which of these viewers may read set `id` (the rule of `visible`), by user id, in one read. */
  async readers(id: number, viewers: readonly SetViewer[]): Promise<Set<number>> {
    if (viewers.length === 0) return new Set();
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT v.id FROM competitor_set c JOIN app_user o ON o.id = c.owner_id, unnest($2::int[], $3::int[]) AS v(id, producer_id)
       WHERE c.id = $1 AND ${visibleTo('v.id', 'v.producer_id')}`,
      [id, viewers.map((v) => v.id), viewers.map((v) => v.producerId)],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** A new set of the owner's, unless the name is taken or the owner already keeps `limit` sets. */
  insert(ownerId: number, set: { name: string; own: readonly number[]; rivals: readonly number[] }, limit: number): Promise<SetWriteOutcome> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(OWNER_LOCK, [ownerId]);
      const [{ count }] = await manager.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM competitor_set WHERE owner_id = $1`, [ownerId]);
      if (count >= limit) return 'too-many';
      const rows = await manager.query<Array<{ id: number }>>(
        `INSERT INTO competitor_set (owner_id, name, own_ids, rival_ids) VALUES ($1, $2, $3::int[], $4::int[])
         ON CONFLICT (owner_id, name) DO NOTHING RETURNING id`,
        [ownerId, set.name, set.own, set.rivals],
      );
      return rows[0] ?? 'name-taken';
    });
  }

  /** Replaces an owner's set's name and members: 'missing' when it is not theirs, 'name-taken' when another of theirs has the name. */
  async update(
    ownerId: number,
    id: number,
    set: { name: string; own: readonly number[]; rivals: readonly number[] },
  ): Promise<'updated' | 'missing' | 'name-taken'> {
    try {
      const [, affected] = await this.dataSource.query<[unknown[], number]>(
        `UPDATE competitor_set SET name = $3, own_ids = $4::int[], rival_ids = $5::int[], updated_at = now() WHERE id = $2 AND owner_id = $1`,
        [ownerId, id, set.name, set.own, set.rivals],
      );
      return affected === 0 ? 'missing' : 'updated';
    } catch (error) {
      if (isNameClash(error)) return 'name-taken';
      throw error;
    }
  }

  /** Deletes an owner's set; how many rows went (0: not theirs). */
  async remove(ownerId: number, id: number): Promise<number> {
    // TypeORM answers a DELETE on PostgreSQL with [rows, affected].
    const [, affected] = await this.dataSource.query<[unknown[], number]>(`DELETE FROM competitor_set WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    return affected;
  }

  /** Shares an owner's set with everyone of `producerId` (null: no one); false when the set is not theirs. */
  async share(ownerId: number, id: number, producerId: number | null): Promise<boolean> {
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE competitor_set SET share_producer_id = $3, updated_at = now() WHERE id = $1 AND owner_id = $2`,
      [id, ownerId, producerId],
    );
    return affected > 0;
  }

  /** The sub-series of these ids that exist, with their maker, segment and body type. */
  subSeries(ids: readonly number[]): Promise<SubSeriesFacts[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT s.id, s.name, p.name AS "producerName", s.producer_id AS "producerId", s.segment_id AS "segmentId", s.body_type AS "bodyType"
       FROM sub_series s JOIN producer p ON p.id = s.producer_id WHERE s.id = ANY($1::int[])`,
      [ids],
    );
  }

  /** The sets of enabled owners (these, or all), by id, to write their monthly decks. */
  deckSets(ids?: readonly number[]): Promise<DeckSet[]> {
    return this.dataSource.query(
      `SELECT c.id, c.name, json_build_object('id', o.id, 'producerId', o.producer_id, 'brandId', o.brand_id) AS owner,
              coalesce(o.producer_id, (SELECT s.producer_id FROM sub_series s WHERE s.id = c.own_ids[1])) AS "producerId"
       FROM competitor_set c JOIN app_user o ON o.id = c.owner_id
       WHERE o.enabled AND ($1::int[] IS NULL OR c.id = ANY($1::int[])) ORDER BY c.id`,
      [ids ?? null],
    );
  }
}

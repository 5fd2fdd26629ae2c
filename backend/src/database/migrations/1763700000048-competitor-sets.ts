import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 竞品组 (issue 49 §1, decision 296): a user's competitor sets, a name unique per owner, the 本品 and rival
 * sub-series in the order the owner gave them, and the producer whose colleagues all see it read-only when the owner
 * shares it (the owner's producer at the time, as a shared view's, decision 260). Operational: no data change
 * notifies the answer cache. A user's sets go with the user; a sub-series is never deleted while a set names it
 * (the catalogue keeps its sub-series), so members are checked when written, not by a key.
 */
export class CompetitorSets1763700000048 implements MigrationInterface {
  name = 'CompetitorSets1763700000048';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE competitor_set (
        id serial PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        name varchar(40) NOT NULL,
        own_ids integer[] NOT NULL CHECK (cardinality(own_ids) BETWEEN 1 AND 16),
        rival_ids integer[] NOT NULL CHECK (cardinality(rival_ids) <= 15),
        share_producer_id integer REFERENCES producer (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT competitor_set_owner_name_key UNIQUE (owner_id, name),
        CONSTRAINT competitor_set_members CHECK (cardinality(own_ids) + cardinality(rival_ids) <= 16)
      );
      CREATE INDEX competitor_set_owner_idx ON competitor_set (owner_id, updated_at DESC);
      CREATE INDEX competitor_set_producer_idx ON competitor_set (share_producer_id) WHERE share_producer_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE competitor_set`);
  }
}

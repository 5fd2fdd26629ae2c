import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 我的视图 (issue 30 §1, decisions 187-189): a user's saved views (an analysis page's path and query string
 * under a name unique per owner) and whom each is shared with: named colleagues (saved_view_share) and/or
 * everyone of the owner's producer (share_producer). Operational tables: no data change notifies the answer
 * cache. A user's views go with the user.
 */
export class SavedViews1763700000035 implements MigrationInterface {
  name = 'SavedViews1763700000035';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_view (
        id serial PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        name varchar(40) NOT NULL,
        path varchar(100) NOT NULL,
        query varchar(2000) NOT NULL DEFAULT '',
        share_producer boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT saved_view_owner_name_key UNIQUE (owner_id, name)
      );
      CREATE INDEX saved_view_owner_idx ON saved_view (owner_id, updated_at DESC);
      CREATE INDEX saved_view_producer_idx ON saved_view (owner_id) WHERE share_producer;
      CREATE TABLE saved_view_share (
        view_id integer NOT NULL REFERENCES saved_view (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        PRIMARY KEY (view_id, user_id)
      );
      CREATE INDEX saved_view_share_user_idx ON saved_view_share (user_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_view_share; DROP TABLE saved_view;`);
  }
}

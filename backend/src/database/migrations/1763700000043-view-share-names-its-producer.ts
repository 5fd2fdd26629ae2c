import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A view shared with "本厂商全部同事" names the producer it was shared with (issue 44 §4, decision 260): the
 * boolean `saved_view.share_producer` becomes `share_producer_id`, the owner's producer when the share is made, so
 * an owner moved to another producer takes the share neither away from the first producer's colleagues nor to the
 * second's. Existing shares name the owner's producer of today (the only one they can have meant); a share of an
 * owner with no producer (none can be made) is dropped. A producer deleted takes its shares with it.
 */
export class ViewShareNamesItsProducer1763700000043 implements MigrationInterface {
  name = 'ViewShareNamesItsProducer1763700000043';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE saved_view ADD COLUMN share_producer_id integer REFERENCES producer (id) ON DELETE SET NULL`);
    await q.query(`UPDATE saved_view v SET share_producer_id = o.producer_id FROM app_user o WHERE o.id = v.owner_id AND v.share_producer`);
    await q.query(`DROP INDEX saved_view_producer_idx`);
    await q.query(`ALTER TABLE saved_view DROP COLUMN share_producer`);
    await q.query(`CREATE INDEX saved_view_producer_idx ON saved_view (share_producer_id) WHERE share_producer_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE saved_view ADD COLUMN share_producer boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE saved_view SET share_producer = true WHERE share_producer_id IS NOT NULL`);
    await q.query(`DROP INDEX saved_view_producer_idx`);
    await q.query(`ALTER TABLE saved_view DROP COLUMN share_producer_id`);
    await q.query(`CREATE INDEX saved_view_producer_idx ON saved_view (owner_id) WHERE share_producer`);
  }
}

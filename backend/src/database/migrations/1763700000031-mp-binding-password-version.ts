import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A binding remembers the password version of its user when it was made (decision 139): an administrator's
 * 吊销会话, 停用 or 重置密码, or the owner's change of password, bumps the user's version, and the binding then
 * opens no session until its owner binds again with the password. Existing bindings hold as they are.
 */
export class MpBindingPasswordVersion1763700000031 implements MigrationInterface {
  name = 'MpBindingPasswordVersion1763700000031';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mp_binding ADD COLUMN password_version timestamptz`);
    await q.query(`UPDATE mp_binding b SET password_version = u.password_changed_at FROM app_user u WHERE u.id = b.user_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mp_binding DROP COLUMN password_version`);
  }
}

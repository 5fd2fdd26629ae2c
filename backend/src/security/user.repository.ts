import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccessChanges } from './access-changes';

/** A user as the security rules see them; the hash never leaves the security module. */
export interface UserRecord {
  id: number;
  account: string;
  nickname: string;
  roleId: number;
  /** The role's code: 'admin' or 'analyst'. */
  role: string;
  producerId: number | null;
  brandId: number | null;
  enabled: boolean;
  passwordChangedAt: Date;
  /** An administrator set the password (new account, reset): the API answers only PASSWORD_CHANGE_CALLS until it is changed. */
  mustChangePassword: boolean;
}

export interface UserCredentials extends UserRecord {
  passwordHash: string;
}

/** The user a token names, and whether that token's id has been revoked. */
export interface SessionRecord extends UserRecord {
  tokenRevoked: boolean;
}

const USER_COLUMNS = `
  u.id, u.account, u.nickname, u.role_id AS "roleId", r.code AS role, u.producer_id AS "producerId",
  u.brand_id AS "brandId", u.enabled, u.password_changed_at AS "passwordChangedAt", u.must_change_password AS "mustChangePassword"`;

@Injectable()
export class UserRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessChanges,
  ) {}

  async findCredentialsByAccount(account: string): Promise<UserCredentials | null> {
    const rows: UserCredentials[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, u.password_hash AS "passwordHash"
       FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.account = $1`,
      [account],
    );
    return rows[0] ?? null;
  }

  async findCredentialsById(id: number): Promise<UserCredentials | null> {
    const rows: UserCredentials[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, u.password_hash AS "passwordHash"
       FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One round trip per authenticated call: the user and the token's revocation together. */
  async findSession(userId: number, tokenId: string): Promise<SessionRecord | null> {
    const rows: SessionRecord[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, EXISTS (SELECT 1 FROM revoked_token t WHERE t.jti = $2) AS "tokenRevoked"
       FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`,
      [userId, tokenId],
    );
    return rows[0] ?? null;
  }

  /** The user's own change: it also ends the duty to change a password an administrator set. */
  async updatePassword(id: number, passwordHash: string, changedAt: Date): Promise<void> {
    await this.dataSource.query(`UPDATE app_user SET password_hash = $2, password_changed_at = $3, must_change_password = false WHERE id = $1`, [
      id,
      passwordHash,
      changedAt,
    ]);
    this.access.changedHere();
  }
}

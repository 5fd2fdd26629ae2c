import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccessChanges } from './access-changes';

@Injectable()
export class RevokedTokenRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessChanges,
  ) {}

  async revoke(tokenId: string, userId: number, expiresAt: Date): Promise<void> {
    await this.dataSource.query(`INSERT INTO revoked_token (jti, user_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING`, [
      tokenId,
      userId,
      expiresAt,
    ]);
    this.access.changedHere();
  }

  /** A revoked token past its expiry is refused as expired anyway; its row can go. */
  async deleteExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM revoked_token WHERE expires_at < now()`);
  }
}

import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A token ended before its expiry (logout). Kept until it would have expired anyway, then pruned. */
@Entity('revoked_token')
export class RevokedToken {
  @PrimaryColumn({ type: 'uuid' }) jti: string;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
}

export type LoginOutcome = 'success' | 'failure' | 'throttled';

/** One sign-in attempt (or password check on change); failures in the last 15 minutes drive the throttle. */
@Entity('login_attempt')
export class LoginAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'varchar', length: 64 }) account: string;
  @Column({ type: 'varchar', length: 64 }) address: string;
  @Column({ type: 'varchar', length: 16 }) outcome: LoginOutcome;
  @Column({ type: 'timestamptz' }) at: Date;
}

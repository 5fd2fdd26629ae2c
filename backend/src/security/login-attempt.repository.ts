import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LoginOutcome } from '../database/entities';

export interface RecordedAttempt {
  id: string;
  outcome: LoginOutcome;
}

@Injectable()
export class LoginAttemptRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Counts the failures of the last `windowSeconds` (database clock, the one `at` is written with) for the account or the address and, in the same statement,
   * records this attempt: as refused ('throttled') when there are `limit` or more, otherwise as a
   * failure until the password proves right. Recording before the password check keeps a burst of
   * parallel guesses from all slipping through one window.
   */
  async recordAttempt(account: string, address: string, windowSeconds: number, limit: number): Promise<RecordedAttempt> {
    const rows: RecordedAttempt[] = await this.dataSource.query(
      `WITH recent AS (
         SELECT count(*) AS failures FROM (
           SELECT id FROM login_attempt WHERE outcome = 'failure' AND account = $1 AND at > now() - make_interval(secs => $3)
           UNION
           SELECT id FROM login_attempt WHERE outcome = 'failure' AND address = $2 AND at > now() - make_interval(secs => $3)
         ) f
       )
       INSERT INTO login_attempt (account, address, outcome)
       SELECT $1, $2, CASE WHEN failures >= $4 THEN 'throttled' ELSE 'failure' END FROM recent
       RETURNING id::text AS id, outcome`,
      [account, address, windowSeconds, limit],
    );
    return rows[0];
  }

  async markSucceeded(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE login_attempt SET outcome = 'success' WHERE id = $1`, [id]);
  }

  async deleteOlderThan(days: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempt WHERE at < now() - make_interval(days => $1)`, [days]);
  }
}

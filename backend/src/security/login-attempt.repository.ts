import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Failures within the window: for the account from this address, from this address (any account), for the account (any address). */
export interface RecentFailures {
  pair: number;
  address: number;
  account: number;
}

/** Advisory lock classes (pg_advisory_xact_lock(class, hashtext(key))): one account's, one address's attempts in turn. */
const ACCOUNT_LOCK = 10_101;
const ADDRESS_LOCK = 10_102;

@Injectable()
export class LoginAttemptRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Counts the failures of the last `windowSeconds` (database clock, the one `at` is written with) and
   * records this attempt: refused ('throttled') when `refuse` says so, otherwise a failure until the
   * password proves right. Recording before the password check, under a lock per account and per
   * address taken in that order, counts a burst of parallel guesses one by one.
   */
  async recordAttempt(
    account: string,
    address: string,
    windowSeconds: number,
    refuse: (failures: RecentFailures) => boolean,
  ): Promise<{ id: string; refused: boolean; failures: RecentFailures }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ACCOUNT_LOCK, account]);
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADDRESS_LOCK, address]);
      const [failures]: RecentFailures[] = await manager.query(
        `SELECT count(*) FILTER (WHERE account = $1 AND address = $2)::int AS pair,
                count(*) FILTER (WHERE address = $2)::int AS address,
                count(*) FILTER (WHERE account = $1)::int AS account
         FROM login_attempt
         WHERE outcome = 'failure' AND at > now() - make_interval(secs => $3) AND (account = $1 OR address = $2)`,
        [account, address, windowSeconds],
      );
      const refused = refuse(failures);
      const [row]: Array<{ id: string }> = await manager.query(
        `INSERT INTO login_attempt (account, address, outcome) VALUES ($1, $2, $3) RETURNING id::text AS id`,
        [account, address, refused ? 'throttled' : 'failure'],
      );
      return { id: row.id, refused, failures };
    });
  }

  async markSucceeded(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE login_attempt SET outcome = 'success' WHERE id = $1`, [id]);
  }

  async deleteOlderThan(days: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempt WHERE at < now() - make_interval(days => $1)`, [days]);
  }
}

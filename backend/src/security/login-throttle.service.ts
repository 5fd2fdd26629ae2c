import { Injectable } from '@nestjs/common';
import { ApiCode, ApiException } from '../common/api-codes';
import { LoginAttemptRepository } from './login-attempt.repository';
import { SecurityEvents } from './security-events';

/** Failed password checks allowed per account and per address within the window. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Attempts are kept this long for the record, then pruned. */
const ATTEMPT_RETENTION_DAYS = 30;

export const THROTTLED_MSG = '登录失败次数过多，请15分钟后再试';

/** A password check under way; it counts as a failure unless `passed` is called. */
export interface PasswordAttempt {
  id: string;
  account: string;
  address: string;
}

/**
 * Brute-force protection for every password check (sign-in and change of password): after 5 failures
 * for one account or one address within 15 minutes, further checks are refused with 429 until the
 * oldest failure leaves the window. Refusals do not count as failures, so waiting always helps, and a
 * success does not erase failures, so the owner signing in cannot reset an attacker's window.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly attempts: LoginAttemptRepository,
    private readonly events: SecurityEvents,
  ) {}

  /** Records the attempt, or refuses it with 429 when the account or the address is over the limit. */
  async begin(account: string, address: string, userId?: number): Promise<PasswordAttempt> {
    const key = account.toLowerCase().slice(0, 64);
    const recorded = await this.attempts.recordAttempt(key, address, FAILURE_WINDOW_SECONDS, MAX_FAILURES);
    if (recorded.outcome === 'throttled') {
      this.events.record({ event: 'login.throttled', userId, account, address });
      throw new ApiException(ApiCode.TooManyRequests, THROTTLED_MSG);
    }
    return { id: recorded.id, account: key, address };
  }

  async passed(attempt: PasswordAttempt): Promise<void> {
    await this.attempts.markSucceeded(attempt.id);
    await this.attempts.deleteOlderThan(ATTEMPT_RETENTION_DAYS);
  }
}

import { Injectable } from '@nestjs/common';
import { ApiCode, ApiException } from '../common/api-codes';
import { throttleKey } from './ip-address';
import { LoginAttemptRepository, type RecentFailures } from './login-attempt.repository';
import { SecurityEvents } from './security-events';

/**
 * The limits, all over a sliding 15-minute window of failed password checks (decision 47):
 * - pair: failures for one account from one address (an IPv6 /64 counts as one) — a typist or a guesser
 *   at one account is stopped without touching anyone else;
 * - address: failures from one address whatever the account — credential stuffing from one source, loose
 *   enough that one office behind a NAT is not locked out by a few people's typos;
 * - account: failures for one account from any addresses — a distributed guesser; from here the account
 *   refuses only addresses that have failed within the window themselves, so its owner, signing in from
 *   an address with no recent failures, always gets in, while each attacking address gets one guess.
 */
export const THROTTLE_POLICY = {
  windowSeconds: 15 * 60,
  pairFailures: 5,
  addressFailures: 20,
  accountFailures: 10,
} as const;

export type ThrottleRule = 'pair' | 'address' | 'account';

/** Attempts are kept this long for the record, then pruned. */
const ATTEMPT_RETENTION_DAYS = 30;

export const THROTTLED_MSG = '登录失败次数过多，请15分钟后再试';

/** Which limit refuses an attempt with these failures behind it, or null when none does. */
export function throttleRule(failures: RecentFailures, policy: typeof THROTTLE_POLICY = THROTTLE_POLICY): ThrottleRule | null {
  if (failures.pair >= policy.pairFailures) return 'pair';
  if (failures.address >= policy.addressFailures) return 'address';
  if (failures.account >= policy.accountFailures && failures.address > 0) return 'account';
  return null;
}

/** A password check under way; it counts as a failure unless `passed` is called. */
export interface PasswordAttempt {
  id: string;
  account: string;
  address: string;
}

/**
 * Brute-force protection for every password check (sign-in and change of password), by the limits of
 * THROTTLE_POLICY. A refused attempt answers 429 and is not a failure, so waiting always helps; a correct
 * password does not erase failures, so the owner signing in cannot reset an attacker's window.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly attempts: LoginAttemptRepository,
    private readonly events: SecurityEvents,
  ) {}

  /** Records the attempt, or refuses it with 429 when a limit applies. */
  async begin(account: string, address: string, userId?: number): Promise<PasswordAttempt> {
    const key = account.toLowerCase().slice(0, 64);
    const addressKey = throttleKey(address);
    const recorded = await this.attempts.recordAttempt(key, addressKey, THROTTLE_POLICY.windowSeconds, (failures) => throttleRule(failures) !== null);
    if (recorded.refused) {
      await this.events.record({ event: 'login.throttled', reason: throttleRule(recorded.failures) ?? undefined, userId, account, address });
      throw new ApiException(ApiCode.TooManyRequests, THROTTLED_MSG);
    }
    return { id: recorded.id, account: key, address: addressKey };
  }

  async passed(attempt: PasswordAttempt): Promise<void> {
    await this.attempts.markSucceeded(attempt.id);
    await this.attempts.deleteOlderThan(ATTEMPT_RETENTION_DAYS);
  }
}

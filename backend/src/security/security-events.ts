import { Injectable, Logger } from '@nestjs/common';

export type SecurityEventName =
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'logout'
  | 'password.changed'
  | 'password.change_refused'
  | 'token.refused'
  | 'access.refused'
  | 'cross_site.refused';

export interface SecurityEvent {
  event: SecurityEventName;
  address: string;
  userId?: number;
  account?: string;
  /** Why a token or a call was refused: missing, invalid, expired, revoked, not-admin, page /x/y. */
  reason?: string;
  path?: string;
}

const WARNINGS: ReadonlySet<SecurityEventName> = new Set(['login.failure', 'login.throttled', 'password.change_refused', 'token.refused', 'access.refused', 'cross_site.refused']);

/**
 * The security audit trail: one structured log line per event, {event, userId, account, address, at}.
 * Callers pass only these fields, so a password or a token cannot end up in a log.
 */
@Injectable()
export class SecurityEvents {
  private readonly logger = new Logger('Security');

  record(event: SecurityEvent): void {
    const line = { ...event, at: new Date().toISOString() };
    if (WARNINGS.has(event.event)) this.logger.warn(line);
    else this.logger.log(line);
  }
}

import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { SecurityEventName } from '@car/contracts';
import { SecurityEventRepository, type SecurityEventRow } from './security-event.repository';

export type { SecurityEventName } from '@car/contracts';

export type SecurityEvent = SecurityEventRow;

const WARNINGS: ReadonlySet<SecurityEventName> = new Set([
  'login.failure',
  'login.throttled',
  'password.change_refused',
  'token.refused',
  'access.refused',
  'cross_site.refused',
]);

/**
 * The security audit trail: one structured log line per event, {event, userId, account, address, at},
 * and a row in security_event for the 安全日志 page (decision 82). Callers pass only these fields, so a
 * password or a token cannot end up in a log or a row. A call without any token is logged only: it names
 * no one, and anyone can make as many as they like. The row is written after the log line; a failed
 * insert is logged and never fails the call that recorded it (a sign-in must not break on its audit).
 */
@Injectable()
export class SecurityEvents implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Security');
  /** Rows not yet written (refusals are recorded without holding their answer): the app waits for them before closing the database. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly repository: SecurityEventRepository) {}

  /** Resolves when the row is written or its failure logged; never rejects, so callers may leave it unawaited. */
  record(event: SecurityEvent): Promise<void> {
    const line = { ...event, at: new Date().toISOString() };
    if (WARNINGS.has(event.event)) this.logger.warn(line);
    else this.logger.log(line);
    if (event.event === 'token.refused' && event.reason === 'missing') return Promise.resolve();
    const write = this.repository
      .insert(event)
      .catch((error: unknown) => {
        this.logger.error({ message: 'security event not stored', event: event.event, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
    return write;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}

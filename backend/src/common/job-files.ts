import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import type { SessionUser } from '../security/session-user';
import { ApiException } from './api-codes';

/** How often expired files are looked for. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * A job record of one user's (an export, a report bundle): anyone else's, like a missing one, is a 404
 * with the caller's message, so an id cannot be probed for another user's work.
 */
export function ownedBy<T extends { userId: number | null }>(record: T | null | undefined, user: SessionUser, missing: string): T {
  if (!record || record.userId !== user.id) throw ApiException.notFound(missing);
  return record;
}

/**
 * The files finished jobs leave in one folder, kept for a number of hours: every hour `expire` marks the
 * records whose time has passed and names their files, which are then deleted.
 */
export class ExpiringFiles {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly what: string,
    private readonly dir: string,
    private readonly expire: () => Promise<string[]>,
    private readonly logger: Logger,
  ) {}

  /** Deletes the expired files now; how many there were. */
  async removeExpired(): Promise<number> {
    const names = await this.expire();
    for (const name of names) await fs.promises.rm(path.join(this.dir, path.basename(name)), { force: true });
    return names.length;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.removeExpired().catch((error: unknown) => this.logger.warn(`cleanup of expired ${this.what} failed: ${String(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import type { SessionUser } from '../security/session-user';
import { ApiException } from './api-codes';
import { HourlySweep, type SweepGate } from './hourly-sweep';

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
 * records whose time has passed and names their files, which are then deleted; with a gate, only in the
 * instance that runs the cluster's housekeeping (the folder is shared, decision 227).
 */
export class ExpiringFiles {
  private readonly sweep: HourlySweep;

  constructor(
    what: string,
    private readonly dir: string,
    private readonly expire: () => Promise<string[]>,
    logger: Logger,
    gate?: SweepGate,
  ) {
    this.sweep = new HourlySweep(`cleanup of expired ${what}`, () => this.removeExpired(), logger, gate);
  }

  /** Deletes the expired files now; how many there were. */
  async removeExpired(): Promise<number> {
    const names = await this.expire();
    for (const name of names) await fs.promises.rm(path.join(this.dir, path.basename(name)), { force: true });
    return names.length;
  }

  start(): void {
    this.sweep.start();
  }

  stop(): void {
    this.sweep.stop();
  }
}

import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SweepGate } from '../common/hourly-sweep';
import { AdvisoryLease } from '../database/advisory-lock';

/** The advisory lock the instance running the cluster's housekeeping holds. */
export const HOUSEKEEPING_LOCK = 'car:housekeeping';

/** What an instance logs when it takes the housekeeping, and when it finds another instance has it. */
export const HOUSEKEEPING_LOG = { leads: 'this instance runs the hourly housekeeping', follows: 'another instance runs the hourly housekeeping' } as const;

/**
 * Which app instance of a cluster runs the housekeeping (the hourly sweeps: expired export and bundle files,
 * job_run pruning, queueing the audit retention), decision 226. Each sweep asks `leads` before its work: the
 * first instance to ask takes a PostgreSQL advisory lease and keeps it while it lives; the others skip their
 * sweeps, and the first of them to sweep after the holder stops takes it over. One instance alone always leads.
 */
@Injectable()
export class Housekeeping implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Housekeeping');
  private readonly lease: AdvisoryLease;
  private leading: boolean | undefined;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.lease = new AdvisoryLease(dataSource, HOUSEKEEPING_LOCK);
  }

  /** The gate of the app's hourly sweeps: whether this instance runs the housekeeping now. */
  readonly leads: SweepGate = async () => {
    const leading = await this.lease.hold();
    if (leading !== this.leading) this.logger.log(`${leading ? HOUSEKEEPING_LOG.leads : HOUSEKEEPING_LOG.follows} (pid ${process.pid})`);
    this.leading = leading;
    return leading;
  };

  /** Before the database closes: the lease goes at once, so another instance's next sweep takes it. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.lease.release();
  }
}

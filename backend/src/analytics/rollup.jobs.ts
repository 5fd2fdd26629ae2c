import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { RollupRepository } from './rollup.repository';

@Injectable()
export class RollupJobs {
  private readonly logger = new Logger('Rollups');

  constructor(private readonly rollups: RollupRepository) {}

  /** Queued by an import when a month's facts change; the seed calls the repository directly. */
  @JobHandler(JobName.RebuildRollups)
  async rebuild(data: JobPayloads[JobName.RebuildRollups]): Promise<void> {
    const reports = await this.rollups.rebuild(data.months);
    this.logger.log({ event: 'rollups.rebuilt', months: data.months, tables: reports });
  }
}

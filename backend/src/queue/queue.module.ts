import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Housekeeping } from './housekeeping';
import { JobRegistry } from './job-registry';
import { BullJobQueue, InProcessJobQueue, JobQueue } from './job-queue';
import { JobRunRepository } from './job-run.repository';
import { JobRunner } from './job-runner';

/** What the monitor says of a job the app was running in-process when it stopped. */
export const INTERRUPTED_ERROR = '应用重启，任务中断';

@Global()
@Module({})
export class QueueModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    @Inject(JobQueue) private readonly queue: JobQueue,
    private readonly runs: JobRunRepository,
  ) {}

  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        Housekeeping,
        JobRegistry,
        JobRunRepository,
        JobRunner,
        {
          provide: JobQueue,
          inject: [APP_CONFIG, JobRunner],
          useFactory: (config: AppConfig, runner: JobRunner): JobQueue =>
            config.REDIS_URL ? new BullJobQueue(config.REDIS_URL, config.REDIS_PREFIX, runner) : new InProcessJobQueue(runner),
        },
      ],
      exports: [Housekeeping, JobQueue, JobRegistry, JobRunner, JobRunRepository],
    };
  }

  /**
   * In-process jobs die with the process: what it left waiting or active is failed now, before the modules'
   * bootstrap queues again what they keep durable records of (exports, bundles), which starts those afresh.
   */
  async onModuleInit(): Promise<void> {
    if (!(this.queue instanceof InProcessJobQueue)) return;
    const count = await this.runs.interrupted(INTERRUPTED_ERROR).catch(() => 0);
    if (count > 0) this.logger.log(`${count} job(s) were interrupted by the last stop`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/config';
import { JobRegistry } from './job-registry';
import { BullJobQueue, InProcessJobQueue, JobQueue } from './job-queue';

@Global()
@Module({})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(JobQueue) private readonly queue: JobQueue) {}

  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        JobRegistry,
        {
          provide: JobQueue,
          inject: [APP_CONFIG, JobRegistry],
          useFactory: (config: AppConfig, registry: JobRegistry): JobQueue =>
            config.REDIS_URL ? new BullJobQueue(config.REDIS_URL, config.REDIS_PREFIX) : new InProcessJobQueue(registry),
        },
      ],
      exports: [JobQueue, JobRegistry],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

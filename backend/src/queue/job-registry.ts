import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JOB_ABANDONED, JOB_HANDLER } from './job-handler.decorator';
import { JobName, JobPayloads } from './job-names';

type Handler = (data: unknown, progress: (percent: number) => Promise<void>) => Promise<unknown>;

/** Finds the @JobHandler methods at boot; one and only one per JobName, or the process does not start. */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, Handler>();
  private readonly abandoners = new Map<JobName, (data: unknown) => Promise<unknown>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = instance[methodName] as Handler;
        const abandons = this.reflector.get<JobName | undefined>(JOB_ABANDONED, method);
        if (abandons) {
          if (this.abandoners.has(abandons)) throw new Error(`job ${abandons} has two abandonment handlers`);
          this.abandoners.set(abandons, (instance[methodName] as (data: unknown) => Promise<unknown>).bind(instance));
        }
        const name = this.reflector.get<JobName | undefined>(JOB_HANDLER, method);
        if (!name) continue;
        if (this.handlers.has(name)) throw new Error(`job ${name} has two handlers`);
        this.handlers.set(name, method.bind(instance));
      }
    }
    const missing = Object.values(JobName).filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
  }

  async run<N extends JobName>(name: N, data: JobPayloads[N], progress: (percent: number) => Promise<void> = () => Promise.resolve()): Promise<unknown> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`unknown job ${name}`);
    return handler(data, progress);
  }

  /** Ends the record of a job the queue gave up (its @JobAbandoned method, if it has one). */
  async abandon<N extends JobName>(name: N, data: JobPayloads[N]): Promise<void> {
    await this.abandoners.get(name)?.(data);
  }

  isKnown(name: string): name is JobName {
    return this.handlers.has(name as JobName);
  }
}

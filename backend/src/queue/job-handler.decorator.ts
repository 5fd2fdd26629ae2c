import { SetMetadata } from '@nestjs/common';
import type { JobName } from './job-names';

export const JOB_HANDLER = 'car:job-handler';

/** Marks a provider method as the processor of one job; JobRegistry finds it at boot. */
export const JobHandler = (name: JobName): MethodDecorator => SetMetadata(JOB_HANDLER, name);

export const JOB_ABANDONED = 'car:job-abandoned';

/**
 * Marks a provider method as what ends a job's own record once the queue gave the job up without running it
 * to an end (its process died while running it, twice: BullMQ's stalled-job limit). Optional per job.
 */
export const JobAbandoned = (name: JobName): MethodDecorator => SetMetadata(JOB_ABANDONED, name);

import { SetMetadata } from '@nestjs/common';
import type { JobName } from './job-names';

export const JOB_HANDLER = 'car:job-handler';

/** Marks a provider method as the processor of one job; JobRegistry finds it at boot. */
export const JobHandler = (name: JobName): MethodDecorator => SetMetadata(JOB_HANDLER, name);

import { Module } from '@nestjs/common';
import { SecurityEventRepository } from '../security/security-event.repository';
import { SecurityEvents } from '../security/security-events';
import { RobotResolver } from './robot-url';
import { RobotsJobs } from './robots.jobs';
import { RobotsRepository } from './robots.repository';
import { RobotsService } from './robots.service';

/**
 * Robot deliveries, in the app (no Redis) and in the worker alike (CoreModule): the send job, and RobotsService
 * whose `deliver` the subscriptions' job calls wherever it runs.
 */
@Module({
  providers: [RobotsJobs, RobotsRepository, RobotsService, RobotResolver, SecurityEvents, SecurityEventRepository],
  exports: [RobotsService, RobotsRepository, RobotResolver],
})
export class RobotsJobsModule {}

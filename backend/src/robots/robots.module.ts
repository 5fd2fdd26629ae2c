import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { RobotsAdminController, RobotsController } from './robots.controller';
import { RobotsAdminService } from './robots-admin.service';
import { RobotsJobsModule } from './robots-jobs.module';

/**
 * Team robots (docs/robots.md): the administrators' 群机器人 calls and the team's list. Delivery itself
 * (RobotsService.deliver and its job) is RobotsJobsModule's, which the app and the worker both load.
 */
@Module({
  imports: [SecurityModule, RobotsJobsModule],
  controllers: [RobotsAdminController, RobotsController],
  providers: [RobotsAdminService],
})
export class RobotsModule {}

import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { ViewsController } from './views.controller';
import { ViewsRepository } from './views.repository';
import { ViewsService } from './views.service';

/**
 * 我的视图 (views/…): saved and shared analysis-page addresses (docs/modules.md "我的视图", decisions 187-189).
 * The page guard's menus (PageAccessService) decide whether a view's page opens; the audit trail records the writes.
 */
@Module({
  imports: [SecurityModule],
  controllers: [ViewsController],
  providers: [ViewsService, ViewsRepository],
  exports: [ViewsService],
})
export class ViewsModule {}

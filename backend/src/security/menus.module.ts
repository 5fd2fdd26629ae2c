import { Module } from '@nestjs/common';
import { MenuRepository } from './menu.repository';

/**
 * The roles' menus as data: which pages a role may open. Apart from SecurityModule (the page guard, the menus call)
 * so that a job in the worker, which has no HTTP and no sessions, asks the same question (订阅与提醒, decision 208).
 */
@Module({
  providers: [MenuRepository],
  exports: [MenuRepository],
})
export class MenusModule {}

import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { DashboardDeckController } from './dashboard-deck.controller';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

/** 看板 (spec 001 §2.12): the month's market, new energy, brand types and top lists, over the analytics query layer. */
@Module({
  imports: [DeckModule],
  controllers: [DashboardController, DashboardDeckController],
  providers: [DashboardService, DashboardRepository],
  exports: [DashboardService],
})
export class DashboardModule {}

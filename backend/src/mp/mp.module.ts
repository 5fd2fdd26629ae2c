import { Module } from '@nestjs/common';
import { SaleVolumeDataModule } from '../saleVolume/sale-volume-data.module';
import { SecurityModule } from '../security/security.module';
import { MpController } from './mp.controller';
import { MpRepository } from './mp.repository';
import { MpService } from './mp.service';
import { MpSessionService } from './mp-session.service';

/** 移动端销量查询 (spec 001 §2.13): signed links, openId bindings, the mp session and the mp retail calls. */
@Module({
  imports: [SecurityModule, SaleVolumeDataModule],
  controllers: [MpController],
  providers: [MpService, MpRepository, MpSessionService],
  // The administrator's user page lists and removes bindings through MpService (admin/users).
  exports: [MpSessionService, MpService],
})
export class MpModule {}

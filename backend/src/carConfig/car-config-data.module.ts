import { Module } from '@nestjs/common';
import { CarConfigRepository } from './car-config.repository';

/**
 * The configuration sheet's storage without the calls: for the comparison (CarConfigModule) and for the
 * import that writes the sheet (DataImportJobsModule, in the app and the worker, which has no HTTP side).
 */
@Module({
  providers: [CarConfigRepository],
  exports: [CarConfigRepository],
})
export class CarConfigDataModule {}

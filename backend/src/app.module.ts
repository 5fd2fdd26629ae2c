import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { AlertsModule } from './alerts/alerts.module';
import { AttributionModule } from './attribution/attribution.module';
import { AnswersModule } from './answers/answers.module';
import { CarConfigModule } from './carConfig/car-config.module';
import { CompetitorSetsModule } from './competitorSets/competitor-sets.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { EnvelopeInterceptor } from './common/envelope.interceptor';
import { CoreModule, Runtime } from './core.module';
import { DataExportModule } from './dataExport/data-export.module';
import { DataImportModule } from './dataImport/data-import.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { MpModule } from './mp/mp.module';
import { HealthModule } from './health/health.module';
import { PriceVolumeModule } from './pricevolume/price-volume.module';
import { PriceModule } from './price/price.module';
import { ReportDownloadModule } from './reportDownload/report-download.module';
import { AreaMarketModule } from './saleVolume/area-market.module';
import { CompanyBrandModule } from './saleVolume/company-brand.module';
import { SaleVolumeModule } from './saleVolume/sale-volume.module';
import { RobotsModule } from './robots/robots.module';
import { SearchModule } from './search/search.module';
import { SecurityModule } from './security/security.module';
import { ViewsModule } from './views/views.module';

/** The HTTP application: every area module behind /car/api, one error filter, one envelope. */
@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(runtime, 'car-app'),
        AnswersModule,
        SecurityModule,
        HealthModule,
        SearchModule,
        SaleVolumeModule,
        AreaMarketModule,
        CompanyBrandModule,
        PriceVolumeModule,
        CarConfigModule,
        DataExportModule,
        DataImportModule,
        PriceModule,
        DashboardModule,
        ViewsModule,
        CompetitorSetsModule,
        AttributionModule,
        MpModule,
        ReportDownloadModule,
        AdminModule,
        RobotsModule,
        AlertsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
      ],
    };
  }
}

import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { COMPANY_BRAND, type ParamsOf, type ResultOf, type TendencyRow } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { CompanyBrandService } from './company-brand.service';
import { streamCarDetailsWorkbook } from './company-brand.workbook';
import { tableColumns } from './table-columns';
import { streamTableWorkbook, type TableColumn } from '../workbook/table-workbook';

@RequiresPage('/salevolume/companybrand')
@CachedAnswers()
@Controller()
export class CompanyBrandController {
  constructor(private readonly companyBrand: CompanyBrandService) {}

  @Get(COMPANY_BRAND.whole.path)
  whole(@Query(zodPipe(COMPANY_BRAND.whole.params)) q: ParamsOf<typeof COMPANY_BRAND.whole>): Promise<ResultOf<typeof COMPANY_BRAND.whole>> {
    return this.companyBrand.summary(q);
  }

  @Get(COMPANY_BRAND.list.path)
  list(@Query(zodPipe(COMPANY_BRAND.list.params)) q: ParamsOf<typeof COMPANY_BRAND.list>): Promise<ResultOf<typeof COMPANY_BRAND.list>> {
    return this.companyBrand.list(q);
  }

  @Get(COMPANY_BRAND.list2chart.path)
  list2chart(
    @Query(zodPipe(COMPANY_BRAND.list2chart.params)) q: ParamsOf<typeof COMPANY_BRAND.list2chart>,
  ): Promise<ResultOf<typeof COMPANY_BRAND.list2chart>> {
    return this.companyBrand.listChart(q);
  }

  @Get(COMPANY_BRAND.highCharts.path)
  highCharts(
    @Query(zodPipe(COMPANY_BRAND.highCharts.params)) q: ParamsOf<typeof COMPANY_BRAND.highCharts>,
  ): Promise<ResultOf<typeof COMPANY_BRAND.highCharts>> {
    return this.companyBrand.chart(q);
  }

  @Get(COMPANY_BRAND.carDetails.path)
  carDetails(
    @Query(zodPipe(COMPANY_BRAND.carDetails.params)) q: ParamsOf<typeof COMPANY_BRAND.carDetails>,
  ): Promise<ResultOf<typeof COMPANY_BRAND.carDetails>> {
    return this.companyBrand.carDetails(q);
  }

  @Get(COMPANY_BRAND.download.path)
  async download(@Query(zodPipe(COMPANY_BRAND.download.params)) q: ParamsOf<typeof COMPANY_BRAND.download>, @Res() res: Response): Promise<void> {
    const table = await this.companyBrand.listDownload(q);
    const columns: Array<TableColumn<TendencyRow>> = [
      { header: '排名', kind: 'count', width: 8, value: (r) => r.ranking },
      ...tableColumns(table.nameHeader, undefined, q.newYear),
    ];
    await streamTableWorkbook(res, table.fileName, `${table.nameHeader}排名`, columns, table.rows, table.asOf, { head: table.head });
  }

  @Get(COMPANY_BRAND.downloadCarDetails.path)
  async downloadCarDetails(
    @Query(zodPipe(COMPANY_BRAND.downloadCarDetails.params)) q: ParamsOf<typeof COMPANY_BRAND.downloadCarDetails>,
    @Res() res: Response,
  ): Promise<void> {
    const { details, fileName, asOf, head } = await this.companyBrand.carDetailsDownload(q);
    await streamCarDetailsWorkbook(res, fileName, details, asOf, head);
  }
}

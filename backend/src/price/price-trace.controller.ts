import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { streamPriceTableWorkbook } from './price-table.workbook';
import { PriceTraceService } from './price-trace.service';

@RequiresPage('/price/cabmodelpricetrace')
@CachedAnswers()
@Controller()
export class PriceTraceController {
  constructor(private readonly trace: PriceTraceService) {}

  @Get(PRICE.traceWhole.path)
  whole(@Query(zodPipe(PRICE.traceWhole.params)) q: ParamsOf<typeof PRICE.traceWhole>): Promise<ResultOf<typeof PRICE.traceWhole>> {
    return this.trace.whole(q);
  }

  @Get(PRICE.traceHighCharts.path)
  highCharts(@Query(zodPipe(PRICE.traceHighCharts.params)) q: ParamsOf<typeof PRICE.traceHighCharts>): Promise<ResultOf<typeof PRICE.traceHighCharts>> {
    return this.trace.chart(q);
  }

  @Get(PRICE.traceTpGap.path)
  tpGap(@Query(zodPipe(PRICE.traceTpGap.params)) q: ParamsOf<typeof PRICE.traceTpGap>): Promise<ResultOf<typeof PRICE.traceTpGap>> {
    return this.trace.tpGap(q);
  }

  @Get(PRICE.nationwide.path)
  nationwide(@Query(zodPipe(PRICE.nationwide.params)) q: ParamsOf<typeof PRICE.nationwide>): Promise<ResultOf<typeof PRICE.nationwide>> {
    return this.trace.nationwide(q);
  }

  @Get(PRICE.cityTable.path)
  async cityTable(@Query(zodPipe(PRICE.cityTable.params)) q: ParamsOf<typeof PRICE.cityTable>): Promise<ResultOf<typeof PRICE.cityTable>> {
    const { months, measure, rows } = await this.trace.cityTable(q);
    return { months, measure, rows };
  }

  @Get(PRICE.downloadCityTable.path)
  async downloadCityTable(@Query(zodPipe(PRICE.downloadCityTable.params)) q: ParamsOf<typeof PRICE.downloadCityTable>, @Res() res: Response): Promise<void> {
    const { table, asOf, head } = await this.trace.cityTableDownload(q);
    await streamPriceTableWorkbook(res, table.fileName, '区域', table, asOf, head);
  }
}

import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE_VOLUME, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { PriceQtyService } from './price-qty.service';
import { streamBandWorkbook } from './price-volume.workbook';

/** 车型价格段销量 (/pricevolume/cabmodelprice): the band chart, the detail table and its download. */
@RequiresPage('/pricevolume/cabmodelprice')
@CachedAnswers()
@Controller()
export class PriceQtyController {
  constructor(private readonly priceQty: PriceQtyService) {}

  @Get(PRICE_VOLUME.highCharts.path)
  highCharts(@Query(zodPipe(PRICE_VOLUME.highCharts.params)) q: ParamsOf<typeof PRICE_VOLUME.highCharts>): Promise<ResultOf<typeof PRICE_VOLUME.highCharts>> {
    return this.priceQty.chart(q);
  }

  @Get(PRICE_VOLUME.table.path)
  table(@Query(zodPipe(PRICE_VOLUME.table.params)) q: ParamsOf<typeof PRICE_VOLUME.table>): Promise<ResultOf<typeof PRICE_VOLUME.table>> {
    return this.priceQty.table(q);
  }

  @Get(PRICE_VOLUME.download.path)
  async download(@Query(zodPipe(PRICE_VOLUME.download.params)) q: ParamsOf<typeof PRICE_VOLUME.download>, @Res() res: Response): Promise<void> {
    const table = await this.priceQty.workbookRows(q);
    await streamBandWorkbook(res, table.rows, table.dimensionLabel, table.periods, q.data2, table.asOf, table.head);
  }
}

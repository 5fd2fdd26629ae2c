import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE_VOLUME, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { ModelPriceService } from './model-price.service';
import { streamProportionWorkbook } from './price-volume.workbook';

/** 价格维度分析 / 销量占比分析 (/pricevolume/pricedimension): the two bubble charts, the two tables and their downloads. */
@RequiresPage('/pricevolume/pricedimension')
@CachedAnswers()
@Controller()
export class ModelPriceController {
  constructor(private readonly modelPrice: ModelPriceService) {}

  @Get(PRICE_VOLUME.singleChart.path)
  singleChart(
    @Query(zodPipe(PRICE_VOLUME.singleChart.params)) q: ParamsOf<typeof PRICE_VOLUME.singleChart>,
  ): Promise<ResultOf<typeof PRICE_VOLUME.singleChart>> {
    return this.modelPrice.singleChart(q);
  }

  @Get(PRICE_VOLUME.compareCharts.path)
  compareCharts(
    @Query(zodPipe(PRICE_VOLUME.compareCharts.params)) q: ParamsOf<typeof PRICE_VOLUME.compareCharts>,
  ): Promise<ResultOf<typeof PRICE_VOLUME.compareCharts>> {
    return this.modelPrice.compareCharts(q);
  }

  @Get(PRICE_VOLUME.singleTable.path)
  singleTable(
    @Query(zodPipe(PRICE_VOLUME.singleTable.params)) q: ParamsOf<typeof PRICE_VOLUME.singleTable>,
  ): Promise<ResultOf<typeof PRICE_VOLUME.singleTable>> {
    return this.modelPrice.singleTable(q);
  }

  @Get(PRICE_VOLUME.compareTable.path)
  compareTable(
    @Query(zodPipe(PRICE_VOLUME.compareTable.params)) q: ParamsOf<typeof PRICE_VOLUME.compareTable>,
  ): Promise<ResultOf<typeof PRICE_VOLUME.compareTable>> {
    return this.modelPrice.compareTable(q);
  }

  @Get(PRICE_VOLUME.downloadSingleTable.path)
  async downloadSingleTable(
    @Query(zodPipe(PRICE_VOLUME.downloadSingleTable.params)) q: ParamsOf<typeof PRICE_VOLUME.downloadSingleTable>,
    @Res() res: Response,
  ): Promise<void> {
    const { table, asOf, head } = await this.modelPrice.tableDownload(q);
    await streamProportionWorkbook(res, table, q.data2, '销量占比分析', asOf, head);
  }

  @Get(PRICE_VOLUME.downloadCompareTable.path)
  async downloadCompareTable(
    @Query(zodPipe(PRICE_VOLUME.downloadCompareTable.params)) q: ParamsOf<typeof PRICE_VOLUME.downloadCompareTable>,
    @Res() res: Response,
  ): Promise<void> {
    const { table, asOf, head } = await this.modelPrice.tableDownload(q);
    await streamProportionWorkbook(res, table, q.data2, '车型对比', asOf, head);
  }
}

import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AREA_MARKET, type ParamsOf, type ResultOf, salesDimensionOfDownloadType } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { type AreaMarketTable, AreaMarketService } from './area-market.service';
import { SalesTable } from './sales-table.decorator';
import { streamRankingWorkbook } from './table-columns';

/** area: −1 or absent 全国, else a region id (level 1) or a province / city code (level 2 / 3). */
@RequiresPage('/salevolume/areamarket')
@CachedAnswers()
@Controller()
export class AreaMarketController {
  constructor(private readonly areaMarket: AreaMarketService) {}

  @Get(AREA_MARKET.whole.path)
  whole(@Query(zodPipe(AREA_MARKET.whole.params)) q: ParamsOf<typeof AREA_MARKET.whole>): Promise<ResultOf<typeof AREA_MARKET.whole>> {
    return this.areaMarket.summary(q);
  }

  @Get(AREA_MARKET.highCharts.path)
  highCharts(@Query(zodPipe(AREA_MARKET.highCharts.params)) q: ParamsOf<typeof AREA_MARKET.highCharts>): Promise<ResultOf<typeof AREA_MARKET.highCharts>> {
    return this.areaMarket.chart(q, q.timeDimensionality, q.count);
  }

  /** 细分市场, 系别 (one schema): the table the call names, by SALES_DIMENSIONS. */
  @Get([AREA_MARKET.detail.path, AREA_MARKET.series.path])
  table(
    @Query(zodPipe(AREA_MARKET.detail.params)) q: ParamsOf<typeof AREA_MARKET.detail>,
    @SalesTable() table: Exclude<AreaMarketTable, 'area'>,
  ): Promise<ResultOf<typeof AREA_MARKET.detail>> {
    return this.areaMarket.table(q, table, q);
  }

  /** 品牌, 厂商 (one schema, with the sort): ranked and paged in SQL. */
  @Get([AREA_MARKET.bound.path, AREA_MARKET.producer.path])
  ranking(
    @Query(zodPipe(AREA_MARKET.bound.params)) q: ParamsOf<typeof AREA_MARKET.bound>,
    @SalesTable() table: Exclude<AreaMarketTable, 'area'>,
  ): Promise<ResultOf<typeof AREA_MARKET.bound>> {
    return this.areaMarket.table(q, table, q);
  }

  @Get(AREA_MARKET.area.path)
  area(@Query(zodPipe(AREA_MARKET.area.params)) q: ParamsOf<typeof AREA_MARKET.area>): Promise<ResultOf<typeof AREA_MARKET.area>> {
    return this.areaMarket.tree(q);
  }

  @Get(AREA_MARKET.download.path)
  async download(@Query(zodPipe(AREA_MARKET.download.params)) q: ParamsOf<typeof AREA_MARKET.download>, @Res() res: Response): Promise<void> {
    const table = await this.areaMarket.download(q, salesDimensionOfDownloadType(q.type) as AreaMarketTable);
    await streamRankingWorkbook(res, table, q.newYear);
  }
}

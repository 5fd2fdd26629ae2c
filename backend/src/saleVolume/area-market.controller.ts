import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AREA_MARKET, type ParamsOf, type ResultOf, salesDimensionOfDownloadType } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { type AreaMarketTable, AreaMarketService } from './area-market.service';
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

  @Get(AREA_MARKET.detail.path)
  detail(@Query(zodPipe(AREA_MARKET.detail.params)) q: ParamsOf<typeof AREA_MARKET.detail>): Promise<ResultOf<typeof AREA_MARKET.detail>> {
    return this.areaMarket.table(q, 'segment', q);
  }

  @Get(AREA_MARKET.series.path)
  series(@Query(zodPipe(AREA_MARKET.series.params)) q: ParamsOf<typeof AREA_MARKET.series>): Promise<ResultOf<typeof AREA_MARKET.series>> {
    return this.areaMarket.table(q, 'family', q);
  }

  @Get(AREA_MARKET.bound.path)
  bound(@Query(zodPipe(AREA_MARKET.bound.params)) q: ParamsOf<typeof AREA_MARKET.bound>): Promise<ResultOf<typeof AREA_MARKET.bound>> {
    return this.areaMarket.table(q, 'brand', q);
  }

  @Get(AREA_MARKET.producer.path)
  producer(@Query(zodPipe(AREA_MARKET.producer.params)) q: ParamsOf<typeof AREA_MARKET.producer>): Promise<ResultOf<typeof AREA_MARKET.producer>> {
    return this.areaMarket.table(q, 'producer', q);
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

import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, type ResultOf, salesDimensionOfDownloadType, WHOLE_MARKET } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { streamRankingWorkbook } from './table-columns';
import { WholeMarketService } from './whole-market.service';

@RequiresPage('/salevolume/wholemarket')
@CachedAnswers()
@Controller()
export class WholeMarketController {
  constructor(private readonly wholeMarket: WholeMarketService) {}

  @Get(WHOLE_MARKET.whole.path)
  whole(@Query(zodPipe(WHOLE_MARKET.whole.params)) q: ParamsOf<typeof WHOLE_MARKET.whole>): Promise<ResultOf<typeof WHOLE_MARKET.whole>> {
    return this.wholeMarket.summary(q);
  }

  @Get(WHOLE_MARKET.highCharts.path)
  highCharts(@Query(zodPipe(WHOLE_MARKET.highCharts.params)) q: ParamsOf<typeof WHOLE_MARKET.highCharts>): Promise<ResultOf<typeof WHOLE_MARKET.highCharts>> {
    return this.wholeMarket.chart(q, q.timeDimensionality, q.count);
  }

  @Get(WHOLE_MARKET.detail.path)
  detail(@Query(zodPipe(WHOLE_MARKET.detail.params)) q: ParamsOf<typeof WHOLE_MARKET.detail>): Promise<ResultOf<typeof WHOLE_MARKET.detail>> {
    return this.wholeMarket.table(q, 'segment', q);
  }

  @Get(WHOLE_MARKET.series.path)
  series(@Query(zodPipe(WHOLE_MARKET.series.params)) q: ParamsOf<typeof WHOLE_MARKET.series>): Promise<ResultOf<typeof WHOLE_MARKET.series>> {
    return this.wholeMarket.table(q, 'family', q);
  }

  @Get(WHOLE_MARKET.bound.path)
  bound(@Query(zodPipe(WHOLE_MARKET.bound.params)) q: ParamsOf<typeof WHOLE_MARKET.bound>): Promise<ResultOf<typeof WHOLE_MARKET.bound>> {
    return this.wholeMarket.table(q, 'brand', q);
  }

  @Get(WHOLE_MARKET.producer.path)
  producer(@Query(zodPipe(WHOLE_MARKET.producer.params)) q: ParamsOf<typeof WHOLE_MARKET.producer>): Promise<ResultOf<typeof WHOLE_MARKET.producer>> {
    return this.wholeMarket.table(q, 'producer', q);
  }

  @Get(WHOLE_MARKET.modelSub.path)
  modelSub(@Query(zodPipe(WHOLE_MARKET.modelSub.params)) q: ParamsOf<typeof WHOLE_MARKET.modelSub>): Promise<ResultOf<typeof WHOLE_MARKET.modelSub>> {
    return this.wholeMarket.table(q, 'carSeries', q);
  }

  @Get(WHOLE_MARKET.area.path)
  area(@Query(zodPipe(WHOLE_MARKET.area.params)) q: ParamsOf<typeof WHOLE_MARKET.area>): Promise<ResultOf<typeof WHOLE_MARKET.area>> {
    return this.wholeMarket.table(q, 'area', q);
  }

  @Get(WHOLE_MARKET.download.path)
  async download(@Query(zodPipe(WHOLE_MARKET.download.params)) q: ParamsOf<typeof WHOLE_MARKET.download>, @Res() res: Response): Promise<void> {
    const table = await this.wholeMarket.download(q, salesDimensionOfDownloadType(q.type), q.dimensionality);
    await streamRankingWorkbook(res, table, q.newYear);
  }
}

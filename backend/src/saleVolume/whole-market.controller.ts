import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, type ResultOf, salesDimensionOfDownloadType, setFilterOf, WHOLE_MARKET } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { streamRankingWorkbook } from './table-columns';
import { SaleVolumeService } from './sale-volume.service';
import { SalesTable } from './sales-table.decorator';
import { type WholeMarketTable, WholeMarketService } from './whole-market.service';

@RequiresPage('/salevolume/wholemarket')
@CachedAnswers()
@Controller()
export class WholeMarketController {
  constructor(
    private readonly wholeMarket: WholeMarketService,
    private readonly sales: SaleVolumeService,
  ) {}

  @Get(WHOLE_MARKET.whole.path)
  whole(@Query(zodPipe(WHOLE_MARKET.whole.params)) q: ParamsOf<typeof WHOLE_MARKET.whole>): Promise<ResultOf<typeof WHOLE_MARKET.whole>> {
    return this.sales.summary(q);
  }

  @Get(WHOLE_MARKET.highCharts.path)
  highCharts(@Query(zodPipe(WHOLE_MARKET.highCharts.params)) q: ParamsOf<typeof WHOLE_MARKET.highCharts>): Promise<ResultOf<typeof WHOLE_MARKET.highCharts>> {
    return this.wholeMarket.chart(q, q.timeDimensionality, q.count);
  }

  /** 细分市场, 系别 (one schema): the table the call names, by SALES_DIMENSIONS. */
  @Get([WHOLE_MARKET.detail.path, WHOLE_MARKET.series.path])
  table(
    @Query(zodPipe(WHOLE_MARKET.detail.params)) q: ParamsOf<typeof WHOLE_MARKET.detail>,
    @SalesTable() table: WholeMarketTable,
  ): Promise<ResultOf<typeof WHOLE_MARKET.detail>> {
    return this.wholeMarket.table(q, table, q);
  }

  /** 车系: ranked and paged in SQL, or the members of a 竞品组 whole with their share and rank within it (decision 300). */
  @Get(WHOLE_MARKET.modelSub.path)
  subSeries(@Query(zodPipe(WHOLE_MARKET.modelSub.params)) q: ParamsOf<typeof WHOLE_MARKET.modelSub>): Promise<ResultOf<typeof WHOLE_MARKET.modelSub>> {
    return this.wholeMarket.table(q, 'carSeries', { ...q, set: setFilterOf(q) });
  }

  /** 品牌, 厂商 (one schema, with the sort): ranked and paged in SQL. */
  @Get([WHOLE_MARKET.bound.path, WHOLE_MARKET.producer.path])
  ranking(
    @Query(zodPipe(WHOLE_MARKET.bound.params)) q: ParamsOf<typeof WHOLE_MARKET.bound>,
    @SalesTable() table: WholeMarketTable,
  ): Promise<ResultOf<typeof WHOLE_MARKET.bound>> {
    return this.wholeMarket.table(q, table, q);
  }

  @Get(WHOLE_MARKET.area.path)
  area(
    @Query(zodPipe(WHOLE_MARKET.area.params)) q: ParamsOf<typeof WHOLE_MARKET.area>,
    @SalesTable() table: WholeMarketTable,
  ): Promise<ResultOf<typeof WHOLE_MARKET.area>> {
    return this.wholeMarket.table(q, table, q);
  }

  @Get(WHOLE_MARKET.download.path)
  async download(@Query(zodPipe(WHOLE_MARKET.download.params)) q: ParamsOf<typeof WHOLE_MARKET.download>, @Res() res: Response): Promise<void> {
    const table = await this.wholeMarket.download(q, salesDimensionOfDownloadType(q.type), q.dimensionality, setFilterOf(q));
    await streamRankingWorkbook(res, table, q.newYear);
  }
}

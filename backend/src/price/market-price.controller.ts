import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { MarketPriceService } from './market-price.service';
import { streamPriceTableWorkbook } from './price-table.workbook';

@RequiresPage('/price/marketpricetendency')
@CachedAnswers()
@Controller()
export class MarketPriceController {
  constructor(private readonly marketPrice: MarketPriceService) {}

  @Get(PRICE.whole.path)
  whole(@Query(zodPipe(PRICE.whole.params)) q: ParamsOf<typeof PRICE.whole>): Promise<ResultOf<typeof PRICE.whole>> {
    return this.marketPrice.whole(q);
  }

  @Get(PRICE.highCharts.path)
  highCharts(@Query(zodPipe(PRICE.highCharts.params)) q: ParamsOf<typeof PRICE.highCharts>): Promise<ResultOf<typeof PRICE.highCharts>> {
    return this.marketPrice.chart(q, (q.type ?? 0) as 0 | 1);
  }

  @Get(PRICE.detailTable.path)
  async detailTable(@Query(zodPipe(PRICE.detailTable.params)) q: ParamsOf<typeof PRICE.detailTable>): Promise<ResultOf<typeof PRICE.detailTable>> {
    const { months, measure, rows } = await this.marketPrice.table(q, tableDimension(q.type), tableMeasure(q.type2));
    return { months, measure, rows };
  }

  @Get(PRICE.downloadDetailTable.path)
  async downloadDetailTable(
    @Query(zodPipe(PRICE.downloadDetailTable.params)) q: ParamsOf<typeof PRICE.downloadDetailTable>,
    @Res() res: Response,
  ): Promise<void> {
    const { table, asOf, head } = await this.marketPrice.tableDownload(q, tableDimension(q.type), tableMeasure(q.type2));
    await streamPriceTableWorkbook(res, table.fileName, table.label, table, asOf, head);
  }

  @Get(PRICE.map.path)
  map(@Query(zodPipe(PRICE.map.params)) q: ParamsOf<typeof PRICE.map>): Promise<ResultOf<typeof PRICE.map>> {
    return this.marketPrice.map(q);
  }
}

const tableDimension = (type: number | undefined) => (type ?? 0) as 0 | 1 | 2;
const tableMeasure = (type2: number | undefined) => (type2 ?? 2) as 0 | 1 | 2;

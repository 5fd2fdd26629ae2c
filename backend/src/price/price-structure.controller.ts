import { Controller, Get, Query, Res, type Type } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE_STRUCTURE, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { PriceStructureService, type StructurePage } from './price-structure.service';
import { streamStructureWorkbook } from './price-structure.workbook';

type ChartQuery = ParamsOf<typeof PRICE_STRUCTURE.totalChart>;
type TableQuery = ParamsOf<typeof PRICE_STRUCTURE.totalTable>;
type Calls = { chart: typeof PRICE_STRUCTURE.totalChart; table: typeof PRICE_STRUCTURE.totalTable; download: typeof PRICE_STRUCTURE.totalDownload };

/**
 * The controller of one page of the pair: the same three calls under the page's own paths, each held
 * to that page's menu row by the page guard (decision 113).
 */
function structureController(pagePath: string, page: StructurePage, calls: Calls): Type<unknown> {
  @RequiresPage(pagePath)
  @CachedAnswers()
  @Controller()
  class StructureController {
    constructor(private readonly structure: PriceStructureService) {}

    @Get(calls.chart.path)
    highCharts(@Query(zodPipe(calls.chart.params)) q: ChartQuery): Promise<ResultOf<typeof PRICE_STRUCTURE.totalChart>> {
      return this.structure.chart(q, page);
    }

    @Get(calls.table.path)
    async table(@Query(zodPipe(calls.table.params)) q: TableQuery): Promise<ResultOf<typeof PRICE_STRUCTURE.totalTable>> {
      const { period, months, market, columns, rows } = await this.structure.table(q, page);
      return { period, months, market, columns, rows };
    }

    @Get(calls.download.path)
    async download(@Query(zodPipe(calls.download.params)) q: TableQuery, @Res() res: Response): Promise<void> {
      const { fileName, sheet, label, table, asOf, head } = await this.structure.download(q, page);
      await streamStructureWorkbook(res, fileName, sheet, label, table, asOf, head);
    }
  }
  Object.defineProperty(StructureController, 'name', { value: page === 'total' ? 'TotalMarketController' : 'DetailMarketController' });
  return StructureController;
}

/** 整体市场价格结构 (/price/totalmarket). */
export const TotalMarketController = structureController('/price/totalmarket', 'total', {
  chart: PRICE_STRUCTURE.totalChart,
  table: PRICE_STRUCTURE.totalTable,
  download: PRICE_STRUCTURE.totalDownload,
});

/** 细分市场价格结构 (/pricedetailmarket): the same for one segment. */
export const DetailMarketController = structureController('/pricedetailmarket', 'segment', {
  chart: PRICE_STRUCTURE.detailChart,
  table: PRICE_STRUCTURE.detailTable,
  download: PRICE_STRUCTURE.detailDownload,
});

import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE_STRUCTURE, PRICE_STRUCTURE_TABS, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { PriceStructureService, type StructurePage } from './price-structure.service';
import { streamStructureWorkbook } from './price-structure.workbook';

type TableQuery = ParamsOf<typeof PRICE_STRUCTURE.totalTable>;

async function download(service: PriceStructureService, q: TableQuery, page: StructurePage, res: Response): Promise<void> {
  const { fileName, sheet, ...table } = await service.table(q, page);
  const label = q.tab === 0 ? '价格段' : (PRICE_STRUCTURE_TABS.find((t) => t.value === q.tab)?.label ?? '');
  await streamStructureWorkbook(res, fileName, sheet, label, table);
}

const tableOf = async (service: PriceStructureService, q: TableQuery, page: StructurePage): Promise<ResultOf<typeof PRICE_STRUCTURE.totalTable>> => {
  const { period, months, market, columns, rows } = await service.table(q, page);
  return { period, months, market, columns, rows };
};

/** 整体市场价格结构 (/price/totalmarket). */
@RequiresPage('/price/totalmarket')
@Controller()
export class TotalMarketController {
  constructor(private readonly structure: PriceStructureService) {}

  @Get(PRICE_STRUCTURE.totalChart.path)
  highCharts(@Query(zodPipe(PRICE_STRUCTURE.totalChart.params)) q: ParamsOf<typeof PRICE_STRUCTURE.totalChart>): Promise<ResultOf<typeof PRICE_STRUCTURE.totalChart>> {
    return this.structure.chart(q, 'total');
  }

  @Get(PRICE_STRUCTURE.totalTable.path)
  table(@Query(zodPipe(PRICE_STRUCTURE.totalTable.params)) q: TableQuery): Promise<ResultOf<typeof PRICE_STRUCTURE.totalTable>> {
    return tableOf(this.structure, q, 'total');
  }

  @Get(PRICE_STRUCTURE.totalDownload.path)
  download(@Query(zodPipe(PRICE_STRUCTURE.totalDownload.params)) q: TableQuery, @Res() res: Response): Promise<void> {
    return download(this.structure, q, 'total', res);
  }
}

/** 细分市场价格结构 (/pricedetailmarket): the same for one segment. */
@RequiresPage('/pricedetailmarket')
@Controller()
export class DetailMarketController {
  constructor(private readonly structure: PriceStructureService) {}

  @Get(PRICE_STRUCTURE.detailChart.path)
  highCharts(@Query(zodPipe(PRICE_STRUCTURE.detailChart.params)) q: ParamsOf<typeof PRICE_STRUCTURE.detailChart>): Promise<ResultOf<typeof PRICE_STRUCTURE.detailChart>> {
    return this.structure.chart(q, 'segment');
  }

  @Get(PRICE_STRUCTURE.detailTable.path)
  table(@Query(zodPipe(PRICE_STRUCTURE.detailTable.params)) q: TableQuery): Promise<ResultOf<typeof PRICE_STRUCTURE.detailTable>> {
    return tableOf(this.structure, q, 'segment');
  }

  @Get(PRICE_STRUCTURE.detailDownload.path)
  download(@Query(zodPipe(PRICE_STRUCTURE.detailDownload.params)) q: TableQuery, @Res() res: Response): Promise<void> {
    return download(this.structure, q, 'segment', res);
  }
}

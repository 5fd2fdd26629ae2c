import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import {
  saleVolumeFilterSchema,
  wholeMarketAreaSchema,
  wholeMarketChartSchema,
  wholeMarketDownloadSchema,
  wholeMarketTableSchema,
} from './sale-volume.dto';
import type { ChartResult, Summary, TablePage } from './sale-volume.types';
import { tableColumns } from './table-columns';
import { streamTableWorkbook } from './table-workbook';
import { DOWNLOAD_TYPES, WholeMarketService } from './whole-market.service';

type Filter = ReturnType<typeof saleVolumeFilterSchema.parse>;
type Table = ReturnType<typeof wholeMarketTableSchema.parse>;

@ApiTags('saleVolume')
@RequiresPage('/salevolume/wholemarket')
@Controller('saleVolume/wholeMarket')
export class WholeMarketController {
  constructor(private readonly wholeMarket: WholeMarketService) {}

  @Get('whole')
  @ApiOperation({ summary: '五张卡片：当月销量、同比、环比、本年累计、累计同比' })
  whole(@Query(zodPipe(saleVolumeFilterSchema)) q: Filter): Promise<Summary> {
    return this.wholeMarket.summary(q);
  }

  @Get('highCharts')
  @ApiOperation({ summary: '趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数（0 全部）' })
  highCharts(@Query(zodPipe(wholeMarketChartSchema)) q: ReturnType<typeof wholeMarketChartSchema.parse>): Promise<ChartResult> {
    return this.wholeMarket.chart(q, q.timeDimensionality, q.count);
  }

  @Get('detail')
  @ApiOperation({ summary: '细分市场表（按类别合并，含小计与合计）' })
  detail(@Query(zodPipe(wholeMarketTableSchema)) q: Table): Promise<TablePage> {
    return this.wholeMarket.table(q, 'segment', q);
  }

  @Get('series')
  @ApiOperation({ summary: '系别表（含合计）' })
  series(@Query(zodPipe(wholeMarketTableSchema)) q: Table): Promise<TablePage> {
    return this.wholeMarket.table(q, 'family', q);
  }

  @Get('bound')
  @ApiOperation({ summary: '品牌排名（分页）' })
  bound(@Query(zodPipe(wholeMarketTableSchema)) q: Table): Promise<TablePage> {
    return this.wholeMarket.table(q, 'brand', q);
  }

  @Get('producer')
  @ApiOperation({ summary: '厂商排名（分页）' })
  producer(@Query(zodPipe(wholeMarketTableSchema)) q: Table): Promise<TablePage> {
    return this.wholeMarket.table(q, 'producer', q);
  }

  @Get('modelSub')
  @ApiOperation({ summary: '车系排名（子车系，分页）' })
  modelSub(@Query(zodPipe(wholeMarketTableSchema)) q: Table): Promise<TablePage> {
    return this.wholeMarket.table(q, 'carSeries', q);
  }

  @Get('area')
  @ApiOperation({ summary: '区域表：dimensionality 1 大区 / 2 省份（按大区合并）；仅零售量' })
  area(@Query(zodPipe(wholeMarketAreaSchema)) q: ReturnType<typeof wholeMarketAreaSchema.parse>): Promise<TablePage> {
    return this.wholeMarket.table(q, 'area', q);
  }

  @Get('download')
  @ApiOperation({ summary: '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商 / 5 车系' })
  async download(@Query(zodPipe(wholeMarketDownloadSchema)) q: ReturnType<typeof wholeMarketDownloadSchema.parse>, @Res() res: Response): Promise<void> {
    const table = await this.wholeMarket.download(q, DOWNLOAD_TYPES[q.type], q.dimensionality);
    await streamTableWorkbook(res, table.fileName, table.nameHeader, tableColumns(table.nameHeader, table.groupHeader), table.rows, (r) => r.heji);
  }
}

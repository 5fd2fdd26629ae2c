import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import {
  AreaMarketChartDto,
  AreaMarketDownloadDto,
  AreaMarketFilterDto,
  AreaMarketTableDto,
  areaMarketChartSchema,
  areaMarketDownloadSchema,
  areaMarketFilterSchema,
  areaMarketTableSchema,
} from './area-market.dto';
import { AREA_DOWNLOAD_TYPES, AreaMarketService } from './area-market.service';
import type { AreaTreePage } from './area-market.types';
import type { ChartResult, Summary, TablePage } from './sale-volume.types';
import { tableColumns } from './table-columns';
import { streamTableWorkbook } from './table-workbook';

/** area: −1 or absent 全国, else a region id (level 1) or a province / city code (level 2 / 3). */
@ApiTags('saleVolume')
@RequiresPage('/salevolume/areamarket')
@Controller('saleVolume/areaMarket')
export class AreaMarketController {
  constructor(private readonly areaMarket: AreaMarketService) {}

  @Get('whole')
  @ApiOperation({ summary: '所选地区的五张卡片：当月销量、同比、环比、本年累计、累计同比' })
  whole(@Query(zodPipe(areaMarketFilterSchema)) q: AreaMarketFilterDto): Promise<Summary> {
    return this.areaMarket.summary(q);
  }

  @Get('highCharts')
  @ApiOperation({ summary: '所选地区的趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数 1-10（默认 2）' })
  highCharts(@Query(zodPipe(areaMarketChartSchema)) q: AreaMarketChartDto): Promise<ChartResult> {
    return this.areaMarket.chart(q, q.timeDimensionality, q.count);
  }

  @Get('detail')
  @ApiOperation({ summary: '所选地区的细分市场表（按类别合并，含小计与合计）' })
  detail(@Query(zodPipe(areaMarketTableSchema)) q: AreaMarketTableDto): Promise<TablePage> {
    return this.areaMarket.table(q, 'segment', q);
  }

  @Get('series')
  @ApiOperation({ summary: '所选地区的系别表（含合计）' })
  series(@Query(zodPipe(areaMarketTableSchema)) q: AreaMarketTableDto): Promise<TablePage> {
    return this.areaMarket.table(q, 'family', q);
  }

  @Get('bound')
  @ApiOperation({ summary: '所选地区的品牌排名（分页）' })
  bound(@Query(zodPipe(areaMarketTableSchema)) q: AreaMarketTableDto): Promise<TablePage> {
    return this.areaMarket.table(q, 'brand', q);
  }

  @Get('producer')
  @ApiOperation({ summary: '所选地区的厂商排名（分页）' })
  producer(@Query(zodPipe(areaMarketTableSchema)) q: AreaMarketTableDto): Promise<TablePage> {
    return this.areaMarket.table(q, 'producer', q);
  }

  @Get('area')
  @ApiOperation({ summary: '地区树与地图：所选地区的下级（全国→大区→省份，大区→省份→城市，省份→城市），仅零售量' })
  area(@Query(zodPipe(areaMarketTableSchema)) q: AreaMarketTableDto): Promise<AreaTreePage> {
    return this.areaMarket.tree(q);
  }

  @Get('download')
  @ApiOperation({ summary: '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商' })
  async download(@Query(zodPipe(areaMarketDownloadSchema)) q: AreaMarketDownloadDto, @Res() res: Response): Promise<void> {
    const table = await this.areaMarket.download(q, AREA_DOWNLOAD_TYPES[q.type]);
    await streamTableWorkbook(res, table.fileName, table.nameHeader, tableColumns(table.nameHeader, table.groupHeader), table.rows, (r) => r.heji);
  }
}

import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import {
  CompanyBrandCarDetailsDto,
  CompanyBrandChartDto,
  CompanyBrandFilterDto,
  CompanyBrandListDto,
  companyBrandCarDetailsSchema,
  companyBrandChartSchema,
  companyBrandFilterSchema,
  companyBrandListSchema,
} from './company-brand.dto';
import { CompanyBrandService } from './company-brand.service';
import type { CarDetails, TendencyPage, TendencyRow } from './company-brand.types';
import { streamCarDetailsWorkbook } from './company-brand.workbook';
import type { ChartResult, Summary } from './sale-volume.types';
import { tableColumns } from './table-columns';
import { streamTableWorkbook, WorkbookColumn } from './table-workbook';

@ApiTags('saleVolume')
@RequiresPage('/salevolume/companybrand')
@Controller('saleVolume/companyBrand')
export class CompanyBrandController {
  constructor(private readonly companyBrand: CompanyBrandService) {}

  @Get('whole')
  @ApiOperation({ summary: '五张卡片：foreignId 的厂商（type 0）或品牌（其他），未选时为整体市场' })
  whole(@Query(zodPipe(companyBrandFilterSchema)) q: CompanyBrandFilterDto): Promise<Summary> {
    return this.companyBrand.summary(q);
  }

  @Get('list')
  @ApiOperation({ summary: '销量趋势排名：type 0 厂商 / 1 品牌；accumulate 0 当月 / 1 本年累计；rank 1-5 排名段或 currentPage、pageSize' })
  list(@Query(zodPipe(companyBrandListSchema)) q: CompanyBrandListDto): Promise<TendencyPage> {
    return this.companyBrand.list(q);
  }

  @Get('list2chart')
  @ApiOperation({ summary: '排名段的柱线图：名称为横轴，销量柱与同比线' })
  list2chart(@Query(zodPipe(companyBrandListSchema)) q: CompanyBrandListDto): Promise<ChartResult> {
    return this.companyBrand.listChart(q);
  }

  @Get('highCharts')
  @ApiOperation({ summary: '趋势图：按时间（count 年，每年一条线）或对比厂商/品牌（foreignIds，最多 10 个）' })
  highCharts(@Query(zodPipe(companyBrandChartSchema)) q: CompanyBrandChartDto): Promise<ChartResult> {
    return this.companyBrand.chart(q);
  }

  @Get('carDetails')
  @ApiOperation({ summary: '车型明细：按细分市场列出子车系，含小计、细分市场合计与对比厂商/品牌' })
  carDetails(@Query(zodPipe(companyBrandCarDetailsSchema)) q: CompanyBrandCarDetailsDto): Promise<CarDetails> {
    return this.companyBrand.carDetails(q);
  }

  @Get('download')
  @ApiOperation({ summary: '下载排名 Excel：type 0 厂商 / 1 品牌' })
  async download(@Query(zodPipe(companyBrandListSchema)) q: CompanyBrandListDto, @Res() res: Response): Promise<void> {
    const table = await this.companyBrand.listDownload(q);
    const columns: Array<WorkbookColumn<TendencyRow>> = [{ header: '排名', kind: 'count', width: 8, value: (r) => r.ranking }, ...tableColumns(table.nameHeader)];
    await streamTableWorkbook(res, table.fileName, `${table.nameHeader}排名`, columns, table.rows);
  }

  @Get('downloadCarDetails')
  @ApiOperation({ summary: '下载车型明细 Excel：type、accumulate、foreignId' })
  async downloadCarDetails(@Query(zodPipe(companyBrandCarDetailsSchema)) q: CompanyBrandCarDetailsDto, @Res() res: Response): Promise<void> {
    const { details, fileName } = await this.companyBrand.carDetailsDownload(q);
    await streamCarDetailsWorkbook(res, fileName, details);
  }
}

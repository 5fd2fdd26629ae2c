import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CAR_CONFIG, type ParamsOf, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { RequiresPage } from '../security/security.decorators';
import { CarConfigService } from './car-config.service';
import { streamConfigWorkbook } from './car-config.workbook';

@RequiresPage('/product/configquery')
@CachedAnswers()
@Controller()
export class CarConfigController {
  constructor(private readonly carConfig: CarConfigService) {}

  @Get(CAR_CONFIG.searchCar.path)
  searchCar(@Query(zodPipe(CAR_CONFIG.searchCar.params)) q: ParamsOf<typeof CAR_CONFIG.searchCar>): Promise<ResultOf<typeof CAR_CONFIG.searchCar>> {
    return this.carConfig.searchCar(q.name);
  }

  @Get(CAR_CONFIG.get.path)
  async get(@Query(zodPipe(CAR_CONFIG.get.params)) q: ParamsOf<typeof CAR_CONFIG.get>): Promise<ResultOf<typeof CAR_CONFIG.get>> {
    return (await this.carConfig.compare(q)).table;
  }

  @Get(CAR_CONFIG.level1.path)
  level1(@Query(zodPipe(CAR_CONFIG.level1.params)) _q: ParamsOf<typeof CAR_CONFIG.level1>): Promise<ResultOf<typeof CAR_CONFIG.level1>> {
    return this.carConfig.level1();
  }

  @Get(CAR_CONFIG.download.path)
  async download(@Query(zodPipe(CAR_CONFIG.download.params)) q: ParamsOf<typeof CAR_CONFIG.download>, @Res() res: Response): Promise<void> {
    const download = await this.carConfig.download(q);
    await streamConfigWorkbook(res, download.fileName, download.table, download.blocks, download.asOf, { filters: q, hide: q.hide, differ: q.differ });
  }
}

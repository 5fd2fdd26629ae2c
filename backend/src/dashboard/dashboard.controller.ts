import { Controller, Get, Query } from '@nestjs/common';
import { DASHBOARD, type ParamsOf, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { DashboardService } from './dashboard.service';

/** 看板: the wire's `jllType` is the brand type the service takes. One click from every page and in no stored menu (decisions 76, 151), so no page rule beyond the session. */
@CachedAnswers()
@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get(DASHBOARD.whole.path)
  whole(@Query(zodPipe(DASHBOARD.whole.params)) q: ParamsOf<typeof DASHBOARD.whole>): Promise<ResultOf<typeof DASHBOARD.whole>> {
    return this.dashboard.whole(q);
  }

  @Get(DASHBOARD.producers.path)
  producers(@Query(zodPipe(DASHBOARD.producers.params)) q: ParamsOf<typeof DASHBOARD.producers>): Promise<ResultOf<typeof DASHBOARD.producers>> {
    return this.dashboard.producers(q);
  }

  @Get(DASHBOARD.brands.path)
  brands(@Query(zodPipe(DASHBOARD.brands.params)) q: ParamsOf<typeof DASHBOARD.brands>): Promise<ResultOf<typeof DASHBOARD.brands>> {
    return this.dashboard.ofType(q, q.jllType, 'brand');
  }

  @Get(DASHBOARD.modelSubs.path)
  modelSubs(@Query(zodPipe(DASHBOARD.modelSubs.params)) q: ParamsOf<typeof DASHBOARD.modelSubs>): Promise<ResultOf<typeof DASHBOARD.modelSubs>> {
    return this.dashboard.ofType(q, q.jllType, 'subSeries');
  }

  @Get(DASHBOARD.cities.path)
  cities(@Query(zodPipe(DASHBOARD.cities.params)) q: ParamsOf<typeof DASHBOARD.cities>): Promise<ResultOf<typeof DASHBOARD.cities>> {
    return this.dashboard.cities(q, q.jllType);
  }

  @Get(DASHBOARD.nevTrend.path)
  nevTrend(@Query(zodPipe(DASHBOARD.nevTrend.params)) q: ParamsOf<typeof DASHBOARD.nevTrend>): Promise<ResultOf<typeof DASHBOARD.nevTrend>> {
    return this.dashboard.nevTrend(q);
  }
}

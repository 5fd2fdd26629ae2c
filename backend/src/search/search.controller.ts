import { Controller, Get, Query } from '@nestjs/common';
import { type ParamsOf, type ResultOf, SEARCH } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { PickListService } from './pick-list.service';
import { SearchService } from './search.service';

/**
 * The spec's search calls (GET /car/api/search/…): the months, lists and pick-lists every filter panel
 * and dialog is built from. Any signed-in user may call them; no page permission is needed. Their answers
 * depend on the request alone and are served from the answer cache (decision 129).
 */
@CachedAnswers()
@Controller()
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly pickLists: PickListService,
  ) {}

  @Get(SEARCH.calendar.path)
  calendar(@Query(zodPipe(SEARCH.calendar.params)) query: ParamsOf<typeof SEARCH.calendar>): Promise<ResultOf<typeof SEARCH.calendar>> {
    return this.search.calendar(query);
  }

  @Get(SEARCH.dataStatus.path)
  dataStatus(@Query(zodPipe(SEARCH.dataStatus.params)) _query: ParamsOf<typeof SEARCH.dataStatus>): Promise<ResultOf<typeof SEARCH.dataStatus>> {
    return this.search.dataStatus();
  }

  @Get(SEARCH.detailMarkets.path)
  detailMarkets(@Query(zodPipe(SEARCH.detailMarkets.params)) query: ParamsOf<typeof SEARCH.detailMarkets>): Promise<ResultOf<typeof SEARCH.detailMarkets>> {
    return this.search.detailMarkets(query);
  }

  @Get(SEARCH.allDetailMarkets.path)
  allDetailMarkets(
    @Query(zodPipe(SEARCH.allDetailMarkets.params)) query: ParamsOf<typeof SEARCH.allDetailMarkets>,
  ): Promise<ResultOf<typeof SEARCH.allDetailMarkets>> {
    return this.search.allDetailMarkets(query);
  }

  @Get(SEARCH.fuels.path)
  fuels(@Query(zodPipe(SEARCH.fuels.params)) _query: ParamsOf<typeof SEARCH.fuels>): Promise<ResultOf<typeof SEARCH.fuels>> {
    return this.search.dictionary('dicFuel');
  }

  @Get(SEARCH.producerProperties.path)
  producerProperties(
    @Query(zodPipe(SEARCH.producerProperties.params)) _query: ParamsOf<typeof SEARCH.producerProperties>,
  ): Promise<ResultOf<typeof SEARCH.producerProperties>> {
    return this.search.dictionary('dicProducerProperty');
  }

  @Get(SEARCH.wholes.path)
  wholes(@Query(zodPipe(SEARCH.wholes.params)) _query: ParamsOf<typeof SEARCH.wholes>): Promise<ResultOf<typeof SEARCH.wholes>> {
    return this.search.wholes();
  }

  @Get(SEARCH.brandProperties.path)
  brandProperties(
    @Query(zodPipe(SEARCH.brandProperties.params)) _query: ParamsOf<typeof SEARCH.brandProperties>,
  ): Promise<ResultOf<typeof SEARCH.brandProperties>> {
    return this.search.dictionary('dicBoundProperty');
  }

  @Get(SEARCH.bodyShapes.path)
  bodyShapes(@Query(zodPipe(SEARCH.bodyShapes.params)) _query: ParamsOf<typeof SEARCH.bodyShapes>): Promise<ResultOf<typeof SEARCH.bodyShapes>> {
    return this.search.dictionary('dicBodyShape');
  }

  @Get(SEARCH.dictionary.path)
  dictionary(@Query(zodPipe(SEARCH.dictionary.params)) query: ParamsOf<typeof SEARCH.dictionary>): Promise<ResultOf<typeof SEARCH.dictionary>> {
    return this.search.dictionary(query.type);
  }

  @Get(SEARCH.producers.path)
  producers(@Query(zodPipe(SEARCH.producers.params)) query: ParamsOf<typeof SEARCH.producers>): Promise<ResultOf<typeof SEARCH.producers>> {
    return this.pickLists.producers(query);
  }

  @Get(SEARCH.brands.path)
  brands(@Query(zodPipe(SEARCH.brands.params)) query: ParamsOf<typeof SEARCH.brands>): Promise<ResultOf<typeof SEARCH.brands>> {
    return this.pickLists.brands(query);
  }

  @Get(SEARCH.producerBrands.path)
  producerBrands(@Query(zodPipe(SEARCH.producerBrands.params)) query: ParamsOf<typeof SEARCH.producerBrands>): Promise<ResultOf<typeof SEARCH.producerBrands>> {
    return this.pickLists.producerBrands(query);
  }

  @Get(SEARCH.reportProducers.path)
  reportProducers(
    @Query(zodPipe(SEARCH.reportProducers.params)) query: ParamsOf<typeof SEARCH.reportProducers>,
  ): Promise<ResultOf<typeof SEARCH.reportProducers>> {
    return this.pickLists.reportProducers(query);
  }

  @Get(SEARCH.series.path)
  series(@Query(zodPipe(SEARCH.series.params)) query: ParamsOf<typeof SEARCH.series>): Promise<ResultOf<typeof SEARCH.series>> {
    return this.pickLists.series(query);
  }

  @Get(SEARCH.subModels.path)
  subModels(@Query(zodPipe(SEARCH.subModels.params)) query: ParamsOf<typeof SEARCH.subModels>): Promise<ResultOf<typeof SEARCH.subModels>> {
    return this.pickLists.subModels(query);
  }

  @Get(SEARCH.cars.path)
  cars(@Query(zodPipe(SEARCH.cars.params)) query: ParamsOf<typeof SEARCH.cars>): Promise<ResultOf<typeof SEARCH.cars>> {
    return this.pickLists.cars(query);
  }

  @Get(SEARCH.areas.path)
  areas(@Query(zodPipe(SEARCH.areas.params)) _query: ParamsOf<typeof SEARCH.areas>): Promise<ResultOf<typeof SEARCH.areas>> {
    return this.search.areas();
  }

  @Get(SEARCH.provinces.path)
  provinces(@Query(zodPipe(SEARCH.provinces.params)) query: ParamsOf<typeof SEARCH.provinces>): Promise<ResultOf<typeof SEARCH.provinces>> {
    return this.search.provinces(query);
  }

  @Get(SEARCH.cities.path)
  cities(@Query(zodPipe(SEARCH.cities.params)) query: ParamsOf<typeof SEARCH.cities>): Promise<ResultOf<typeof SEARCH.cities>> {
    return this.search.cities(query);
  }

  @Get(SEARCH.provinceCities.path)
  provinceCities(@Query(zodPipe(SEARCH.provinceCities.params)) query: ParamsOf<typeof SEARCH.provinceCities>): Promise<ResultOf<typeof SEARCH.provinceCities>> {
    return this.search.provinceCities(query);
  }

  @Get(SEARCH.complex.path)
  complex(@Query(zodPipe(SEARCH.complex.params)) query: ParamsOf<typeof SEARCH.complex>): Promise<ResultOf<typeof SEARCH.complex>> {
    return this.pickLists.complex(query);
  }
}

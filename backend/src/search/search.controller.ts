import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { zodPipe } from '../common/zod-validation.pipe';
import { PickListService } from './pick-list.service';
import {
  AreaNode,
  CalendarQuery,
  CarListQuery,
  CityNode,
  CityQuery,
  ComplexQuery,
  ComplexResult,
  DetailMarketQuery,
  DictionaryQuery,
  IdName,
  KeyValue,
  LetterGroup,
  MakerListQuery,
  ProvinceCities,
  ProvinceCityQuery,
  ProvinceNode,
  ProvinceQuery,
  SeriesItem,
  SeriesListQuery,
  SubModelQuery,
  SubSeriesCars,
  calendarSchema,
  carListSchema,
  citySchema,
  complexSchema,
  detailMarketSchema,
  dictionarySchema,
  makerListSchema,
  noParamsSchema,
  provinceCitySchema,
  provinceSchema,
  seriesListSchema,
  subModelSchema,
} from './search.dto';
import { SearchService } from './search.service';

/**
 * The spec's search calls (GET /car/api/search/…): the months, lists and pick-lists every filter panel
 * and dialog is built from. Any signed-in user may call them; no page permission is needed.
 */
@ApiTags('search')
@ApiSecurity('token')
@Controller('search')
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly pickLists: PickListService,
  ) {}

  @Get('calendar')
  @ApiOperation({ summary: '有数据的月份，最新在前：category 无=零售(看板) 1=价格 2=零售(价格段/导出) 3=返点' })
  calendar(@Query(zodPipe(calendarSchema)) query: CalendarQuery): Promise<string[]> {
    return this.search.calendar(query);
  }

  @Get('getDetailMarket')
  @ApiOperation({ summary: '细分市场选择：[{id:-1,name:整体市场}, …]；category 1 轿车 2 SUV 3 MPV 4 跑车' })
  detailMarkets(@Query(zodPipe(detailMarketSchema)) query: DetailMarketQuery): Promise<IdName[]> {
    return this.search.detailMarkets(query);
  }

  @Get('getAllDetailMarket')
  @ApiOperation({ summary: '全部细分市场 [{id, name}]（无整体市场项）；category 可选' })
  allDetailMarkets(@Query(zodPipe(detailMarketSchema)) query: DetailMarketQuery): Promise<IdName[]> {
    return this.search.allDetailMarkets(query);
  }

  @Get('getFuels')
  @ApiOperation({ summary: '燃料类型 [{key, value}] (dicFuel)' })
  fuels(@Query(zodPipe(noParamsSchema)) _query: object): Promise<KeyValue[]> {
    return this.search.dictionary('dicFuel');
  }

  @Get('getProducerProperties')
  @ApiOperation({ summary: '厂商属性 [{key, value}] (dicProducerProperty)' })
  producerProperties(@Query(zodPipe(noParamsSchema)) _query: object): Promise<KeyValue[]> {
    return this.search.dictionary('dicProducerProperty');
  }

  @Get('getWholes')
  @ApiOperation({ summary: '整体市场页的厂商属性单选：[{key:-1,value:全部}, …]' })
  wholes(@Query(zodPipe(noParamsSchema)) _query: object): Promise<KeyValue[]> {
    return this.search.wholes();
  }

  @Get('getBrandProperties')
  @ApiOperation({ summary: '品牌属性 [{key, value}] (dicBoundProperty)' })
  brandProperties(@Query(zodPipe(noParamsSchema)) _query: object): Promise<KeyValue[]> {
    return this.search.dictionary('dicBoundProperty');
  }

  @Get('getBodyShapes')
  @ApiOperation({ summary: '车身形式 [{key, value}] (dicBodyShape)' })
  bodyShapes(@Query(zodPipe(noParamsSchema)) _query: object): Promise<KeyValue[]> {
    return this.search.dictionary('dicBodyShape');
  }

  @Get('dictionary')
  @ApiOperation({ summary: '字典 [{key, value}]：type 为 dicFuel、dicEngine、dicGearBox(gearbox)、dicDriving(driving)、useNature、owner、colour 等' })
  dictionary(@Query(zodPipe(dictionarySchema)) query: DictionaryQuery): Promise<KeyValue[]> {
    return this.search.dictionary(query.type);
  }

  @Get('getProducers')
  @ApiOperation({ summary: '厂商，按首字母分组 [{letter, list:[{id, name}]}]：key, letter, detailId, producerProperties, brandProperties' })
  producers(@Query(zodPipe(makerListSchema)) query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.pickLists.producers(query);
  }

  @Get('getBrands')
  @ApiOperation({ summary: '品牌，按首字母分组：key, letter, detailId, producerProperties, brandProperties' })
  brands(@Query(zodPipe(makerListSchema)) query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.pickLists.brands(query);
  }

  @Get('getProducerBrands')
  @ApiOperation({ summary: '厂商品牌，按首字母分组：key, letter, detailId, producerProperties, brandProperties' })
  producerBrands(@Query(zodPipe(makerListSchema)) query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.pickLists.producerBrands(query);
  }

  @Get('getReportProducers')
  @ApiOperation({ summary: '有报告的厂商，按首字母分组：key, letter, detailId, producerProperties, brandProperties' })
  reportProducers(@Query(zodPipe(makerListSchema)) query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.pickLists.reportProducers(query);
  }

  @Get('getSeries')
  @ApiOperation({ summary: '车系按首字母分组，含子车系 [{letter, list:[{id, name, subList}]}]：厂商筛选加 producerIds, brandIds' })
  series(@Query(zodPipe(seriesListSchema)) query: SeriesListQuery): Promise<Array<LetterGroup<SeriesItem>>> {
    return this.pickLists.series(query);
  }

  @Get('getSubModels')
  @ApiOperation({ summary: '按名称搜索子车系 [{id, name}]，最多 50 个：key 及可选筛选' })
  subModels(@Query(zodPipe(subModelSchema)) query: SubModelQuery): Promise<IdName[]> {
    return this.pickLists.subModels(query);
  }

  @Get('getCars')
  @ApiOperation({ summary: '子车系的在售车型 [{id, name, cars:[{id, name, msrp, mix}]}]：modelSubIds 或 id，time 默认最新月' })
  cars(@Query(zodPipe(carListSchema)) query: CarListQuery): Promise<SubSeriesCars[]> {
    return this.pickLists.cars(query);
  }

  @Get('getAreas')
  @ApiOperation({ summary: '大区 [{id, name, code, dimensionality:1}]' })
  areas(@Query(zodPipe(noParamsSchema)) _query: object): Promise<AreaNode[]> {
    return this.search.areas();
  }

  @Get('getProvinces')
  @ApiOperation({ summary: '省份 [{id, name, shortName, code, dimensionality:2, areaId}]：areaId 可选' })
  provinces(@Query(zodPipe(provinceSchema)) query: ProvinceQuery): Promise<ProvinceNode[]> {
    return this.search.provinces(query);
  }

  @Get('getCities')
  @ApiOperation({ summary: '城市 [{id, name, code, dimensionality:3, provinceId, provinceCode, tier}]：provinceId/provinceIds, areaIds, condition' })
  cities(@Query(zodPipe(citySchema)) query: CityQuery): Promise<CityNode[]> {
    return this.search.cities(query);
  }

  @Get('getProvinceCities')
  @ApiOperation({ summary: '按省分组的城市 [{id, name, cities:[{id, name}]}]：condition, areaIds, provinceIds' })
  provinceCities(@Query(zodPipe(provinceCitySchema)) query: ProvinceCityQuery): Promise<ProvinceCities[]> {
    return this.search.provinceCities(query);
  }

  @Get('complexBPs')
  @ApiOperation({
    summary:
      '导出页级联选择：type 0 品牌 1 厂商 2 厂商品牌（按首字母分组）3 车系 4 子车系 5 车型（平铺）；condition, brandIds, producerIds, producerBrands, modelIds, modelSubIds',
  })
  complex(@Query(zodPipe(complexSchema)) query: ComplexQuery): Promise<ComplexResult> {
    return this.pickLists.complex(query);
  }
}

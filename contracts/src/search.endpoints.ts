import { z } from 'zod';
import * as s from './search';
import * as ds from './data-status';
import { under } from './endpoint';

/** The shared filters' pick-lists and the data calendar (backend/src/search). */

const search = under('search', 'search');

export const SEARCH = {
  calendar: search('calendar', s.calendarSchema, s.monthListSchema, '有数据的月份，最新在前：category 无=零售(看板) 1=价格 2=零售(价格段/导出) 3=返点'),
  detailMarkets: search(
    'getDetailMarket',
    s.detailMarketSchema,
    z.array(s.idNameSchema),
    '细分市场选择：[{id:-1,name:整体市场}, …]；category 1 轿车 2 SUV 3 MPV 4 跑车',
  ),
  allDetailMarkets: search('getAllDetailMarket', s.detailMarketSchema, z.array(s.idNameSchema), '全部细分市场 [{id, name}]（无整体市场项）；category 可选'),
  fuels: search('getFuels', s.noParamsSchema, z.array(s.keyValueSchema), '燃料类型 [{key, value}] (dicFuel)'),
  producerProperties: search('getProducerProperties', s.noParamsSchema, z.array(s.keyValueSchema), '厂商属性 [{key, value}] (dicProducerProperty)'),
  wholes: search('getWholes', s.noParamsSchema, z.array(s.keyValueSchema), '整体市场页的厂商属性单选：[{key:-1,value:全部}, …]'),
  brandProperties: search('getBrandProperties', s.noParamsSchema, z.array(s.keyValueSchema), '品牌属性 [{key, value}] (dicBoundProperty)'),
  bodyShapes: search('getBodyShapes', s.noParamsSchema, z.array(s.keyValueSchema), '车身形式 [{key, value}] (dicBodyShape)'),
  dictionary: search(
    'dictionary',
    s.dictionarySchema,
    z.array(s.keyValueSchema),
    '字典 [{key, value}]：type 为 dicFuel、dicEngine、dicGearBox(gearbox)、dicDriving(driving)、useNature、owner、colour 等',
  ),
  producers: search(
    'getProducers',
    s.makerListSchema,
    s.idNameGroupsSchema,
    '厂商，按首字母分组 [{letter, list:[{id, name}]}]：key, letter, detailId, producerProperties, brandProperties',
  ),
  brands: search('getBrands', s.makerListSchema, s.idNameGroupsSchema, '品牌，按首字母分组：key, letter, detailId, producerProperties, brandProperties'),
  producerBrands: search(
    'getProducerBrands',
    s.makerListSchema,
    s.idNameGroupsSchema,
    '厂商品牌，按首字母分组：key, letter, detailId, producerProperties, brandProperties',
  ),
  reportProducers: search(
    'getReportProducers',
    s.makerListSchema,
    s.idNameGroupsSchema,
    '有报告的厂商，按首字母分组：key, letter, detailId, producerProperties, brandProperties',
  ),
  series: search(
    'getSeries',
    s.seriesListSchema,
    z.array(s.letterGroupSchema(s.seriesItemSchema)),
    '车系按首字母分组，含子车系 [{letter, list:[{id, name, subList}]}]：厂商筛选加 producerIds, brandIds',
  ),
  subModels: search('getSubModels', s.subModelSchema, z.array(s.idNameSchema), '按名称搜索子车系 [{id, name}]，最多 50 个：key 及可选筛选'),
  cars: search(
    'getCars',
    s.carListSchema,
    z.array(s.subSeriesCarsSchema),
    '子车系的在售车型 [{id, name, cars:[{id, name, msrp, mix}]}]：modelSubIds 或 id，time 默认最新月',
  ),
  areas: search('getAreas', s.noParamsSchema, z.array(s.areaNodeSchema), '大区 [{id, name, code, dimensionality:1}]'),
  provinces: search(
    'getProvinces',
    s.provinceSchema,
    z.array(s.provinceNodeSchema),
    '省份 [{id, name, shortName, code, dimensionality:2, areaId}]：areaId 可选',
  ),
  cities: search(
    'getCities',
    s.citySchema,
    z.array(s.cityNodeSchema),
    '城市 [{id, name, code, dimensionality:3, provinceId, provinceCode, tier}]：provinceId/provinceIds, areaIds, condition',
  ),
  provinceCities: search(
    'getProvinceCities',
    s.provinceCitySchema,
    z.array(s.provinceCitiesSchema),
    '按省分组的城市 [{id, name, cities:[{id, name}]}]：condition, areaIds, provinceIds',
  ),
  complex: search(
    'complexBPs',
    s.complexSchema,
    s.complexResultSchema,
    '导出页级联选择：type 0 品牌 1 厂商 2 厂商品牌（按首字母分组）3 车系 4 子车系 5 车型（平铺）；condition, brandIds, producerIds, producerBrands, modelIds, modelSubIds',
  ),
  dataStatus: search(
    'dataStatus',
    ds.dataStatusParamsSchema,
    ds.dataStatusSchema,
    '数据截至：零售、批发、价格、返点各自最新的月份及其发布时间（publishedAt，publishedOn 为北京时间日期；无数据为 null）',
  ),
};

import { z } from 'zod';
import * as ad from './admin';
import * as al from './alerts';
import * as aj from './admin-jobs';
import * as de from './data-export';
import * as di from './data-import';
import { healthReportSchema } from './health';
import * as pv from './price-volume';
import * as rd from './report-download';
import * as rb from './robots';
import * as cc from './car-config';
import * as pr from './price';
import * as db from './dashboard';
import * as mp from './mp';
import * as sv from './sale-volume';
import * as s from './search';
import * as vw from './views';
import * as ds from './data-status';
import { changePasswordSchema, currentUserSchema, emptyResultSchema, loginResultSchema, loginSchema, menuGroupSchema } from './security';

/**
 * Every call of the API, declared once: method, path (under /car/api), who may call it, its parameters
 * (the query of a GET, the body of a POST) and its result (inside the `{code, msg, result}` envelope),
 * or the file of a download (`DownloadFile`). The controllers route and validate by it, the pages call by it, the tests
 * check every answer against it, and the OpenAPI description is generated from it.
 */
export interface Endpoint<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Under /car/api, no leading slash: 'saleVolume/wholeMarket/whole'. */
  path: string;
  /** The OpenAPI tag: the Nest module that answers. */
  tag: string;
  summary: string;
  /** public: no session needed; session: any signed-in user (pages may narrow it further by role menus); mp: an mp session (car-mp). */
  access: 'public' | 'session' | 'mp';
  params: P;
  result: R | DownloadFile;
  /** A POST's body encoding: JSON (default) or a form (`application/x-www-form-urlencoded`, the exports). */
  body?: 'json' | 'form' | 'multipart';
  /** Administrators only (@AdminOnly): anyone else gets 403. */
  adminOnly?: boolean;
}

/** What a download answers: a workbook (or a zip of them), or a deck (导出PPT, issue 31). */
export type DownloadFile = 'xlsx' | 'pptx';

function endpoint<P extends z.ZodType, R extends z.ZodType>(definition: Endpoint<P, R>): Endpoint<P, R> {
  return definition;
}

const get = <P extends z.ZodType, R extends z.ZodType>(tag: string, path: string, params: P, result: R | DownloadFile, summary: string) =>
  endpoint({ method: 'GET', path, tag, summary, access: 'session', params, result });

/** The parameters a call validates, as the service receives them. */
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType> ? z.output<P> : never;
/** What a call answers inside the envelope. */
export type ResultOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;

/** The body of a call that reads none (logout): whatever comes is ignored, never refused. */
export const NO_BODY = z.object({}).loose();

export const SECURITY = {
  login: endpoint({
    method: 'POST',
    path: 'security/login',
    tag: 'security',
    access: 'public',
    params: loginSchema,
    result: loginResultSchema,
    summary: '登录：account, password → {token, nickname}，并设置 car-token Cookie',
  }),
  logout: endpoint({
    method: 'POST',
    path: 'security/logout',
    tag: 'security',
    access: 'session',
    params: NO_BODY,
    result: emptyResultSchema,
    summary: '退出：吊销当前令牌并清除 Cookie',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'security/changePwd',
    tag: 'security',
    access: 'session',
    params: changePasswordSchema,
    result: emptyResultSchema,
    summary: '修改密码：oldPwd, newPwd；成功后此前的令牌全部失效',
  }),
  menus: get('security', 'security/menus', s.noParamsSchema, z.array(menuGroupSchema), '当前用户角色的菜单：[{id, name, path, subMenuItems}]'),
  me: get('security', 'security/me', s.noParamsSchema, currentUserSchema, '当前用户：{id, account, nickname, role, producerId, brandId}'),
};

export const HEALTH = {
  check: endpoint({
    method: 'GET',
    path: 'health',
    tag: 'health',
    access: 'public',
    params: s.noParamsSchema,
    result: healthReportSchema,
    summary: '健康检查：数据库（延迟、最新月份）与任务队列',
  }),
};

/** The GET calls of one module under one path: `under('saleVolume', 'saleVolume/wholeMarket')('whole', …)`. */
const under =
  (tag: string, prefix: string) =>
  <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, result: R | DownloadFile, summary: string) =>
    get(tag, `${prefix}/${name}`, params, result, summary);

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

const whole = under('saleVolume', 'saleVolume/wholeMarket');

export const WHOLE_MARKET = {
  whole: whole('whole', sv.saleVolumeFilterSchema, sv.summarySchema, '五张卡片：当月销量、同比、环比、本年累计、累计同比'),
  highCharts: whole('highCharts', sv.wholeMarketChartSchema, sv.chartResultSchema, '趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数（0 全部）'),
  detail: whole('detail', sv.wholeMarketTableSchema, sv.tablePageSchema, '细分市场表（按类别合并，含小计与合计）'),
  series: whole('series', sv.wholeMarketTableSchema, sv.tablePageSchema, '系别表（含合计）'),
  bound: whole('bound', sv.wholeMarketRankingSchema, sv.tablePageSchema, '品牌排名（分页）'),
  producer: whole('producer', sv.wholeMarketRankingSchema, sv.tablePageSchema, '厂商排名（分页）'),
  modelSub: whole('modelSub', sv.wholeMarketRankingSchema, sv.tablePageSchema, '车系排名（子车系，分页）'),
  area: whole('area', sv.wholeMarketAreaSchema, sv.tablePageSchema, '区域表：dimensionality 1 大区 / 2 省份（按大区合并）；仅零售量'),
  download: whole('download', sv.wholeMarketDownloadSchema, 'xlsx', '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商 / 5 车系'),
  ppt: whole('ppt', sv.wholeMarketDeckSchema, 'pptx', '导出PPT：页面所示的卡片、趋势图与排行表（筛选、图表与表格参数同页面，tags 数据列，sort 排序）'),
};

const area = under('saleVolume', 'saleVolume/areaMarket');

export const AREA_MARKET = {
  whole: area('whole', sv.areaMarketFilterSchema, sv.summarySchema, '所选地区的五张卡片：当月销量、同比、环比、本年累计、累计同比'),
  highCharts: area(
    'highCharts',
    sv.areaMarketChartSchema,
    sv.chartResultSchema,
    '所选地区的趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数 1-10（默认 2）',
  ),
  detail: area('detail', sv.areaMarketTableSchema, sv.tablePageSchema, '所选地区的细分市场表（按类别合并，含小计与合计）'),
  series: area('series', sv.areaMarketTableSchema, sv.tablePageSchema, '所选地区的系别表（含合计）'),
  bound: area('bound', sv.areaMarketRankingSchema, sv.tablePageSchema, '所选地区的品牌排名（分页）'),
  producer: area('producer', sv.areaMarketRankingSchema, sv.tablePageSchema, '所选地区的厂商排名（分页）'),
  area: area('area', sv.areaMarketTableSchema, sv.areaTreePageSchema, '地区树与地图：所选地区的下级（全国→大区→省份，大区→省份→城市，省份→城市），仅零售量'),
  download: area('download', sv.areaMarketDownloadSchema, 'xlsx', '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商'),
  ppt: area(
    'ppt',
    sv.areaMarketDeckSchema,
    'pptx',
    '导出PPT：页面所示的卡片、区域分布、趋势图与排行表（筛选、区域、图表与表格参数同页面，tags 数据列，sort 排序）',
  ),
};

const maker = under('saleVolume', 'saleVolume/companyBrand');

export const COMPANY_BRAND = {
  whole: maker('whole', sv.companyBrandFilterSchema, sv.summarySchema, '五张卡片：foreignId 的厂商（type 0）或品牌（其他），未选时为整体市场'),
  list: maker(
    'list',
    sv.companyBrandRankingSchema,
    sv.tendencyPageSchema,
    '销量趋势排名：type 0 厂商 / 1 品牌；accumulate 0 当月 / 1 本年累计；rank 1-5 排名段或 currentPage、pageSize',
  ),
  list2chart: maker('list2chart', sv.companyBrandListSchema, sv.chartResultSchema, '排名段的柱线图：名称为横轴，销量柱与同比线'),
  highCharts: maker(
    'highCharts',
    sv.companyBrandChartSchema,
    sv.chartResultSchema,
    '趋势图：按时间（count 年，每年一条线）或对比厂商/品牌（foreignIds，最多 10 个）',
  ),
  carDetails: maker('carDetails', sv.companyBrandCarDetailsSchema, sv.carDetailsSchema, '车型明细：按细分市场列出子车系，含小计、细分市场合计与对比厂商/品牌'),
  download: maker('download', sv.companyBrandRankingSchema, 'xlsx', '下载排名 Excel：type 0 厂商 / 1 品牌'),
  downloadCarDetails: maker('downloadCarDetails', sv.companyBrandCarDetailsSchema, 'xlsx', '下载车型明细 Excel：type、accumulate、foreignId'),
  ppt: maker(
    'ppt',
    sv.companyBrandDeckSchema,
    'pptx',
    '导出PPT：页面所示的卡片、排名（图或列表）或趋势图、车型明细（id 为单个厂商/品牌，参数同页面：view、rank、listAccumulate、tags、sort、accumulate、detailSort、foreignId、foreignIds、compareType、count）',
  ),
};

const priceQty = under('pricevolume', 'pricevolume/priceQtyDetail');
const modelPrice = under('pricevolume', 'pricevolume/modelPrice');

export const PRICE_VOLUME = {
  highCharts: priceQty(
    'highCharts',
    pv.priceQtyChartSchema,
    sv.chartResultSchema,
    '价格段销量图：各价格段（万元，含以下/以上两段）本期与去年同期的销量（data2 0）或 MIX（1）；data1 0 TP / 1 MSRP，accumulate 0 单月 / 1 累计；brand 品牌、bodyShape 车身形式、series 系别筛选，tpCity 按该城市成交价分段',
  ),
  table: priceQty(
    'table',
    pv.priceQtyTableSchema,
    pv.dimensionTableSchema,
    '价格段明细表：type 0 系别 / 1 品牌 / 2 厂商 / 3 厂商品牌 / 4 车系，foreignIds 所选成员；titles 与 values（jgd、xl0、yoy、mix、mixYoy），其他行带 hiddenList',
  ),
  download: priceQty('download', pv.priceQtyTableSchema, 'xlsx', '下载价格段明细表 Excel：参数同 table'),
  priceQtyPpt: priceQty(
    'ppt',
    pv.priceQtyDeckSchema,
    'pptx',
    '导出PPT（车型价格段销量）：页面所示的价格段图与明细表；筛选同 table，chart 图表的销量 / MIX，rows 1 价格段小计 / 0 明细',
  ),
  singleChart: modelPrice(
    'singleChart',
    pv.modelPriceSingleChartSchema,
    pv.priceScatterSchema,
    '本车系车型的价格 × 销量/MIX 气泡图或散点图：本期与之前 count 年（1-10）的同月；city 城市',
  ),
  compareCharts: modelPrice(
    'compareCharts',
    pv.modelPriceCompareChartSchema,
    pv.priceScatterSchema,
    '车型对比图：本车系与对比车系（modelSubIds，最多 10 个）的车型，单月或累计；rank 1-5 加本细分市场第 1-10 … 41-50 名车型；city 城市',
  ),
  singleTable: modelPrice(
    'singleTable',
    pv.modelPriceSingleTableSchema,
    pv.proportionTableSchema,
    '销量占比单表：本车系车型与小计；data2 0 销量 / 1 销量同比 / 2 MIX / 3 MIX变化',
  ),
  compareTable: modelPrice(
    'compareTable',
    pv.modelPriceCompareTableSchema,
    pv.proportionTableSchema,
    '销量占比对比表：本车系与对比车系的车型及各车系小计，单月或累计',
  ),
  downloadSingleTable: modelPrice('downloadSingleTable', pv.modelPriceSingleTableSchema, 'xlsx', '下载销量占比单表 Excel'),
  downloadCompareTable: modelPrice('downloadCompareTable', pv.modelPriceCompareTableSchema, 'xlsx', '下载销量占比对比表 Excel'),
  modelPricePpt: modelPrice(
    'ppt',
    pv.modelPriceDeckSchema,
    'pptx',
    '导出PPT（销量占比分析）：页面所示的时间段对比图、单表、车型对比图与对比表；各面板参数同页面（singleData2、singleType、singleCount、singleView、compareData2、compareType、compareAccumulate、compareRank、modelSubIds、compareView、tableAccumulate）',
  ),
};

const carConfig = under('carConfig', 'carConfig');
export const CAR_CONFIG = {
  searchCar: carConfig(
    'searchCar',
    cc.configSearchSchema,
    z.array(cc.configSubSeriesSchema),
    '配置查询的子车系搜索 [{id, name}]：name 包含的文字，以其开头的在前，最多 20 个',
  ),
  get: carConfig(
    'get',
    cc.configQuerySchema,
    cc.configTableSchema,
    '配置对比：ids 子车系（最多 5 个），carJllCodes 所选车型（列序），niankuan、engin、energy、battery 筛选',
  ),
  level1: carConfig('level1', cc.configLevel1Schema, z.array(cc.configCategorySchema), '配置表的一级分类 [{id, name}]，锚点导航用'),
  download: carConfig('download', cc.configDownloadSchema, 'xlsx', '下载配置对比 Excel：同 get 的参数，加 hide（隐藏未配置项）、differ（仅显示差异项）'),
  ppt: carConfig(
    'ppt',
    cc.configDeckSchema,
    'pptx',
    '导出PPT：页面所示的车型市场表现与配置表（参数同 download；differ 缺省为 1 即只看差异项，differ=0 为全部项；列按子车系分页）',
  ),
};

export const DATA_EXPORT = {
  cityRetail: endpoint({
    method: 'POST',
    path: 'dataExport/cityRetail',
    tag: 'dataExport',
    access: 'session',
    body: 'form',
    params: de.cityRetailExportSchema,
    result: de.exportJobSchema,
    summary: '城市零售数据导出（表单）：yyyyMm 为「开始 - 结束」，各字段可重复；立即返回导出任务，完成后 result 为文件路径',
  }),
  mix: endpoint({
    method: 'POST',
    path: 'dataExport/mix',
    tag: 'dataExport',
    access: 'session',
    body: 'form',
    params: de.priceVolumeExportSchema,
    result: de.exportJobSchema,
    summary: '价量数据导出（表单）：按价格段 × 月份的销量，priceLow、priceHigh、segment（万，默认 5、40、1）；立即返回导出任务',
  }),
  price: endpoint({
    method: 'POST',
    path: 'dataExport/price',
    tag: 'dataExport',
    access: 'session',
    body: 'form',
    params: de.priceExportSchema,
    result: de.exportJobSchema,
    summary: '价格数据导出（表单）：车型 ×（选城市时 × 城市）× 月份的加权指导价、成交价、优惠、优惠率；立即返回导出任务',
  }),
  fandian: endpoint({
    method: 'POST',
    path: 'dataExport/fandian',
    tag: 'dataExport',
    access: 'session',
    body: 'form',
    params: de.rebateExportSchema,
    result: de.exportJobSchema,
    summary: '返点数据导出（表单）：车型 × 月份的加权指导价与返点；立即返回导出任务',
  }),
  job: get('dataExport', 'dataExport/job', de.exportJobQuerySchema, de.exportJobSchema, '导出任务的状态与进度：已写行数、预计行数、百分比、阶段；仅本人可见'),
  jobs: get('dataExport', 'dataExport/jobs', s.noParamsSchema, z.array(de.exportJobSchema), '我最近的导出（最多 10 个，最新在前）'),
  file: get('dataExport', 'dataExport/file', de.exportJobQuerySchema, 'xlsx', '下载已完成的导出文件；仅本人可下载，过期后不可下载'),
};

const marketPrice = under('price', 'price/marketPriceWhole');
const priceTrace = under('price', 'price/cabmodelpricetrace');
export const PRICE = {
  whole: marketPrice('whole', pr.marketPriceFilterSchema, pr.priceWholeSchema, '四张卡片：加权厂商指导价、成交价、优惠、优惠率及其环比与较 1 月变化'),
  highCharts: marketPrice('highCharts', pr.marketPriceChartSchema, sv.chartResultSchema, '价格走势图：type 0 优惠 / 1 优惠率，近 12 个月'),
  detailTable: marketPrice(
    'detailTable',
    pr.marketPriceTableSchema,
    pr.priceTableSchema,
    '月度价格表：type 0 细分市场 / 1 厂商 / 2 品牌；type2 2 成交价 / 0 优惠 / 1 优惠率',
  ),
  downloadDetailTable: marketPrice('downloadDetailTable', pr.marketPriceTableSchema, 'xlsx', '下载月度价格表 Excel：与 detailTable 同参数'),
  map: marketPrice('map', pr.marketPriceFilterSchema, pr.priceMapSchema, '各省优惠率（地图）'),
  ppt: marketPrice(
    'ppt',
    pr.marketPriceDeckSchema,
    'pptx',
    '导出PPT：页面所示的四张卡片、价格走势（dataType 0 优惠 / 1 优惠率）、各省优惠率与月度价格表（type、type2 同 detailTable）',
  ),
  traceWhole: priceTrace(
    'whole',
    pr.priceTraceWholeQuerySchema,
    pr.priceTraceWholeSchema,
    '子车系（或车型 carId）的四张卡片，含厂商与车系名称；city 某城市的成交价',
  ),
  traceHighCharts: priceTrace(
    'highCharts',
    pr.priceTraceChartSchema,
    sv.chartResultSchema,
    '车系价格走势：本品与对比车系 modelSubIds、对比车型 carIds 各一条线，一次一个指标 measure（2 成交价 / 0 优惠 / 1 优惠率 / 3 厂商指导价；缺省按 type，再缺省成交价）；city 某城市的成交价',
  ),
  nationwide: priceTrace('nationwide', pr.priceTraceSchema, pr.nationwideSchema, '区域表现：全国均价、最低价、平均优惠、最高优惠、平均及最高优惠率'),
  cityTable: priceTrace('cityTable', pr.priceTraceTableSchema, pr.priceTableSchema, '区域价格表：大区 → 省份，按月；type 2 成交价 / 0 优惠 / 1 优惠率'),
  downloadCityTable: priceTrace('downloadCityTable', pr.priceTraceTableSchema, 'xlsx', '下载区域价格表 Excel：与 cityTable 同参数'),
  tracePpt: priceTrace(
    'ppt',
    pr.priceTraceDeckSchema,
    'pptx',
    '导出PPT：页面所示的四张卡片、价格走势（本品与对比车系、车型；measure 2 成交价 / 0 优惠 / 1 优惠率 / 3 厂商指导价）、成交价差、区域表现与区域价格表（type 2 成交价 / 0 优惠 / 1 优惠率）',
  ),
  traceTpGap: priceTrace('tpGap', pr.priceTraceGapQuerySchema, pr.priceTraceGapSchema, '成交价差：本品成交价减去每个对比车系、车型的成交价，按月（元与%）'),
};

const totalMarket = under('price', 'price/totalMarket');
const detailMarket = under('price', 'price/priceDetailMarket');
const STRUCTURE_CHART =
  '价格结构图：view 0 时间（近 12 个月各价格段）/ 1 价格段（本期与去年同期）/ 2 厂商（前 10 厂商各价格段）；data2 0 销量 / 1 MIX，data1 0 TP / 1 MSRP，averageMonth 0 月均 / 1 累计';
const STRUCTURE_TABLE =
  '价格结构表：tab 0 价格总览（各价格段销量、MIX、加权成交价、指导价、优惠、优惠率）/ 1 系别 / 2 品牌 / 3 厂商 / 4 厂商品牌（成员 × 价格段的销量或 MIX）';
const STRUCTURE_DECK =
  '导出PPT：页面所示的价格段结构图与价格结构表（筛选同页面；view 与 chart 为图表的视图与销量 / MIX，tab、data2 与 sort 为表格的标签、销量 / MIX 与点击的排序）';
/** The price-structure pair (/price/totalmarket, /pricedetailmarket): the same calls, each page its own paths (the page guard). */
export const PRICE_STRUCTURE = {
  totalChart: totalMarket('highCharts', pr.priceStructureChartSchema, sv.chartResultSchema, `整体市场${STRUCTURE_CHART}`),
  totalTable: totalMarket('table', pr.priceStructureTableSchema, pr.priceStructureTableResultSchema, `整体市场${STRUCTURE_TABLE}`),
  totalDownload: totalMarket('download', pr.priceStructureTableSchema, 'xlsx', '下载整体市场价格结构表 Excel：参数同 table'),
  totalPpt: totalMarket('ppt', pr.priceStructureDeckSchema, 'pptx', `整体市场${STRUCTURE_DECK}`),
  detailChart: detailMarket(
    'highCharts',
    pr.priceStructureChartSchema,
    sv.chartResultSchema,
    `细分市场（detailId，默认当期销量最大的细分市场）${STRUCTURE_CHART}`,
  ),
  detailTable: detailMarket('table', pr.priceStructureTableSchema, pr.priceStructureTableResultSchema, `细分市场${STRUCTURE_TABLE}`),
  detailDownload: detailMarket('download', pr.priceStructureTableSchema, 'xlsx', '下载细分市场价格结构表 Excel：参数同 table'),
  detailPpt: detailMarket('ppt', pr.priceStructureDeckSchema, 'pptx', `细分市场${STRUCTURE_DECK}`),
};

const dashboard = under('dashboard', 'dashboard');
export const DASHBOARD = {
  whole: dashboard(
    'whole',
    db.dashboardWholeSchema,
    db.dashboardWholeResultSchema,
    '看板总览：新能源、整体市场、渗透率、BEV/PHEV、新创/自主/合资、厂商前十与三条数据简报；time, accumulate 0 单月 / 1 累计',
  ),
  producers: dashboard(
    'producers',
    db.dashboardProducersSchema,
    db.dashboardListSchema,
    '厂商排行（份额为整体市场的份额）：time, accumulate, pageSize 默认 10',
  ),
  brands: dashboard(
    'brands',
    db.dashboardBrandsSchema,
    db.dashboardListSchema,
    '品牌排行：jllType 2 新创 / 1 自主 / 0 合资（份额为该类型合计的份额），pageSize 默认 7',
  ),
  modelSubs: dashboard('modelSubs', db.dashboardModelSubsSchema, db.dashboardListSchema, '车型（子车系）排行：jllType，pageSize 默认 10'),
  cities: dashboard('cities', db.dashboardCitiesSchema, db.dashboardCityPageSchema, '城市排行（含限行、限购）：jllType, currentPage, pageSize 默认 10'),
  nevTrend: dashboard(
    'nevTrend',
    db.dashboardNevTrendSchema,
    db.dashboardNevTrendResultSchema,
    '新能源渗透率走势：time 及之前 12 个月，每月一点（%，一位小数）',
  ),
  ppt: dashboard(
    'ppt',
    db.dashboardDeckSchema,
    'pptx',
    '导出PPT：看板所示的卡片、渗透率走势、四张排行表与数据简报；time, accumulate, newYear, brandType（品牌与城市表）, modelType, cityPage 同页面',
  ),
};

export const MP = {
  session: endpoint({
    method: 'POST',
    path: 'mp/session',
    tag: 'mp',
    access: 'public',
    params: mp.mpLinkSchema,
    result: mp.mpSessionResultSchema,
    summary: '小程序签名链接（openId, ts, sign）→ mp 会话；未绑定的 openId 答 -1013',
  }),
  bind: endpoint({
    method: 'POST',
    path: 'mp/bind',
    tag: 'mp',
    access: 'public',
    params: mp.mpBindSchema,
    result: mp.mpSessionResultSchema,
    summary: '一次性绑定：签名链接加账号、密码，绑定 openId 并开始 mp 会话',
  }),
  unbind: endpoint({
    method: 'POST',
    path: 'mp/unbind',
    tag: 'mp',
    access: 'session',
    params: mp.mpUnbindSchema,
    result: z.object({ unbound: z.boolean() }),
    summary: '管理员解除 openId 的绑定',
  }),
  retailChart: endpoint({
    method: 'GET',
    path: 'mp/retail/getRetailChart',
    tag: 'mp',
    access: 'mp',
    params: mp.mpRetailChartSchema,
    result: mp.mpRetailChartResultSchema,
    summary: '移动端销量：type 1 厂商 / 0 品牌 / 2 厂商品牌 / 4 车型，id，provinceId，cityId → 单月、同比、年累计、同比与近 13 个月柱线图',
  }),
  searchCar: endpoint({
    method: 'GET',
    path: 'mp/retail/searchCar',
    tag: 'mp',
    access: 'mp',
    params: mp.mpSearchCarSchema,
    result: z.array(mp.mpSuggestionSchema),
    summary: '移动端搜索 [{id, name}]：type, name（任意长度；页面输入时从 2 个字符起请求建议，回车或 🔍 时总是搜索）',
  }),
  cities: endpoint({
    method: 'GET',
    path: 'mp/retail/getCities',
    tag: 'mp',
    access: 'mp',
    params: mp.mpCitiesSchema,
    result: z.array(mp.mpCitySchema),
    summary: '移动端城市选择：provinceId → 该省城市，无 provinceId → 全部城市（搜索框用）[{id, name, provinceId}]（6 位行政区划代码）',
  }),
  searchAll: endpoint({
    method: 'GET',
    path: 'mp/retail/searchAll',
    tag: 'mp',
    access: 'mp',
    params: mp.mpSearchAllSchema,
    result: z.array(mp.mpTabMatchesSchema),
    summary: '移动端跨页签搜索：name → 厂商、品牌、厂商品牌、车型四个页签各自的匹配 [{type, label, list: [{id, name}]}]（按页签顺序）',
  }),
};

const reports = under('reportDownload', 'reportDownload');
const adminPost = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, body: 'json' | 'multipart', summary: string) =>
  endpoint({ method: 'POST', path: `reportDownload/${path}`, tag: 'reportDownload', access: 'session', adminOnly: true, body, params, result, summary });
export const REPORT_DOWNLOAD = {
  list: reports(
    'list',
    rd.reportListSchema,
    rd.reportPageSchema,
    '报告列表：startDate, endDate（上传月份，默认今年 1 月至本月）, producerIds, name, page, pageSize（默认 10）→ result.items [{id, createTime, producerName, name}]',
  ),
  download: reports(
    'download',
    rd.reportDownloadSchema,
    'xlsx',
    '下载报告：ids 逗号分隔；一个 id 为文件本身，多个为 .zip 压缩包（由任务打包）；不存在或无权查看的 id 答 404',
  ),
  bundle: reports('bundle', rd.reportDownloadSchema, rd.reportBundleSchema, '打包下载：ids（多个）→ 打包任务，立即返回；完成后 result 为压缩包路径'),
  bundleJob: reports('bundleJob', rd.reportBundleQuerySchema, rd.reportBundleSchema, '打包任务的进度：已加入文件数 / 文件总数、百分比；仅本人可见'),
  bundleFile: reports('bundleFile', rd.reportBundleQuerySchema, 'xlsx', '下载已完成的报告压缩包（.zip）；仅本人可下载'),
  upload: adminPost(
    'upload',
    rd.reportUploadSchema,
    rd.reportUploadResultSchema,
    'multipart',
    '管理员上传报告（multipart）：files（xlsx、docx、pptx、pdf，按内容判断类型，每个不超过 20 MB）、producerId、month、name',
  ),
  replace: adminPost('replace', rd.reportReplaceSchema, rd.reportUploadResultSchema, 'multipart', '管理员替换报告文件（multipart）：id、file，可改 name'),
  remove: adminPost('delete', rd.reportDeleteSchema, z.object({ deleted: z.number().int() }), 'json', '管理员删除报告：id（文件一并删除）'),
};

const adminGet = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R | 'xlsx', summary: string) =>
  endpoint({ method: 'GET', path: `admin/${path}`, tag: 'admin', access: 'session', adminOnly: true, params, result, summary });
const adminAction = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, summary: string) =>
  endpoint({ method: 'POST', path: `admin/${path}`, tag: 'admin', access: 'session', adminOnly: true, body: 'json', params, result, summary });

/** 用户管理 (/admin/users): administrators only. */
export const ADMIN_USERS = {
  list: adminGet(
    'users/list',
    ad.userListSchema,
    ad.userPageSchema,
    '用户列表，最新创建在前：keyword（账号或昵称）, role, status（enabled / disabled）, page, pageSize（默认 20）',
  ),
  options: adminGet('users/options', s.noParamsSchema, ad.userOptionsSchema, '用户表单的选项：角色 [{code, name}]，厂商及其品牌 [{id, name, brands}]'),
  bindings: adminGet('users/bindings', ad.userIdQuerySchema, ad.bindingListSchema, '用户的小程序绑定 [{openId, createTime}]；解除绑定用 mp/unbind'),
  create: adminAction(
    'users/create',
    ad.userCreateSchema,
    ad.adminUserSchema,
    '创建用户：account, password（密码规则）, nickname, role, producerId, brandId；首次登录须修改密码',
  ),
  update: adminAction(
    'users/update',
    ad.userUpdateSchema,
    ad.adminUserSchema,
    '修改用户：id, nickname, role, producerId, brandId（未给出即为无）；旧令牌随之失效',
  ),
  disable: adminAction('users/disable', ad.userIdBodySchema, ad.adminUserSchema, '停用用户：id；其令牌立即失效（-1012），不能停用自己或最后一个管理员'),
  enable: adminAction('users/enable', ad.userIdBodySchema, ad.adminUserSchema, '启用用户：id'),
  resetPassword: adminAction(
    'users/resetPassword',
    ad.userIdBodySchema,
    ad.passwordResetSchema,
    '重置密码：id → 临时密码（仅此一次显示）；旧令牌失效，下次登录须修改密码',
  ),
  revokeSessions: adminAction('users/revokeSessions', ad.userIdBodySchema, ad.adminUserSchema, '吊销用户的全部会话：id；已签发的令牌答 -1012'),
};

/** 安全日志 (/admin/audit): administrators only. */
export const ADMIN_AUDIT = {
  list: adminGet(
    'audit/list',
    ad.auditListSchema,
    ad.auditPageSchema,
    '安全日志，最新在前：events（逗号分隔）, account, address（前缀）, from, to（YYYY-MM-DD，北京时间）, page, pageSize',
  ),
  download: adminGet('audit/download', ad.auditDownloadSchema, 'xlsx', '下载安全日志 Excel：与列表相同的筛选，最多 100000 行'),
};

/** 任务监控 (/admin/jobs): administrators only, in both queue modes. */
export const ADMIN_JOBS = {
  list: adminGet(
    'jobs/list',
    aj.jobListSchema,
    aj.jobPageSchema,
    '任务列表（管理员）：state（waiting、active、completed、failed）, kind, page, pageSize（默认 20）→ 最新入队在前，含进度、耗时、错误',
  ),
  summary: adminGet(
    'jobs/summary',
    aj.jobSummaryQuerySchema,
    aj.jobSummarySchema,
    '任务概况（管理员）：队列模式、各状态任务数（可按 kind）、任务类型、BullMQ 看板地址',
  ),
  retry: adminAction('jobs/retry', aj.jobRetrySchema, aj.jobRetryResultSchema, '重试失败的任务（管理员）：id → 以原参数重新入队'),
};

/** 群机器人 (/admin/robots): administrators register, edit, test and delete; analysts list their team's by name only. */
export const ADMIN_ROBOTS = {
  list: adminGet(
    'robots/list',
    s.noParamsSchema,
    z.array(rb.adminRobotSchema),
    '群机器人列表（管理员）：名称、所属厂商、类型、地址的主机名、是否设密钥、最近一次发送；不含地址与密钥',
  ),
  options: adminGet('robots/options', s.noParamsSchema, rb.robotOptionsSchema, '群机器人表单的选项：类型 [{code, name}]，厂商 [{id, name}]'),
  deliveries: adminGet(
    'robots/deliveries',
    rb.robotDeliveriesQuerySchema,
    z.array(rb.robotDeliverySchema),
    '机器人最近 20 次发送，最新在前：状态、次数、失败原因',
  ),
  create: adminAction(
    'robots/create',
    rb.robotCreateSchema,
    rb.adminRobotSchema,
    '登记群机器人：name, producerId（无：所有团队）, service（wecom、dingtalk、feishu）, url（https，公网地址）, secret（钉钉、飞书加签）, enabled',
  ),
  update: adminAction(
    'robots/update',
    rb.robotUpdateSchema,
    rb.adminRobotSchema,
    '修改群机器人：url、secret 留空则保留原值，clearSecret 清除密钥；有密钥的钉钉或飞书机器人改为企业微信须同时传 clearSecret 确认删除密钥',
  ),
  remove: adminAction('robots/delete', rb.robotIdBodySchema, rb.robotDeleteResultSchema, '删除群机器人及其发送记录：id'),
  test: adminAction('robots/test', rb.robotIdBodySchema, rb.robotDeliverySchema, '发送测试消息：id → 排队的发送记录（失败按退避重试）'),
};

/** The team's robots, for any signed-in user: their own producer's and everyone's, enabled, by name only. */
export const ROBOTS = {
  team: get('robots', 'robots/team', s.noParamsSchema, z.array(rb.teamRobotSchema), '本团队可用的群机器人（已启用）：id、名称、类型；不含地址与密钥'),
};

const importGet = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R | 'xlsx', summary: string) =>
  endpoint({ method: 'GET', path: `dataImport/${path}`, tag: 'dataImport', access: 'session', adminOnly: true, params, result, summary });
const importPost = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, body: 'json' | 'multipart', summary: string) =>
  endpoint({ method: 'POST', path: `dataImport/${path}`, tag: 'dataImport', access: 'session', adminOnly: true, body, params, result, summary });
export const DATA_IMPORT = {
  upload: importPost(
    'upload',
    di.importUploadSchema,
    di.dataImportSchema,
    'multipart',
    '管理员导入数据（multipart）：file（CSV：UTF-8 或 GBK；或 XLSX）、kind（retail、wholesale、price、msrp、rebate；catalog 车型目录、config 配置表不按月份，忽略月份区间）、from、to（声明的月份区间）→ 导入任务，先校验后写入',
  ),
  job: importGet('job', di.importIdSchema, di.dataImportSchema, '导入任务的进度：已读、有效、已写入行数，错误与警告数'),
  jobs: importGet('jobs', di.importListSchema, z.array(di.dataImportSchema), '最近的导入任务（所有管理员的）'),
  problems: importGet(
    'problems',
    di.importProblemsQuerySchema,
    di.importProblemsSchema,
    '导入问题清单的前 limit 条（默认 100）：行号、列、级别、说明；total 为总数',
  ),
  report: importGet('report', di.importIdSchema, 'xlsx', '下载导入问题报告（.xlsx）'),
  template: importGet('template', di.importTemplateSchema, 'xlsx', '下载导入模板：kind，format（xlsx 默认，或 csv：UTF-8 带 BOM）'),
  confirm: importPost('confirm', di.importIdSchema, di.dataImportSchema, 'json', '确认导入待确认任务中的有效行（有错误的行不写入）'),
  cancel: importPost(
    'cancel',
    di.importIdSchema,
    di.dataImportSchema,
    'json',
    '取消待确认的导入，或没有任务在执行的排队中、校验中、写入中的导入（进程中断后留下的）：不写入任何数据',
  ),
};

const viewGet = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, summary: string) =>
  get('views', `views/${path}`, params, result, summary);
const viewPost = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, summary: string) =>
  endpoint({ method: 'POST', path: `views/${path}`, tag: 'views', access: 'session', body: 'json', params, result, summary });
/** 我的视图 (/myviews): every signed-in user's own saved views and those shared with them. */
export const VIEWS = {
  list: viewGet('list', s.noParamsSchema, vw.viewListSchema, '我的视图：mine（本人的，最近修改在前）与 shared（共享给我的，只读），limit 为上限'),
  save: viewPost('save', vw.viewSaveSchema, vw.savedViewSchema, '保存视图：name、path（分析页面）、query（地址栏的查询串）'),
  rename: viewPost('rename', vw.viewRenameSchema, vw.savedViewSchema, '重命名本人的视图：id、name'),
  remove: viewPost('delete', vw.viewIdBodySchema, z.object({ deleted: z.number().int() }), '删除本人的视图：id（共享随之取消）'),
  share: viewPost('share', vw.viewShareSchema, vw.savedViewSchema, '共享本人的视图：id、userIds（指定同事，整表替换）、producer（本厂商全部同事）'),
  copy: viewPost('copy', vw.viewCopySchema, vw.savedViewSchema, '另存为我的视图：id（本人的或共享给我的）、name'),
  open: viewGet(
    'open',
    vw.viewIdQuerySchema,
    vw.viewOpeningSchema,
    '打开视图：id → 页面地址（仅保留页面仍读取的条件）与被忽略的条件；页面不在本人菜单中时答 403',
  ),
  colleagues: viewGet(
    'colleagues',
    vw.colleagueQuerySchema,
    z.array(vw.colleagueSchema),
    '可共享的同事：分析师为本厂商其他启用的分析师，管理员为其他启用的用户；keyword 匹配账号或昵称，最多 50 位',
  ),
};

/** 订阅与提醒 (/alerts/subscriptions, /alerts/notifications): each user's own subscriptions and notifications. */
const alertGet = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, summary: string) =>
  endpoint({ method: 'GET', path: `alerts/${path}`, tag: 'alerts', access: 'session', params, result, summary });
const alertPost = <P extends z.ZodType, R extends z.ZodType>(path: string, params: P, result: R, summary: string) =>
  endpoint({ method: 'POST', path: `alerts/${path}`, tag: 'alerts', access: 'session', body: 'json', params, result, summary });
export const ALERTS = {
  subscriptions: alertGet(
    'subscriptions',
    s.noParamsSchema,
    z.array(al.alertSubscriptionSchema),
    '我的订阅，最新在前：视图、提醒方式（新月份 / 指标条件）、是否暂停',
  ),
  rows: alertGet('rows', al.alertRowsQuerySchema, z.array(al.alertRowSchema), '条件的对象：kind（producer、brand、subSeries、province、city）→ [{id, name}]'),
  create: alertPost(
    'subscriptions/create',
    al.alertSubscriptionCreateSchema,
    al.alertSubscriptionSchema,
    '订阅视图：name, path, search（视图的页面与查询串）, kind newMonth（新月份）或 condition（measure, comparison, threshold, rowKind, rowId）',
  ),
  update: alertPost('subscriptions/update', al.alertSubscriptionUpdateSchema, al.alertSubscriptionSchema, '修改订阅：id 与创建时的全部字段'),
  pause: alertPost('subscriptions/pause', al.alertSubscriptionPauseSchema, al.alertSubscriptionSchema, '暂停或恢复订阅：id, paused'),
  remove: alertPost('subscriptions/delete', al.alertSubscriptionIdSchema, z.object({ deleted: z.number().int() }), '删除订阅：id（其提醒一并删除）'),
  notifications: alertGet(
    'notifications',
    al.alertNotificationListSchema,
    al.alertNotificationPageSchema,
    '我的提醒，最新在前：page, pageSize（默认 20）；含未读数',
  ),
  unread: alertGet('notifications/unread', s.noParamsSchema, al.alertUnreadSchema, '未读提醒数（页头的铃铛）'),
  read: alertPost('notifications/read', al.alertNotificationReadSchema, al.alertUnreadSchema, '标为已读：ids → 未读提醒数'),
  readAll: alertPost('notifications/readAll', NO_BODY, al.alertUnreadSchema, '全部标为已读 → 未读提醒数（0）'),
};

/** Every call, in the order the OpenAPI description lists them. */
export const ENDPOINTS: readonly Endpoint[] = [
  SECURITY,
  HEALTH,
  SEARCH,
  WHOLE_MARKET,
  AREA_MARKET,
  COMPANY_BRAND,
  PRICE_VOLUME,
  CAR_CONFIG,
  DATA_EXPORT,
  PRICE,
  PRICE_STRUCTURE,
  DASHBOARD,
  MP,
  REPORT_DOWNLOAD,
  DATA_IMPORT,
  ADMIN_USERS,
  ADMIN_AUDIT,
  ADMIN_JOBS,
  VIEWS,
  ADMIN_ROBOTS,
  ROBOTS,
  ALERTS,
].flatMap((group) => Object.values(group) as Endpoint[]);

/** The call a method and path (under /car/api, no leading slash, no query) name, if any. */
export function endpointAt(method: string, path: string): Endpoint | undefined {
  const wanted = path.replace(/^\/+|\/+$/g, '');
  return ENDPOINTS.find((e) => e.method === method.toUpperCase() && e.path === wanted);
}

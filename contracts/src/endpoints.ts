import { z } from 'zod';
import * as db from './dashboard';
import { healthReportSchema } from './health';
import * as mp from './mp';
import * as sv from './sale-volume';
import * as s from './search';
import { changePasswordSchema, currentUserSchema, emptyResultSchema, loginResultSchema, loginSchema, menuGroupSchema } from './security';

/**
 * Every call of the API, declared once: method, path (under /car/api), who may call it, its parameters
 * (the query of a GET, the body of a POST) and its result (inside the `{code, msg, result}` envelope),
 * or `xlsx` for a download. The controllers route and validate by it, the pages call by it, the tests
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
  result: R | 'xlsx';
}

function endpoint<P extends z.ZodType, R extends z.ZodType>(definition: Endpoint<P, R>): Endpoint<P, R> {
  return definition;
}

const get = <P extends z.ZodType, R extends z.ZodType>(tag: string, path: string, params: P, result: R | 'xlsx', summary: string) =>
  endpoint({ method: 'GET', path, tag, summary, access: 'session', params, result });

/** The parameters a call validates, as the service receives them. */
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType> ? z.output<P> : never;
/** What a call answers inside the envelope. */
export type ResultOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;

/** The body of a call that reads none (logout): whatever comes is ignored, never refused. */
export const NO_BODY = z.object({}).loose();

export const SECURITY = {
  login: endpoint({
    method: 'POST', path: 'security/login', tag: 'security', access: 'public', params: loginSchema, result: loginResultSchema,
    summary: '登录：account, password → {token, nickname}，并设置 car-token Cookie',
  }),
  logout: endpoint({ method: 'POST', path: 'security/logout', tag: 'security', access: 'session', params: NO_BODY, result: emptyResultSchema, summary: '退出：吊销当前令牌并清除 Cookie' }),
  changePassword: endpoint({
    method: 'POST', path: 'security/changePwd', tag: 'security', access: 'session', params: changePasswordSchema, result: emptyResultSchema,
    summary: '修改密码：oldPwd, newPwd；成功后此前的令牌全部失效',
  }),
  menus: get('security', 'security/menus', s.noParamsSchema, z.array(menuGroupSchema), '当前用户角色的菜单：[{id, name, path, subMenuItems}]'),
  me: get('security', 'security/me', s.noParamsSchema, currentUserSchema, '当前用户：{id, account, nickname, role, producerId, brandId}'),
};

export const HEALTH = {
  check: endpoint({ method: 'GET', path: 'health', tag: 'health', access: 'public', params: s.noParamsSchema, result: healthReportSchema, summary: '健康检查：数据库（延迟、最新月份）与任务队列' }),
};

/** The GET calls of one module under one path: `under('saleVolume', 'saleVolume/wholeMarket')('whole', …)`. */
const under =
  (tag: string, prefix: string) =>
  <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, result: R | 'xlsx', summary: string) =>
    get(tag, `${prefix}/${name}`, params, result, summary);

const search = under('search', 'search');

export const SEARCH = {
  calendar: search('calendar', s.calendarSchema, s.monthListSchema, '有数据的月份，最新在前：category 无=零售(看板) 1=价格 2=零售(价格段/导出) 3=返点'),
  detailMarkets: search('getDetailMarket', s.detailMarketSchema, z.array(s.idNameSchema), '细分市场选择：[{id:-1,name:整体市场}, …]；category 1 轿车 2 SUV 3 MPV 4 跑车'),
  allDetailMarkets: search('getAllDetailMarket', s.detailMarketSchema, z.array(s.idNameSchema), '全部细分市场 [{id, name}]（无整体市场项）；category 可选'),
  fuels: search('getFuels', s.noParamsSchema, z.array(s.keyValueSchema), '燃料类型 [{key, value}] (dicFuel)'),
  producerProperties: search('getProducerProperties', s.noParamsSchema, z.array(s.keyValueSchema), '厂商属性 [{key, value}] (dicProducerProperty)'),
  wholes: search('getWholes', s.noParamsSchema, z.array(s.keyValueSchema), '整体市场页的厂商属性单选：[{key:-1,value:全部}, …]'),
  brandProperties: search('getBrandProperties', s.noParamsSchema, z.array(s.keyValueSchema), '品牌属性 [{key, value}] (dicBoundProperty)'),
  bodyShapes: search('getBodyShapes', s.noParamsSchema, z.array(s.keyValueSchema), '车身形式 [{key, value}] (dicBodyShape)'),
  dictionary: search('dictionary', s.dictionarySchema, z.array(s.keyValueSchema), '字典 [{key, value}]：type 为 dicFuel、dicEngine、dicGearBox(gearbox)、dicDriving(driving)、useNature、owner、colour 等'),
  producers: search('getProducers', s.makerListSchema, s.idNameGroupsSchema, '厂商，按首字母分组 [{letter, list:[{id, name}]}]：key, letter, detailId, producerProperties, brandProperties'),
  brands: search('getBrands', s.makerListSchema, s.idNameGroupsSchema, '品牌，按首字母分组：key, letter, detailId, producerProperties, brandProperties'),
  producerBrands: search('getProducerBrands', s.makerListSchema, s.idNameGroupsSchema, '厂商品牌，按首字母分组：key, letter, detailId, producerProperties, brandProperties'),
  reportProducers: search('getReportProducers', s.makerListSchema, s.idNameGroupsSchema, '有报告的厂商，按首字母分组：key, letter, detailId, producerProperties, brandProperties'),
  series: search('getSeries', s.seriesListSchema, z.array(s.letterGroupSchema(s.seriesItemSchema)), '车系按首字母分组，含子车系 [{letter, list:[{id, name, subList}]}]：厂商筛选加 producerIds, brandIds'),
  subModels: search('getSubModels', s.subModelSchema, z.array(s.idNameSchema), '按名称搜索子车系 [{id, name}]，最多 50 个：key 及可选筛选'),
  cars: search('getCars', s.carListSchema, z.array(s.subSeriesCarsSchema), '子车系的在售车型 [{id, name, cars:[{id, name, msrp, mix}]}]：modelSubIds 或 id，time 默认最新月'),
  areas: search('getAreas', s.noParamsSchema, z.array(s.areaNodeSchema), '大区 [{id, name, code, dimensionality:1}]'),
  provinces: search('getProvinces', s.provinceSchema, z.array(s.provinceNodeSchema), '省份 [{id, name, shortName, code, dimensionality:2, areaId}]：areaId 可选'),
  cities: search('getCities', s.citySchema, z.array(s.cityNodeSchema), '城市 [{id, name, code, dimensionality:3, provinceId, provinceCode, tier}]：provinceId/provinceIds, areaIds, condition'),
  provinceCities: search('getProvinceCities', s.provinceCitySchema, z.array(s.provinceCitiesSchema), '按省分组的城市 [{id, name, cities:[{id, name}]}]：condition, areaIds, provinceIds'),
  complex: search('complexBPs', s.complexSchema, s.complexResultSchema, '导出页级联选择：type 0 品牌 1 厂商 2 厂商品牌（按首字母分组）3 车系 4 子车系 5 车型（平铺）；condition, brandIds, producerIds, producerBrands, modelIds, modelSubIds'),
};

const whole = under('saleVolume', 'saleVolume/wholeMarket');

export const WHOLE_MARKET = {
  whole: whole('whole', sv.saleVolumeFilterSchema, sv.summarySchema, '五张卡片：当月销量、同比、环比、本年累计、累计同比'),
  highCharts: whole('highCharts', sv.wholeMarketChartSchema, sv.chartResultSchema, '趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数（0 全部）'),
  detail: whole('detail', sv.wholeMarketTableSchema, sv.tablePageSchema, '细分市场表（按类别合并，含小计与合计）'),
  series: whole('series', sv.wholeMarketTableSchema, sv.tablePageSchema, '系别表（含合计）'),
  bound: whole('bound', sv.wholeMarketTableSchema, sv.tablePageSchema, '品牌排名（分页）'),
  producer: whole('producer', sv.wholeMarketTableSchema, sv.tablePageSchema, '厂商排名（分页）'),
  modelSub: whole('modelSub', sv.wholeMarketTableSchema, sv.tablePageSchema, '车系排名（子车系，分页）'),
  area: whole('area', sv.wholeMarketAreaSchema, sv.tablePageSchema, '区域表：dimensionality 1 大区 / 2 省份（按大区合并）；仅零售量'),
  download: whole('download', sv.wholeMarketDownloadSchema, 'xlsx', '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商 / 5 车系'),
};

const area = under('saleVolume', 'saleVolume/areaMarket');

export const AREA_MARKET = {
  whole: area('whole', sv.areaMarketFilterSchema, sv.summarySchema, '所选地区的五张卡片：当月销量、同比、环比、本年累计、累计同比'),
  highCharts: area('highCharts', sv.areaMarketChartSchema, sv.chartResultSchema, '所选地区的趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数 1-10（默认 2）'),
  detail: area('detail', sv.areaMarketTableSchema, sv.tablePageSchema, '所选地区的细分市场表（按类别合并，含小计与合计）'),
  series: area('series', sv.areaMarketTableSchema, sv.tablePageSchema, '所选地区的系别表（含合计）'),
  bound: area('bound', sv.areaMarketTableSchema, sv.tablePageSchema, '所选地区的品牌排名（分页）'),
  producer: area('producer', sv.areaMarketTableSchema, sv.tablePageSchema, '所选地区的厂商排名（分页）'),
  area: area('area', sv.areaMarketTableSchema, sv.areaTreePageSchema, '地区树与地图：所选地区的下级（全国→大区→省份，大区→省份→城市，省份→城市），仅零售量'),
  download: area('download', sv.areaMarketDownloadSchema, 'xlsx', '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商'),
};

const maker = under('saleVolume', 'saleVolume/companyBrand');

export const COMPANY_BRAND = {
  whole: maker('whole', sv.companyBrandFilterSchema, sv.summarySchema, '五张卡片：foreignId 的厂商（type 0）或品牌（其他），未选时为整体市场'),
  list: maker('list', sv.companyBrandListSchema, sv.tendencyPageSchema, '销量趋势排名：type 0 厂商 / 1 品牌；accumulate 0 当月 / 1 本年累计；rank 1-5 排名段或 currentPage、pageSize'),
  list2chart: maker('list2chart', sv.companyBrandListSchema, sv.chartResultSchema, '排名段的柱线图：名称为横轴，销量柱与同比线'),
  highCharts: maker('highCharts', sv.companyBrandChartSchema, sv.chartResultSchema, '趋势图：按时间（count 年，每年一条线）或对比厂商/品牌（foreignIds，最多 10 个）'),
  carDetails: maker('carDetails', sv.companyBrandCarDetailsSchema, sv.carDetailsSchema, '车型明细：按细分市场列出子车系，含小计、细分市场合计与对比厂商/品牌'),
  download: maker('download', sv.companyBrandListSchema, 'xlsx', '下载排名 Excel：type 0 厂商 / 1 品牌'),
  downloadCarDetails: maker('downloadCarDetails', sv.companyBrandCarDetailsSchema, 'xlsx', '下载车型明细 Excel：type、accumulate、foreignId'),
};

const dashboard = under('dashboard', 'dashboard');

export const DASHBOARD = {
  whole: dashboard('whole', db.dashboardWholeSchema, db.dashboardWholeResultSchema, '看板总览：新能源、整体市场、渗透率、BEV/PHEV、新创/自主/合资、厂商前十与三条数据简报；time, accumulate 0 单月 / 1 累计'),
  producers: dashboard('producers', db.dashboardProducersSchema, db.dashboardListSchema, '厂商排行（份额为整体市场的份额）：time, accumulate, pageSize 默认 10'),
  brands: dashboard('brands', db.dashboardBrandsSchema, db.dashboardListSchema, '品牌排行：jllType 2 新创 / 1 自主 / 0 合资（份额为该类型合计的份额），pageSize 默认 7'),
  modelSubs: dashboard('modelSubs', db.dashboardModelSubsSchema, db.dashboardListSchema, '车型（子车系）排行：jllType，pageSize 默认 10'),
  cities: dashboard('cities', db.dashboardCitiesSchema, db.dashboardCityPageSchema, '城市排行（含限行、限购）：jllType, currentPage, pageSize 默认 10'),
};

export const MP = {
  session: endpoint({ method: 'POST', path: 'mp/session', tag: 'mp', access: 'public', params: mp.mpLinkSchema, result: mp.mpSessionResultSchema, summary: '小程序签名链接（openId, ts, sign）→ mp 会话；未绑定的 openId 答 -1013' }),
  bind: endpoint({ method: 'POST', path: 'mp/bind', tag: 'mp', access: 'public', params: mp.mpBindSchema, result: mp.mpSessionResultSchema, summary: '一次性绑定：签名链接加账号、密码，绑定 openId 并开始 mp 会话' }),
  unbind: endpoint({ method: 'POST', path: 'mp/unbind', tag: 'mp', access: 'session', params: mp.mpUnbindSchema, result: z.object({ unbound: z.boolean() }), summary: '管理员解除 openId 的绑定' }),
  retailChart: endpoint({ method: 'GET', path: 'mp/retail/getRetailChart', tag: 'mp', access: 'mp', params: mp.mpRetailChartSchema, result: mp.mpRetailChartResultSchema, summary: '移动端销量：type 1 厂商 / 0 品牌 / 2 厂商品牌 / 4 车型，id，provinceId，cityId → 单月、同比、年累计、同比与近 13 个月柱线图' }),
  searchCar: endpoint({ method: 'GET', path: 'mp/retail/searchCar', tag: 'mp', access: 'mp', params: mp.mpSearchCarSchema, result: z.array(mp.mpSuggestionSchema), summary: '移动端搜索建议 [{id, name}]：type, name（至少 2 个字符）' }),
};

/** Every call, in the order the OpenAPI description lists them. */
export const ENDPOINTS: readonly Endpoint[] = [SECURITY, HEALTH, SEARCH, WHOLE_MARKET, AREA_MARKET, COMPANY_BRAND, DASHBOARD, MP].flatMap((group) => Object.values(group) as Endpoint[]);

/** The call a method and path (under /car/api, no leading slash, no query) name, if any. */
export function endpointAt(method: string, path: string): Endpoint | undefined {
  const wanted = path.replace(/^\/+|\/+$/g, '');
  return ENDPOINTS.find((e) => e.method === method.toUpperCase() && e.path === wanted);
}

import * as sv from './sale-volume';
import { under } from './endpoint';

/** 整体市场、区域市场、厂商品牌 (backend/src/saleVolume). */

const whole = under('saleVolume', 'saleVolume/wholeMarket');

export const WHOLE_MARKET = {
  whole: whole('whole', sv.saleVolumeFilterSchema, sv.summarySchema, '五张卡片：当月销量、同比、环比、本年累计、累计同比'),
  highCharts: whole('highCharts', sv.wholeMarketChartSchema, sv.chartResultSchema, '趋势图：timeDimensionality 0 月 / 1 季 / 2 年，count 年数（0 全部）'),
  detail: whole('detail', sv.wholeMarketTableSchema, sv.tablePageSchema, '细分市场表（按类别合并，含小计与合计）'),
  series: whole('series', sv.wholeMarketTableSchema, sv.tablePageSchema, '系别表（含合计）'),
  bound: whole('bound', sv.wholeMarketRankingSchema, sv.tablePageSchema, '品牌排名（分页）'),
  producer: whole('producer', sv.wholeMarketRankingSchema, sv.tablePageSchema, '厂商排名（分页）'),
  modelSub: whole(
    'modelSub',
    sv.wholeMarketSubSeriesSchema,
    sv.tablePageSchema,
    '车系排名（子车系，分页）；setOwn、setRivals 为竞品组的本品与竞品子车系时只列组内车系，并给出组内份额与组内排名',
  ),
  area: whole('area', sv.wholeMarketAreaSchema, sv.tablePageSchema, '区域表：dimensionality 1 大区 / 2 省份（按大区合并）；仅零售量'),
  download: whole(
    'download',
    sv.wholeMarketDownloadSchema,
    'xlsx',
    '下载 Excel：type 0 细分市场 / 1 系别 / 2 品牌 / 3 区域 / 4 厂商 / 5 车系（可带竞品组 setOwn、setRivals、setName）',
  ),
  ppt: whole(
    'ppt',
    sv.wholeMarketDeckSchema,
    'pptx',
    '导出PPT：页面所示的卡片、趋势图与排行表（筛选、图表与表格参数同页面，tags 数据列，sort 排序；车系表可带竞品组 setOwn、setRivals、setName）',
  ),
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

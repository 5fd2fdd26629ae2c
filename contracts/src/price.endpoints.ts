import * as pr from './price';
import * as sv from './sale-volume';
import { under } from './endpoint';

/** 价格: market price, price trace and the price-structure pair (backend/src/price). */

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

import * as pv from './price-volume';
import * as sv from './sale-volume';
import { under } from './endpoint';

/** 车型价格段销量与销量占比分析 (backend/src/pricevolume). */

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

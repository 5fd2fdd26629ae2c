import * as a from './attribution';
import { calls } from './endpoint';

const attribution = calls('attribution', 'attribution');

/** 归因分析 (issue 50, decision 302): three splits of a change, each with its workbook and its deck. */
export const ATTRIBUTION = {
  volume: attribution.get(
    'volume',
    a.volumeAttributionQuerySchema,
    a.volumeAttributionSchema,
    '销量拉动：范围（time、source、detailId、producerProperty、fuels、area+level、familyId、producerId、brandId、subSeriesId、tier、竞品组 setOwn/setRivals）内销量在两期（compare 0 同比、1 环比、2 累计同比、3 1-2月合计同比）间的变化按 by 拆分：各成员变化量、拉动（百分点，合计等于增速）、变化占比，瀑布图与下钻参数',
  ),
  volumeDownload: attribution.get('volume/download', a.volumeAttributionQuerySchema, 'xlsx', '销量拉动的工作簿：参数同 volume'),
  volumePpt: attribution.get('volume/ppt', a.volumeAttributionQuerySchema, 'pptx', '导出PPT（销量拉动）：参数同 volume；瀑布图（原生图表）、明细表与口径说明'),
  share: attribution.get(
    'share',
    a.shareAttributionQuerySchema,
    a.shareAttributionSchema,
    '份额归因：对象（subjectType producer/brand/subSeries + subjectId，缺省为本人厂商；给出竞品组时为本品在组内的份额）在范围内的份额变化按 by 拆分为结构效应、表现效应与交互效应（百分点，三者之和等于份额变化）',
  ),
  shareDownload: attribution.get('share/download', a.shareAttributionQuerySchema, 'xlsx', '份额归因的工作簿：参数同 share'),
  sharePpt: attribution.get('share/ppt', a.shareAttributionQuerySchema, 'pptx', '导出PPT（份额归因）：参数同 share'),
  price: attribution.get(
    'price',
    a.priceAttributionQuerySchema,
    a.priceAttributionSchema,
    '价格归因：整体市场、细分市场、厂商、品牌或车系（subjectType + subjectId）的全国加权成交价（measure tp）或优惠（discount）在两期间的变化拆分为价格效应、结构效应、交互效应、新品效应与退市效应（元，五项之和等于变化）',
  ),
  priceDownload: attribution.get('price/download', a.priceAttributionQuerySchema, 'xlsx', '价格归因的工作簿：参数同 price'),
  pricePpt: attribution.get('price/ppt', a.priceAttributionQuerySchema, 'pptx', '导出PPT（价格归因）：参数同 price'),
};

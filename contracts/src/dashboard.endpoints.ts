import * as db from './dashboard';
import { under } from './endpoint';

/** 看板 (backend/src/dashboard). */

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

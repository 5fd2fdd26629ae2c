import { z } from 'zod';
import * as de from './data-export';
import * as s from './search';
import { endpoint, get } from './endpoint';

/** 数据导出: queued exports and their files (backend/src/dataExport). */

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

import * as s from './search';
import { healthReportSchema } from './health';
import { endpoint } from './endpoint';

/** 健康检查 (backend/src/health). */

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

import { z } from 'zod';
import * as di from './data-import';
import { calls } from './endpoint';

/** 数据导入 (backend/src/dataImport): administrators only. */

const imports = calls('dataImport', 'dataImport', true);
export const DATA_IMPORT = {
  upload: imports.upload(
    'upload',
    di.importUploadSchema,
    di.dataImportSchema,
    '管理员导入数据（multipart）：file（CSV：UTF-8 或 GBK；或 XLSX）、kind（retail、wholesale、price、msrp、rebate；catalog 车型目录、config 配置表不按月份，忽略月份区间）、from、to（声明的月份区间）→ 导入任务，先校验后写入',
  ),
  job: imports.get('job', di.importIdSchema, di.dataImportSchema, '导入任务的进度：已读、有效、已写入行数，错误与警告数'),
  jobs: imports.get('jobs', di.importListSchema, z.array(di.dataImportSchema), '最近的导入任务（所有管理员的）'),
  problems: imports.get(
    'problems',
    di.importProblemsQuerySchema,
    di.importProblemsSchema,
    '导入问题清单的前 limit 条（默认 100）：行号、列、级别、说明；total 为总数',
  ),
  report: imports.get('report', di.importIdSchema, 'xlsx', '下载导入问题报告（.xlsx）'),
  template: imports.get('template', di.importTemplateSchema, 'xlsx', '下载导入模板：kind，format（xlsx 默认，或 csv：UTF-8 带 BOM）'),
  confirm: imports.post('confirm', di.importIdSchema, di.dataImportSchema, '确认导入待确认任务中的有效行（有错误的行不写入）'),
  cancel: imports.post(
    'cancel',
    di.importIdSchema,
    di.dataImportSchema,
    '取消待确认的导入，或没有任务在执行的排队中、校验中、写入中的导入（进程中断后留下的）：不写入任何数据',
  ),
};

import { z } from 'zod';
import * as rd from './report-download';
import { calls, under } from './endpoint';

/** 报告下载 (backend/src/reportDownload). */

const reports = under('reportDownload', 'reportDownload');
const administrators = calls('reportDownload', 'reportDownload', true);
export const REPORT_DOWNLOAD = {
  list: reports(
    'list',
    rd.reportListSchema,
    rd.reportPageSchema,
    '报告列表：startDate, endDate（上传月份，默认今年 1 月至本月）, producerIds, name, page, pageSize（默认 10）→ result.items [{id, createTime, producerName, name, mine}]；本人的报告（竞品组月度PPT，mine 为 true）仅列给本人',
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
  upload: administrators.upload(
    'upload',
    rd.reportUploadSchema,
    rd.reportUploadResultSchema,
    '管理员上传报告（multipart）：files（xlsx、docx、pptx、pdf，按内容判断类型，每个不超过 20 MB）、producerId、month、name',
  ),
  replace: administrators.upload('replace', rd.reportReplaceSchema, rd.reportUploadResultSchema, '管理员替换报告文件（multipart）：id、file，可改 name'),
  remove: administrators.post('delete', rd.reportDeleteSchema, z.object({ deleted: z.number().int() }), '管理员删除报告：id（文件一并删除）'),
};

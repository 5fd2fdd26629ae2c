import { z } from 'zod';
import { addMonths, formatMonth } from './months';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE, idList, monthParam, optional, positiveId, searchText, strictQuery } from './params';
import { refersTo } from './references';

/**
 * 报告下载 (spec §2.10, §3 report item, §4 report list, §9 report paging) and the administrator's report
 * upload (/admin/reports). A report is one file of one producer and month, listed by its upload time; every signed-in
 * user sees it (decision 101), unless it is one user's own — a competitor set's monthly deck, its owner's alone
 * (decision 299).
 */

// ---------- the list ----------

/** The list's first page size; 点击加载更多 grows it by this much (spec §9: size = 10 × the page counter, page 1 again). */
export const REPORT_PAGE_SIZE = 10;
/** The largest page the list answers. */
export const REPORT_MAX_PAGE_SIZE = 500;
/** What the list says when nothing more is to come (spec §8). */
export const REPORT_NO_MORE = '没有更多数据了哦';
export const REPORT_LOAD_MORE = '点击加载更多';

/** The default upload-month range: January of this year to this month (spec §9), as YYYYMM. */
export function defaultReportRange(today: Date = new Date()): { startDate: number; endDate: number } {
  const year = today.getFullYear();
  return { startDate: year * 100 + 1, endDate: year * 100 + today.getMonth() + 1 };
}

/** The months the upload-month pickers offer, newest first: January five years back to this month. */
export function reportUploadMonths(today: Date = new Date(), years = 5): string[] {
  const { endDate } = defaultReportRange(today);
  const months: string[] = [];
  for (let month = endDate; month >= (Math.floor(endDate / 100) - years) * 100 + 1; month = addMonths(month, -1)) months.push(formatMonth(month));
  return months;
}

export const reportListSchema = strictQuery({
  /** First upload month, 'YYYY-MM' (default January of this year). */
  startDate: optional(monthParam),
  /** Last upload month, 'YYYY-MM' (default this month). */
  endDate: optional(monthParam),
  producerIds: refersTo(optional(idList), 'producer'),
  /** Part of the report's name. */
  name: optional(searchText),
  page: optional(positiveId('应为正整数')).transform((page) => page ?? 1),
  pageSize: optional(positiveId('应为正整数').refine((size) => size <= REPORT_MAX_PAGE_SIZE, `不能超过 ${REPORT_MAX_PAGE_SIZE}`)).transform(
    (size) => size ?? REPORT_PAGE_SIZE,
  ),
}).refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
  message: '开始月份不能晚于结束月份',
  path: ['startDate'],
});
export type ReportListQuery = z.output<typeof reportListSchema>;

/** The type of every workbook the product serves (exports, tables, the configuration sheet, reports). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A deck's type (导出PPT, issue 31). */
export const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The report file kinds an administrator may upload: each is recognised by its content, not its name. */
export const REPORT_FILE_TYPES = {
  xlsx: { label: 'Excel', mime: XLSX_MIME },
  docx: { label: 'Word', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  pptx: { label: 'PowerPoint', mime: PPTX_MIME },
  pdf: { label: 'PDF', mime: 'application/pdf' },
} as const;
export type ReportFileType = keyof typeof REPORT_FILE_TYPES;
export const REPORT_FILE_TYPE_KEYS = Object.keys(REPORT_FILE_TYPES) as [ReportFileType, ...ReportFileType[]];
/** The largest report file accepted, in bytes (20 MB). */
export const REPORT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many files in one upload. */
export const REPORT_MAX_FILES = 10;
/** At most this many reports in one download (one bundle). */
export const REPORT_MAX_BUNDLE = 100;

/** Spec §3 report item (id, createTime, producerName, name), plus what the admin page lists. */
export const reportItemSchema = z.object({
  id: z.number().int(),
  /** Upload time, 'YYYY-MM-DD HH:mm' (Asia/Shanghai). */
  createTime: z.string(),
  producerId: z.number().int(),
  producerName: z.string(),
  name: z.string(),
  /** The report's month, 'YYYY-MM'. */
  month: z.string(),
  fileType: z.enum(REPORT_FILE_TYPE_KEYS),
  fileSize: z.number().int(),
  /** The caller's own report (their competitor set's monthly deck, decision 299), listed for them alone: REPORT_MINE_LABEL. */
  mine: z.boolean(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const reportPageSchema = z.object({
  items: z.array(reportItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** False once every matching report is listed: the page then says 没有更多数据了哦. */
  hasMore: z.boolean(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/** What the lists say beside the name of a report of the caller's own (`mine`). */
export const REPORT_MINE_LABEL = '仅自己可见';

// ---------- downloads and bundles ----------

const idsField = idList
  .refine((ids) => ids.length > 0, '至少选择一个报告')
  .refine((ids) => ids.length <= REPORT_MAX_BUNDLE, `一次最多下载 ${REPORT_MAX_BUNDLE} 个报告`);

/** download?ids=1,2,3: one id → the file; several → the .zip bundle (made by a queued job). */
export const reportDownloadSchema = strictQuery({ ids: idsField });
export const reportBundleQuerySchema = strictQuery({ id: z.string('应为任务编号').uuid('应为任务编号') });

export const BUNDLE_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type BundleStatus = (typeof BUNDLE_STATUSES)[number];
export const BUNDLE_STATUS_TEXT: Record<BundleStatus, string> = {
  queued: '排队中',
  running: '打包中',
  done: '已完成',
  failed: '打包失败',
  expired: '已过期',
};
/** A bundle's file is kept this long after it is made. */
export const BUNDLE_TTL_HOURS = 24;

/** A report bundle's job: its progress (files added of files to add) and, when done, its file's path. */
export const reportBundleSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(BUNDLE_STATUSES),
  statusText: z.string(),
  filesAdded: z.number().int(),
  filesExpected: z.number().int(),
  percent: z.number().int().min(0).max(100),
  /** '/car/api/reportDownload/bundleFile?id=…' once done. */
  result: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReportBundleView = z.infer<typeof reportBundleSchema>;

// ---------- administrator: upload, replace, delete ----------

/** What a report's name may not hold: it is the name its file is saved under, and its entry in a bundle's zip. */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]/;

/** A name given to something else (a competitor set's) as a report's name: what a file name may not hold becomes '_'. */
export const asReportName = (text: string): string => text.replace(new RegExp(NOT_IN_FILE_NAMES.source, 'g'), '_');

const displayName = z
  .string('应为文本')
  .trim()
  .min(1, '不能为空')
  .max(100, '不能超过 100 个字符')
  .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTER_MESSAGE)
  .refine((text) => !NOT_IN_FILE_NAMES.test(text), '不能包含 \\ / : * ? " < > | 字符');

/** The fields sent with the files (multipart/form-data): producer, month and display name. */
export const reportUploadSchema = strictQuery({
  producerId: refersTo(positiveId('应为正整数'), 'producer'),
  month: monthParam,
  /** The display name; several files get ' (2)', ' (3)'… after it; empty: each file's own name. */
  name: optional(displayName),
});
export type ReportUploadForm = z.output<typeof reportUploadSchema>;

/** Replace the file of report `id` (and, if given, its display name). */
export const reportReplaceSchema = strictQuery({ id: positiveId('应为正整数'), name: optional(displayName) });
export type ReportReplaceForm = z.output<typeof reportReplaceSchema>;

export const reportDeleteSchema = strictQuery({ id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), positiveId('应为正整数')) });

export const reportUploadResultSchema = z.object({ items: z.array(reportItemSchema) });

/** The messages of the report calls. */
export const REPORT_MESSAGES = {
  noSuchReport: (ids: number[]) => `报告不存在或无权下载：${ids.join(',')}`,
  noFile: '请选择要上传的文件',
  tooLarge: `文件不能超过 ${REPORT_MAX_BYTES / 1024 / 1024} MB`,
  tooMany: `一次最多上传 ${REPORT_MAX_FILES} 个文件`,
  badType: (name: string) => `文件「${name}」不是 xlsx、docx、pptx 或 pdf 文件（按文件内容判断）`,
  noSuchProducer: '厂商不存在',
  noSuchBundle: '打包任务不存在',
  bundleGone: '打包文件不存在或已过期，请重新下载',
  bundleFailed: '打包失败，请稍后重试',
  /** A bundle the queue gave up because the processes running it died (decision 257). */
  bundleDied: '打包中断：处理进程意外退出，请重新打包下载',
  bundleTimeout: '打包时间过长，请稍后在页面上重试',
  fileMissing: '报告文件已丢失，请联系管理员重新上传',
} as const;

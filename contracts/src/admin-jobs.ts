import { z } from 'zod';
import { CONTROL_CHARACTERS, labelled, optional, positiveId, strictQuery } from './params';

/**
 * 任务监控 (/admin/jobs, administrators only): every queued job of every kind as the job_run table records
 * it — written by the in-process queue or by the API and the BullMQ worker — with its progress, duration,
 * error and a retry for a failed one; in BullMQ mode also the queue dashboard (bull-board) at QUEUE_BOARD_PATH.
 */

export const JOB_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = { waiting: '等待中', active: '执行中', completed: '已完成', failed: '失败' };

/**
 * The kinds' Chinese names. Job names are the backend's (queue/job-names.ts) and new ones appear without a
 * change here: an exact name first, then its area (the part before the dot), else the name itself.
 */
const JOB_KIND_LABELS: Record<string, string> = {
  'exports.data': '数据导出',
  'reports.bundle': '报告打包',
  'reports.generate-monthly': '月度报告生成',
  'rollups.rebuild': '汇总表重建',
  'audit.prune': '安全日志清理',
  'robots.deliver': '机器人消息发送',
  'alerts.evaluate': '订阅提醒评估',
  'competitorSets.monthly-decks': '竞品组月度PPT生成',
};
const JOB_AREA_LABELS: Record<string, string> = { imports: '数据导入', exports: '数据导出', reports: '报告任务', rollups: '汇总表重建' };

export function jobKindLabel(name: string): string {
  return JOB_KIND_LABELS[name] ?? JOB_AREA_LABELS[name.split('.')[0]] ?? name;
}

/** Where the BullMQ dashboard is mounted (under /car/api), in BullMQ mode only. */
export const QUEUE_BOARD_PATH = '/car/api/admin/queue-board';

export const JOB_PAGE_SIZE = 20;
export const JOB_MAX_PAGE_SIZE = 100;

/** A job name: letters, digits, dots and dashes (the backend's JobName values). */
const kindParam = z
  .string('应为任务类型')
  .max(64, '应为任务类型')
  .regex(/^[a-z][a-z0-9.-]*$/i, '应为任务类型');

/** admin/jobs/list: newest queued first, optionally of one state and one kind. */
export const jobListSchema = strictQuery({
  state: labelled(optional(z.enum(JOB_STATES, '应为 waiting、active、completed 或 failed')), '状态'),
  kind: labelled(optional(kindParam), '任务类型'),
  page: labelled(
    optional(positiveId('应为正整数')).transform((page) => page ?? 1),
    '页码',
  ),
  pageSize: labelled(
    optional(positiveId('应为正整数').refine((size) => size <= JOB_MAX_PAGE_SIZE, `不能超过 ${JOB_MAX_PAGE_SIZE}`)).transform((size) => size ?? JOB_PAGE_SIZE),
    '每页条数',
  ),
});
export type JobListQuery = z.output<typeof jobListSchema>;

/** admin/jobs/summary: the counts per state, optionally of one kind. */
export const jobSummaryQuerySchema = strictQuery({ kind: labelled(optional(kindParam), '任务类型') });

/** admin/jobs/retry: a failed job's id (its payload is queued again). */
export const jobRetrySchema = strictQuery({
  id: labelled(
    z
      .string('应为任务编号')
      .min(1, '应为任务编号')
      .max(128, '应为任务编号')
      .refine((id) => !CONTROL_CHARACTERS.test(id), '应为任务编号'),
    '任务编号',
  ),
});

export const jobRunSchema = z.object({
  id: z.string(),
  /** The job name (JobName), and its Chinese label (jobKindLabel). */
  kind: z.string(),
  kindLabel: z.string(),
  state: z.enum(JOB_STATES),
  /** 0-100. */
  progress: z.number().int(),
  /** Runs started so far (a retry or BullMQ's automatic retries add one each). */
  attempts: z.number().int(),
  /** The payload in short, e.g. 'exportId=…' or 'months=202609,202610'. */
  payload: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' in China's time. */
  enqueuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** From start to finish, or to now while active; null before it starts. */
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The account that queued it, when a user did. */
  enqueuedBy: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobPageSchema = z.object({
  items: z.array(jobRunSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type JobPage = z.infer<typeof jobPageSchema>;

export const jobCountsSchema = z.object({ waiting: z.number().int(), active: z.number().int(), completed: z.number().int(), failed: z.number().int() });

export const jobSummarySchema = z.object({
  mode: z.enum(['in-process', 'bullmq']),
  /** The queue dashboard's address (BullMQ mode), else null. */
  board: z.string().nullable(),
  counts: jobCountsSchema,
  /** Every job kind the backend knows, for the filter. */
  kinds: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobRetryResultSchema = z.object({ id: z.string(), state: z.enum(JOB_STATES) });

export const JOB_MESSAGES = {
  noSuchJob: '任务不存在',
  notFailed: '只能重试失败的任务',
  unknownKind: '该类型的任务已不存在，无法重试',
};

/** A duration as people read it: 850 毫秒, 12.3 秒, 4 分 05 秒, 1 小时 02 分. */
export function durationText(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} 秒`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} 分 ${String(seconds % 60).padStart(2, '0')} 秒`;
  return `${Math.floor(seconds / 3600)} 小时 ${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')} 分`;
}

import { z } from 'zod';

/** `GET health`: the database (latency, latest month with retail data) and the job queue. */
export const healthReportSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ ok: z.literal(true), latencyMs: z.number(), latestMonth: z.string().nullable() }),
  queue: z.object({
    mode: z.enum(['in-process', 'bullmq']),
    ok: z.boolean(),
    waiting: z.number(),
    active: z.number(),
    failed: z.number(),
    error: z.string().optional(),
  }),
});
export type HealthReport = z.infer<typeof healthReportSchema>;
export type QueueState = HealthReport['queue'];

import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { ADMIN_AUDIT, API_PREFIX, type AuditPage, type JobPage } from '@car/contracts';
import { AuditRetention } from '../../backend/src/admin/audit/audit-retention';
import { chinaDay } from '../../backend/src/common/china-time';
import { InProcessJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { Housekeeping } from '../../backend/src/queue/housekeeping';
import { JobName } from '../../backend/src/queue/job-names';
import { JobRunRepository } from '../../backend/src/queue/job-run.repository';
import { AUDIT_PRUNE_BATCH, AuditRetentionJobs } from '../../backend/src/security/audit-retention.jobs';
import { signedInApp } from '../support/api-app';
import { testEnv } from '../support/test-env';
import { createAdmin } from '../support/users';

/**
 * The audit trail's retention (docs/security.md "Administration: users and audit", decision 121): the app queues one
 * 安全日志清理 job a China day through the job queue (at start, then the hourly sweep), and the job deletes the
 * security events older than AUDIT_RETENTION_DAYS (365 by default) while the recent ones stay.
 */

const env = testEnv();
const PASSWORD = 'Retain#2026x';
const DAY_MS = 24 * 3600_000;

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the audit trail keeps AUDIT_RETENTION_DAYS of events', () => {
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let queue: InProcessJobQueue;
  /** Each test's events carry an account of their own, so other files' events never count here. */
  let marker = 0;
  const accountOf = () => `retention_${process.pid}_${Date.now().toString(36)}_${++marker}`;

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const admin = await createAdmin('retention', PASSWORD, '日志管理员');
    ({ app, token } = await signedInApp({ address: `10.86.${process.pid % 250}.1`, account: admin, password: PASSWORD }));
    queue = app.get<JobQueue, InProcessJobQueue>(JobQueue);
    expect(queue).toBeInstanceOf(InProcessJobQueue);
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  /** Events of one account, each `days` old (fractions allowed). */
  async function eventsAged(account: string, ages: number[]): Promise<void> {
    for (const days of ages) {
      await db.query(
        `INSERT INTO security_event (at, event, account, address) VALUES (now() - make_interval(secs => $1), 'login.success', $2, '203.0.113.9')`,
        [days * 86400, account],
      );
    }
  }
  async function agesOf(account: string): Promise<number[]> {
    const { rows } = await db.query(`SELECT round(extract(epoch FROM now() - at) / 86400)::int AS days FROM security_event WHERE account = $1 ORDER BY at`, [
      account,
    ]);
    return rows.map((row: { days: number }) => row.days);
  }
  const jobs = async (query: Record<string, string>) =>
    (await request(app.getHttpServer()).get(`${API_PREFIX}/admin/jobs/list`).query(query).set('token', token).expect(200)).body.result as JobPage;

  test('the app queues one 安全日志清理 a China day; it deletes the events older than 365 days and keeps the rest', async () => {
    // Queued at start: the day's job, run in-process, shown by the monitor with its kind and payload (polled: an
    // app another test file starts now runs the same day's job again under the same id). The app that leads the
    // housekeeping started before this file: in the first hour after midnight China time, before its hourly sweep,
    // the day it queued is still yesterday.
    const days = new Set([new Date(), new Date(Date.now() - 3600_000)].map((at) => `audit-prune-${chinaDay(at)}`));
    const listed = await until(async () => {
      await queue.drain();
      const job = (await jobs({ kind: JobName.PruneAuditTrail, pageSize: '100' })).items.find((item) => days.has(item.id));
      return job?.state === 'completed' ? job : undefined;
    });
    expect(listed).toMatchObject({ kind: 'audit.prune', kindLabel: '安全日志清理', state: 'completed', progress: 100, payload: 'keepDays=365', error: null });

    const account = accountOf();
    await eventsAged(account, [400, 366, 364, 200, 1, 0]);
    const retention = app.get(AuditRetention);
    // The hourly sweep asks again within the day: nothing more is queued (once today's job is there, should the
    // day have turned since the leading app's last sweep).
    if ((await retention.queueToday()) !== null) await queue.drain();
    expect(await retention.queueToday()).toBeNull();

    // The next day's job deletes what has passed the retention, and only that.
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect(await retention.queueToday(tomorrow)).toBe(`audit-prune-${chinaDay(tomorrow)}`);
    await queue.drain();
    expect(await agesOf(account)).toEqual([364, 200, 1, 0]);
    const page = (await request(app.getHttpServer()).get(`${API_PREFIX}/${ADMIN_AUDIT.list.path}`).query({ account }).set('token', token).expect(200)).body
      .result as AuditPage;
    expect(page.total).toBe(4);
    await db.query(`DELETE FROM job_run WHERE id = $1`, [`audit-prune-${chinaDay(tomorrow)}`]);
  });

  test('a large backlog goes in batches with progress; a payload that would empty the trail is refused', async () => {
    // 100 days here, with events 150 days old: the 365-day jobs other test files' apps run at their start leave them.
    const account = accountOf();
    const old = AUDIT_PRUNE_BATCH * 2 + 500;
    await db.query(
      `INSERT INTO security_event (at, event, account, address)
       SELECT now() - interval '150 days' - make_interval(secs => g), 'login.failure', $1, '203.0.113.10' FROM generate_series(1, $2) g`,
      [account, old],
    );
    await eventsAged(account, [10]);
    const handler = app.get(AuditRetentionJobs);
    await expect(handler.prune({ keepDays: 0 })).rejects.toThrow(/keepDays/);
    expect((await agesOf(account)).length).toBe(old + 1);

    const reported: number[] = [];
    const deleted = await handler.prune({ keepDays: 100 }, (percent) => {
      reported.push(percent);
      return Promise.resolve();
    });
    expect(deleted).toBeGreaterThanOrEqual(old);
    expect(reported.length).toBeGreaterThanOrEqual(2);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported.every((percent) => percent > 0 && percent <= 99)).toBe(true);
    expect(await agesOf(account)).toEqual([10]);
  });

  test('AUDIT_RETENTION_DAYS=0 keeps every event: nothing is queued', async () => {
    const keepAll = new AuditRetention(queue, { AUDIT_RETENTION_DAYS: 0 }, app.get(JobRunRepository), app.get(Housekeeping));
    const later = new Date(Date.now() + 30 * DAY_MS);
    expect(await keepAll.queueToday(later)).toBeNull();
    const { rows } = await db.query(`SELECT 1 FROM job_run WHERE id = $1`, [`audit-prune-${chinaDay(later)}`]);
    expect(rows).toHaveLength(0);
  });
});

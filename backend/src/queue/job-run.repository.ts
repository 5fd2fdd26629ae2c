import { Injectable } from '@nestjs/common';
import type { JobState } from '@car/contracts';
import { DataSource } from 'typeorm';

/** One job as the monitor lists it (table job_run); times as 'YYYY-MM-DD HH:mm:ss' in China's time. */
export interface JobRunRecord {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  state: JobState;
  progress: number;
  attempts: number;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Start to finish, or to now while it runs. */
  durationMs: number | null;
  error: string | null;
  enqueuedBy: string | null;
}

export interface JobRunFilter {
  state?: JobState;
  name?: string;
  limit: number;
  offset: number;
}

const chinaTime = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const COLUMNS = `j.id, j.name, j.payload, j.state, j.progress, j.attempts, ${chinaTime('j.enqueued_at')} AS "enqueuedAt",
  ${chinaTime('j.started_at')} AS "startedAt", ${chinaTime('j.finished_at')} AS "finishedAt",
  round(extract(epoch FROM (CASE WHEN j.state = 'active' THEN now() ELSE j.finished_at END) - j.started_at) * 1000)::float8 AS "durationMs",
  j.error, u.account AS "enqueuedBy"`;

/**
 * The job_run table (migration 1763700000023): one row per job id, each write a single statement on its
 * primary key, by the process that queues or runs the job; read by the job monitor.
 */
@Injectable()
export class JobRunRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A job handed to the queue. `restart` (it will surely run again: in-process, or a retry) makes a finished
   * row a new waiting run — never a waiting or active one, which a worker may already be running; otherwise
   * (BullMQ) an existing row is left as it is (the worker may have started the job, or BullMQ ignored a
   * duplicate id) and only learns who queued it.
   */
  async queued(id: string, name: string, payload: object, userId: number | null, restart: boolean): Promise<void> {
    const onConflict = restart
      ? `UPDATE SET name = EXCLUDED.name, payload = EXCLUDED.payload, state = 'waiting', progress = 0, enqueued_at = now(),
           started_at = NULL, finished_at = NULL, error = NULL, user_id = coalesce(EXCLUDED.user_id, job_run.user_id)
         WHERE job_run.state IN ('completed', 'failed')`
      : `UPDATE SET user_id = coalesce(job_run.user_id, EXCLUDED.user_id)`;
    await this.dataSource.query(
      `INSERT INTO job_run (id, name, payload, state, user_id) VALUES ($1, $2, $3, 'waiting', $4) ON CONFLICT (id) DO ${onConflict}`,
      [id, name, payload, userId],
    );
  }

  /** A failed job about to be queued again (a retry): waiting, as a new run; false when it was not failed. */
  async requeued(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE job_run SET state = 'waiting', progress = 0, enqueued_at = now(), started_at = NULL, finished_at = NULL, error = NULL
        WHERE id = $1 AND state = 'failed' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** A run begins; the row is created if the queueing process never wrote it (a job queued before this table). */
  async started(id: string, name: string, payload: object, enqueuedAt: Date | null): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO job_run (id, name, payload, state, attempts, enqueued_at, started_at) VALUES ($1, $2, $3, 'active', 1, coalesce($4, now()), now())
       ON CONFLICT (id) DO UPDATE SET state = 'active', progress = 0, attempts = job_run.attempts + 1, started_at = now(), finished_at = NULL, error = NULL`,
      [id, name, payload, enqueuedAt],
    );
  }

  async progressed(id: string, percent: number): Promise<void> {
    await this.dataSource.query(`UPDATE job_run SET progress = $2 WHERE id = $1 AND state = 'active'`, [id, percent]);
  }

  async completed(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE job_run SET state = 'completed', progress = 100, finished_at = now(), error = NULL WHERE id = $1`, [id]);
  }

  /** A run failed: for good (`final`), or waiting for the queue's own next attempt. */
  async failed(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource.query(`UPDATE job_run SET state = $3, finished_at = now(), error = $2 WHERE id = $1`, [
      id,
      error.slice(0, 500),
      final ? 'failed' : 'waiting',
    ]);
  }

  /** In-process jobs die with the process: what it left waiting or active is marked failed at the next start. */
  async interrupted(error: string): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE job_run SET state = 'failed', finished_at = now(), error = $1 WHERE state IN ('waiting', 'active') RETURNING id`,
      [error],
    );
    return rows.length;
  }

  /** Finished runs older than the queue keeps them (BullMQ: completed 7 days, failed 30). */
  async prune(completedDays: number, failedDays: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM job_run WHERE (state = 'completed' AND finished_at < now() - make_interval(days => $1))
          OR (state = 'failed' AND finished_at < now() - make_interval(days => $2))`,
      [completedDays, failedDays],
    );
  }

  async find(id: string): Promise<JobRunRecord | undefined> {
    const [row] = await this.dataSource.query<JobRunRecord[]>(`SELECT ${COLUMNS} FROM job_run j LEFT JOIN app_user u ON u.id = j.user_id WHERE j.id = $1`, [
      id,
    ]);
    return row;
  }

  /** Newest queued first; with the number of rows matching. */
  async list(filter: JobRunFilter): Promise<{ rows: JobRunRecord[]; total: number }> {
    const { where, params } = this.where(filter.state, filter.name);
    const rows = await this.dataSource.query<JobRunRecord[]>(
      `SELECT ${COLUMNS} FROM job_run j LEFT JOIN app_user u ON u.id = j.user_id ${where}
        ORDER BY j.enqueued_at DESC, j.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM job_run j ${where}`, params);
    return { rows, total };
  }

  async counts(name?: string): Promise<Record<JobState, number>> {
    const { where, params } = this.where(undefined, name);
    const rows: Array<{ state: JobState; n: number }> = await this.dataSource.query(
      `SELECT state, count(*)::int AS n FROM job_run j ${where} GROUP BY state`,
      params,
    );
    const counts: Record<JobState, number> = { waiting: 0, active: 0, completed: 0, failed: 0 };
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  private where(state: JobState | undefined, name: string | undefined): { where: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (state) clauses.push(`j.state = $${params.push(state)}`);
    if (name) clauses.push(`j.name = $${params.push(name)}`);
    return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }
}

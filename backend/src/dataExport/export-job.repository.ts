import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { exclusive } from '../database/advisory-lock';

export type ExportJobState = 'queued' | 'running' | 'done' | 'failed';

/** An export job as stored (table export_job): the durable record of what was asked and how far it got. */
export interface ExportJobRecord {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  status: ExportJobState;
  progress: number;
  fileName: string | null;
  rowsWritten: number;
  rowsExpected: number | null;
  error: string | null;
  userId: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = `id, kind, params, status, progress, file_name AS "fileName", coalesce(row_count, 0) AS "rowsWritten",
  rows_expected AS "rowsExpected", error, user_id AS "userId", created_at AS "createdAt", finished_at AS "finishedAt"`;

/** The export jobs' table: created by the API, advanced by the processor (worker or app), read for progress. */
@Injectable()
export class ExportJobRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(id: string, kind: string, params: Record<string, unknown>, userId: number): Promise<ExportJobRecord> {
    const [row] = await this.dataSource.query<ExportJobRecord[]>(
      `INSERT INTO export_job (id, kind, params, status, progress, user_id) VALUES ($1, $2, $3, 'queued', 0, $4) RETURNING ${COLUMNS}`,
      [id, kind, params, userId],
    );
    return row;
  }

  /**
   * Creates the export unless the user already has `limit` queued or running: the count and the insert hold the
   * user's advisory lock, so requests sent at once cannot all pass. The record, or how many are open.
   */
  async createWithin(
    id: string,
    kind: string,
    params: Record<string, unknown>,
    userId: number,
    limit: number,
  ): Promise<{ record: ExportJobRecord; open: number } | { record: null; open: number }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('export_job:user:' || $1, 0))`, [userId]);
      const [{ open }] = await manager.query<Array<{ open: number }>>(
        `SELECT count(*)::int AS open FROM export_job WHERE user_id = $1 AND status IN ('queued', 'running')`,
        [userId],
      );
      if (open >= limit) return { record: null, open };
      const [record] = await manager.query<ExportJobRecord[]>(
        `INSERT INTO export_job (id, kind, params, status, progress, user_id) VALUES ($1, $2, $3, 'queued', 0, $4) RETURNING ${COLUMNS}`,
        [id, kind, params, userId],
      );
      return { record, open };
    });
  }

  /**
   * Runs `fn` holding a PostgreSQL advisory lock on the export, on a session of its own: two runs of one
   * export (a stalled-job retry while the first run still writes) never overlap, and a crashed run's lock
   * goes with its connection.
   */
  async exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return exclusive(this.dataSource, `export_job:${id}`, fn);
  }

  /** Forgets a job the queue refused. */
  async remove(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM export_job WHERE id = $1`, [id]);
  }

  async find(id: string): Promise<ExportJobRecord | undefined> {
    const [row] = await this.dataSource.query<ExportJobRecord[]>(`SELECT ${COLUMNS} FROM export_job WHERE id = $1`, [id]);
    return row;
  }

  async recentOf(userId: number, limit: number): Promise<ExportJobRecord[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM export_job WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`, [userId, limit]);
  }

  /** A (re)started run: its earlier progress and outcome are forgotten. */
  async start(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE export_job SET status = 'running', progress = 0, row_count = 0, rows_expected = NULL, error = NULL, file_name = NULL, finished_at = NULL WHERE id = $1`,
      [id],
    );
  }

  async counted(id: string, rowsExpected: number): Promise<void> {
    await this.dataSource.query(`UPDATE export_job SET rows_expected = $2 WHERE id = $1`, [id, rowsExpected]);
  }

  async progressed(id: string, rowsWritten: number, percent: number): Promise<void> {
    await this.dataSource.query(`UPDATE export_job SET row_count = $2, progress = $3 WHERE id = $1`, [id, rowsWritten, percent]);
  }

  async done(id: string, fileName: string, rowsWritten: number): Promise<void> {
    await this.dataSource.query(`UPDATE export_job SET status = 'done', progress = 100, row_count = $3, file_name = $2, finished_at = now() WHERE id = $1`, [
      id,
      fileName,
      rowsWritten,
    ]);
  }

  async failed(id: string, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE export_job SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, [id, error.slice(0, 500)]);
  }

  /** Jobs accepted or started but never finished: after a crash of the process that ran them in-process. */
  async unfinished(): Promise<Array<{ id: string; kind: string }>> {
    return this.dataSource.query(`SELECT id, kind FROM export_job WHERE status IN ('queued', 'running') ORDER BY created_at`);
  }

  /** Done jobs whose file has outlived its time: their file names, which are then forgotten. */
  async expire(olderThanHours: number): Promise<string[]> {
    const rows: Array<{ file_name: string }> = await this.dataSource.query(
      `WITH expired AS (
         SELECT id, file_name FROM export_job
          WHERE status = 'done' AND file_name IS NOT NULL AND finished_at < now() - make_interval(hours => $1) FOR UPDATE)
       , cleared AS (UPDATE export_job e SET file_name = NULL FROM expired WHERE e.id = expired.id RETURNING expired.file_name)
       SELECT file_name FROM cleared`,
      [olderThanHours],
    );
    return rows.map((r) => r.file_name);
  }
}

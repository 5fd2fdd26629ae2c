import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type BundleState = 'queued' | 'running' | 'done' | 'failed';

/** A report bundle as stored (table report_bundle): what was asked, by whom, and how far it got. */
export interface BundleRecord {
  id: string;
  reportIds: number[];
  status: BundleState;
  filesAdded: number;
  filesExpected: number;
  fileName: string | null;
  error: string | null;
  userId: number;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = `id, report_ids AS "reportIds", status, files_added AS "filesAdded", files_expected AS "filesExpected",
  file_name AS "fileName", error, user_id AS "userId", created_at AS "createdAt", finished_at AS "finishedAt"`;

/** The bundles' table, advanced by the bundle job as the export jobs' table is by theirs. */
@Injectable()
export class ReportBundleRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(id: string, reportIds: number[], userId: number): Promise<BundleRecord> {
    const [row] = await this.dataSource.query<BundleRecord[]>(
      `INSERT INTO report_bundle (id, report_ids, status, files_expected, user_id) VALUES ($1, $2, 'queued', $3, $4) RETURNING ${COLUMNS}`,
      [id, reportIds, reportIds.length, userId],
    );
    return row;
  }

  /** Forgets a bundle the queue refused. */
  async remove(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM report_bundle WHERE id = $1`, [id]);
  }

  async find(id: string): Promise<BundleRecord | undefined> {
    const [row] = await this.dataSource.query<BundleRecord[]>(`SELECT ${COLUMNS} FROM report_bundle WHERE id = $1`, [id]);
    return row;
  }

  /** A (re)started run forgets its earlier progress. */
  async start(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE report_bundle SET status = 'running', files_added = 0, file_name = NULL, error = NULL, finished_at = NULL WHERE id = $1`,
      [id],
    );
  }

  async progressed(id: string, filesAdded: number): Promise<void> {
    await this.dataSource.query(`UPDATE report_bundle SET files_added = $2 WHERE id = $1`, [id, filesAdded]);
  }

  async done(id: string, fileName: string): Promise<void> {
    await this.dataSource.query(`UPDATE report_bundle SET status = 'done', files_added = files_expected, file_name = $2, finished_at = now() WHERE id = $1`, [
      id,
      fileName,
    ]);
  }

  async failed(id: string, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE report_bundle SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, [id, error.slice(0, 500)]);
  }

  /** Fails a bundle still queued or running (one statement: a run that ended meanwhile keeps its end); whether it was. */
  async failedIfUnfinished(id: string, error: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE report_bundle SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
      [id, error.slice(0, 500)],
    );
    return rows.length > 0;
  }

  /** Bundles accepted or started but never finished (the app ran them in-process and stopped). */
  async unfinished(): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(`SELECT id FROM report_bundle WHERE status IN ('queued', 'running') ORDER BY created_at`);
    return rows.map((row) => row.id);
  }

  /** Done bundles older than the given hours: their files, which are then forgotten. */
  async expire(olderThanHours: number): Promise<string[]> {
    const rows: Array<{ file_name: string }> = await this.dataSource.query(
      `WITH cleared AS (UPDATE report_bundle b SET file_name = NULL FROM report_bundle old
        WHERE old.id = b.id AND b.status = 'done' AND b.file_name IS NOT NULL AND b.finished_at < now() - make_interval(hours => $1)
        RETURNING old.file_name) SELECT file_name FROM cleared`,
      [olderThanHours],
    );
    return rows.map((row) => row.file_name);
  }
}

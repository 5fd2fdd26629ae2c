import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ReportFileType } from '@car/contracts';

/** A report as stored, with its producer's name and the upload time as the list shows it. */
export interface ReportRecord {
  id: number;
  producerId: number;
  producerName: string;
  name: string;
  month: number;
  fileName: string;
  fileSize: number;
  /** 'YYYY-MM-DD HH:mm' in China's time. */
  createTime: string;
  /** The one user who sees it (a competitor set's deck, decision 299); null: everyone's (decision 101). */
  ownerId: number | null;
}

export interface ReportFilter {
  /** Upload months, YYYYMM, inclusive (China's time). */
  startMonth: number;
  endMonth: number;
  producerIds?: number[];
  /** Part of the name, matched literally. */
  name?: string;
  /** Who asks: everyone's reports and their own are listed (decision 299). */
  viewerId: number;
}

/** A competitor set's monthly deck as listed (decision 299): its owner's only, one a set and month. */
export interface SetDeck {
  ownerId: number;
  producerId: number;
  competitorSetId: number;
  name: string;
  month: number;
}

const COLUMNS = `r.id, r.producer_id AS "producerId", p.name AS "producerName", r.name, r.month, r.file_name AS "fileName",
  r.file_size AS "fileSize", to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "createTime", r.owner_id AS "ownerId"`;

/**
 * The reports a user sees (decision 299): everyone's (no owner, decision 101) and their own. Any other is answered as a
 * report that does not exist, so its existence does not show.
 */
const seenBy = (viewer: string): string => `(r.owner_id IS NULL OR r.owner_id = ${viewer})`;

/** Literal LIKE text: % _ and \ escaped. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The report table: which producer's report of which month is which stored file. */
@Injectable()
export class ReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page of the list, newest upload first, and how many match in all. The name is matched as ILIKE
   * would, on the name folded to lower case (its trigram index, decision 184); the matches are found once
   * (ids and upload times only), counted, and only the page's rows are read in full.
   */
  async page(filter: ReportFilter, offset: number, limit: number): Promise<{ rows: ReportRecord[]; total: number }> {
    const params: unknown[] = [filter.startMonth, filter.endMonth, filter.producerIds ?? null, filter.name ? likeText(filter.name) : null, filter.viewerId];
    const where = `r.created_at >= (make_date($1 / 100, $1 % 100, 1)::timestamp AT TIME ZONE 'Asia/Shanghai')
        AND r.created_at < ((make_date($2 / 100, $2 % 100, 1) + interval '1 month')::timestamp AT TIME ZONE 'Asia/Shanghai')
        AND ($3::int[] IS NULL OR r.producer_id = ANY($3))
        AND ($4::text IS NULL OR r.name_folded LIKE lower($4))
        AND ${seenBy('$5')}`;
    const rows: Array<ReportRecord & { total: number }> = await this.dataSource.query(
      `WITH hit AS MATERIALIZED (SELECT r.id, r.created_at FROM report r WHERE ${where}),
            shown AS (SELECT id, created_at FROM hit ORDER BY created_at DESC, id DESC OFFSET $6 LIMIT $7)
       SELECT ${COLUMNS}, (SELECT count(*) FROM hit)::int AS total
       FROM shown JOIN report r ON r.id = shown.id JOIN producer p ON p.id = r.producer_id
       ORDER BY shown.created_at DESC, shown.id DESC`,
      [...params, offset, limit],
    );
    if (rows.length > 0 || offset === 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM report r WHERE ${where}`, params);
    return { rows: [], total };
  }

  /** The reports of these ids that exist and the viewer sees, in the order asked. */
  async byIds(ids: readonly number[], viewerId: number): Promise<ReportRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<ReportRecord[]>(
      `SELECT ${COLUMNS} FROM report r JOIN producer p ON p.id = r.producer_id WHERE r.id = ANY($1) AND ${seenBy('$2')}`,
      [ids, viewerId],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async producerExists(producerId: number): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(`SELECT 1 FROM producer WHERE id = $1`, [producerId]);
    return rows.length > 0;
  }

  /** Adds an uploaded report; answers its id. */
  async insert(
    report: { producerId: number; name: string; month: number; fileName: string; fileSize: number; uploadedBy: number },
    tx?: EntityManager,
  ): Promise<number> {
    const [row] = await (tx ?? this.dataSource).query<Array<{ id: number }>>(
      `INSERT INTO report (producer_id, name, month, file_name, file_size, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [report.producerId, report.name, report.month, report.fileName, report.fileSize, report.uploadedBy],
    );
    return row.id;
  }

  /** Points report `id` at a new file (and name); answers the file it replaced, or null if there is no such report the uploader sees. */
  async replaceFile(id: number, change: { fileName: string; fileSize: number; name?: string; uploadedBy: number }): Promise<string | null> {
    // TypeORM answers a bare UPDATE/DELETE … RETURNING as [rows, count]: a CTE makes it a plain SELECT.
    const rows: Array<{ old: string }> = await this.dataSource.query(
      `WITH changed AS (UPDATE report r SET file_name = $2, file_size = $3, name = coalesce($4, r.name), uploaded_by = $5, created_at = now()
         FROM report old WHERE old.id = r.id AND r.id = $1 AND ${seenBy('$5')} RETURNING old.file_name AS old) SELECT old FROM changed`,
      [id, change.fileName, change.fileSize, change.name ?? null, change.uploadedBy],
    );
    return rows[0]?.old ?? null;
  }

  /** Deletes report `id` if the viewer sees it; answers its file, or null if there was none. */
  async delete(id: number, viewerId: number): Promise<string | null> {
    const rows: Array<{ file_name: string }> = await this.dataSource.query(
      `WITH gone AS (DELETE FROM report r WHERE r.id = $1 AND ${seenBy('$2')} RETURNING r.file_name) SELECT file_name FROM gone`,
      [id, viewerId],
    );
    return rows[0]?.file_name ?? null;
  }

  /**
   * Lists the monthly report, replacing an earlier one of the same producer, month, name and type; answers the
   * files of the reports it replaced (for the storage to remove).
   */
  async replaceReport(producerId: number, month: number, name: string, type: ReportFileType, file: { fileName: string; fileSize: number }): Promise<string[]> {
    return this.dataSource.transaction(async (tx) => {
      // A producer's month has one report of each name and type (the 简报's workbook and its deck, decision 221); a user's own are not its.
      const old: Array<{ file_name: string }> = await tx.query(
        `WITH gone AS (DELETE FROM report WHERE producer_id = $1 AND month = $2 AND name = $3 AND file_name LIKE '%.' || $4 AND owner_id IS NULL
           RETURNING file_name)
         SELECT file_name FROM gone`,
        [producerId, month, name, type],
      );
      await tx.query(
        `INSERT INTO report (producer_id, name, month, file_name, file_size, created_at)
         VALUES ($1, $2, $3, $4, $5, make_date($3 / 100, $3 % 100, 1) + interval '1 month' + interval '9 days 10 hours')`,
        [producerId, name, month, file.fileName, file.fileSize],
      );
      return old.map((row) => row.file_name).filter((stored) => stored !== file.fileName);
    });
  }

  /**
   * Lists a competitor set's deck of a month for its owner, listed as written now, replacing the set's earlier deck of
   * that month; answers the files it replaced. Two writes of one set are taken in turn; a set deleted meanwhile fails
   * the insert (its key).
   */
  async replaceSetDeck(deck: SetDeck, file: { fileName: string; fileSize: number }): Promise<string[]> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('report.competitor_set'), $1)`, [deck.competitorSetId]);
      const old: Array<{ file_name: string }> = await tx.query(
        `WITH gone AS (DELETE FROM report WHERE competitor_set_id = $1 AND month = $2 RETURNING file_name) SELECT file_name FROM gone`,
        [deck.competitorSetId, deck.month],
      );
      await tx.query(`INSERT INTO report (producer_id, name, month, file_name, file_size, owner_id, competitor_set_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        deck.producerId,
        deck.name,
        deck.month,
        file.fileName,
        file.fileSize,
        deck.ownerId,
        deck.competitorSetId,
      ]);
      return old.map((row) => row.file_name).filter((stored) => stored !== file.fileName);
    });
  }

  /** Deletes a competitor set's decks, every month; answers their files. */
  async deleteSetDecks(competitorSetId: number): Promise<string[]> {
    const rows: Array<{ file_name: string }> = await this.dataSource.query(
      `WITH gone AS (DELETE FROM report WHERE competitor_set_id = $1 RETURNING file_name) SELECT file_name FROM gone`,
      [competitorSetId],
    );
    return rows.map((row) => row.file_name);
  }
}

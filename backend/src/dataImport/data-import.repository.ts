import { Injectable } from '@nestjs/common';
import {
  IMPORT_MAX_PROBLEMS,
  TP_WARNING_SHARE,
  isFactImportKind,
  type FactImportKind,
  type ImportKind,
  type ImportProblem,
  type ImportState,
} from '@car/contracts';
import { DataSource } from 'typeorm';
import { exclusive } from '../database/advisory-lock';
import { CopyWriter } from '../database/copy-writer';
import { IMPORT_KIND_DEFS } from './import-kinds';
import type { ImportReference, RowProblem } from './row-validator';

/** A data import as stored (table data_import). */
export interface DataImportRecord {
  id: string;
  userId: number | null;
  owner: string | null;
  kind: ImportKind;
  fileName: string;
  fileFormat: 'csv' | 'xlsx';
  monthFrom: number;
  monthTo: number;
  months: number[];
  state: ImportState;
  rowsParsed: number;
  rowsValid: number;
  rowsWritten: number;
  errors: number;
  warnings: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = `i.id, i.user_id AS "userId", u.nickname AS owner, i.kind, i.file_name AS "fileName", i.file_format AS "fileFormat",
  i.month_from AS "monthFrom", i.month_to AS "monthTo", i.months, i.state, i.rows_parsed AS "rowsParsed", i.rows_valid AS "rowsValid",
  i.rows_written AS "rowsWritten", i.errors, i.warnings, i.error, i.created_at AS "createdAt", i.finished_at AS "finishedAt"`;
const FROM = `data_import i LEFT JOIN app_user u ON u.id = i.user_id`;

/** The staging table of one import: UNLOGGED (never replicated or fsynced; rebuilt by a rerun), dropped when the import ends. */
export const stageOf = (id: string): string => `import_stage_${id.replace(/-/g, '')}`;

/**
 * The imports' storage: their records and problems, the reference codes rows are checked against, the
 * staging tables, and the month-by-month replacement of the facts.
 */
@Injectable()
export class DataImportRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(record: {
    id: string;
    userId: number;
    kind: ImportKind;
    fileName: string;
    fileFormat: string;
    monthFrom: number;
    monthTo: number;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO data_import (id, user_id, kind, file_name, file_format, month_from, month_to, state) VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued')`,
      [record.id, record.userId, record.kind, record.fileName, record.fileFormat, record.monthFrom, record.monthTo],
    );
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM data_import WHERE id = $1`, [id]);
  }

  async find(id: string): Promise<DataImportRecord | undefined> {
    const [row] = await this.dataSource.query<DataImportRecord[]>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1`, [id]);
    return row;
  }

  async recent(limit: number): Promise<DataImportRecord[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} ORDER BY i.created_at DESC LIMIT $1`, [limit]);
  }

  /** Imports accepted but never finished (their steps): after a crash of the process that ran them in-process. */
  async unfinished(): Promise<Array<{ id: string; state: ImportState }>> {
    return this.dataSource.query(`SELECT id, state FROM data_import WHERE state IN ('queued', 'validating', 'writing', 'publishing') ORDER BY created_at`);
  }

  /** Runs `fn` alone for this import (a retried job waits for the run before it). */
  exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return exclusive(this.dataSource, `data_import:${id}`, fn);
  }

  /**
   * Runs `fn` holding the import's lock (the one `exclusive` takes) if no job is running it now; false, and
   * `fn` not run, when one is.
   */
  async ifIdle(id: string, fn: () => Promise<void>): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [`data_import:${id}`])) as Array<{
        locked: boolean;
      }>;
      if (!locked) return false;
      try {
        await fn();
        return true;
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`data_import:${id}`]).catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Whether the staging table still holds the import's checked rows: a PostgreSQL crash empties an UNLOGGED
   * table, and a finished import's is dropped. Catalog and fact rows are counted against the check's valid
   * rows; configuration cells (a row may stage none) need only be there.
   */
  async stageIntact(record: Pick<DataImportRecord, 'id' | 'kind' | 'rowsValid'>): Promise<boolean> {
    const [{ exists }] = await this.dataSource.query<Array<{ exists: boolean }>>(`SELECT to_regclass($1) IS NOT NULL AS exists`, [stageOf(record.id)]);
    if (!exists) return false;
    if (record.kind === 'config') {
      const [{ any }] = await this.dataSource.query<Array<{ any: boolean }>>(`SELECT EXISTS (SELECT 1 FROM ${stageOf(record.id)}) AS any`);
      return any || record.rowsValid === 0;
    }
    const [{ n }] = await this.dataSource.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM ${stageOf(record.id)}`);
    return n === record.rowsValid;
  }

  /** Cancels an import in any of `from` states (one no job is running): false when it was in none of them. */
  async cancelFrom(id: string, from: readonly ImportState[]): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE data_import SET state = 'cancelled', finished_at = now() WHERE id = $1 AND state = ANY($2::varchar[]) RETURNING id`,
      [id, from],
    );
    return affected > 0;
  }

  /** A (re)started check: earlier counts, problems and staged rows are forgotten; a fresh staging table. */
  async startCheck(id: string, kind: ImportKind): Promise<void> {
    const stage = stageOf(id);
    await this.dataSource.query(`DELETE FROM import_problem WHERE import_id = $1`, [id]);
    await this.dataSource.query(
      `UPDATE data_import SET state = 'validating', rows_parsed = 0, rows_valid = 0, rows_written = 0, errors = 0, warnings = 0, months = '{}', error = NULL, finished_at = NULL WHERE id = $1`,
      [id],
    );
    await this.dataSource.query(`DROP TABLE IF EXISTS ${stage}`);
    // A catalog row is text of many columns: kept whole as JSON (CatalogRow) until the write; a configuration value is a config_value row.
    const columns = kind === 'catalog' ? 'row jsonb NOT NULL' : `LIKE ${kind === 'config' ? 'config_value' : IMPORT_KIND_DEFS[kind].table}`;
    await this.dataSource.query(`CREATE UNLOGGED TABLE ${stage} (line integer NOT NULL, ${columns})`);
  }

  /** Adds checked catalog rows to the import's staging table. */
  async stageCatalog(id: string, rows: ReadonlyArray<{ line: number; row: object }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 5000) {
      const batch = rows.slice(i, i + 5000);
      await this.dataSource.query(`INSERT INTO ${stageOf(id)} (line, row) SELECT * FROM unnest($1::int[], $2::jsonb[])`, [
        batch.map((r) => r.line),
        batch.map((r) => JSON.stringify(r.row)),
      ]);
    }
  }

  /** The staged catalog rows, in the file's order. */
  async stagedCatalog<Row>(id: string): Promise<Row[]> {
    const rows: Array<{ row: Row }> = await this.dataSource.query(`SELECT row FROM ${stageOf(id)} ORDER BY line`);
    return rows.map((r) => r.row);
  }

  /** A COPY stream into the import's staging table: the line, then the kind's fact columns (a configuration file's: trim, item, value). */
  openStage(id: string, kind: FactImportKind | 'config'): Promise<CopyWriter> {
    return CopyWriter.open(this.dataSource, stageOf(id), ['line', ...(kind === 'config' ? ['car_id', 'item_id', 'value'] : IMPORT_KIND_DEFS[kind].columns)]);
  }

  async dropStage(id: string): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS ${stageOf(id)}`);
  }

  async progressed(id: string, counts: { rowsParsed: number; rowsValid: number; errors: number }): Promise<void> {
    await this.dataSource.query(`UPDATE data_import SET rows_parsed = $2, rows_valid = $3, errors = $4 WHERE id = $1`, [
      id,
      counts.rowsParsed,
      counts.rowsValid,
      counts.errors,
    ]);
  }

  /** The end of a check: its counts, the months its valid rows hold, and the state it leaves the import in. */
  async checked(
    id: string,
    result: { state: ImportState; rowsParsed: number; rowsValid: number; errors: number; warnings: number; months: number[] },
  ): Promise<void> {
    await this.dataSource.query(`UPDATE data_import SET state = $2, rows_parsed = $3, rows_valid = $4, errors = $5, warnings = $6, months = $7 WHERE id = $1`, [
      id,
      result.state,
      result.rowsParsed,
      result.rowsValid,
      result.errors,
      result.warnings,
      result.months,
    ]);
  }

  async setState(id: string, state: ImportState, extra: { rowsWritten?: number; error?: string } = {}): Promise<void> {
    const finished = state === 'done' || state === 'failed' || state === 'cancelled';
    await this.dataSource.query(
      `UPDATE data_import SET state = $2, rows_written = coalesce($3, rows_written), error = coalesce($4, error),
         finished_at = CASE WHEN $5 THEN now() ELSE NULL END WHERE id = $1`,
      [id, state, extra.rowsWritten ?? null, extra.error?.slice(0, 500) ?? null, finished],
    );
  }

  /** Moves a review to `to` only if it is still in review: the answer says whether it was. */
  async leaveReview(id: string, to: ImportState): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE data_import SET state = $2::varchar, finished_at = CASE WHEN $2::varchar = 'cancelled' THEN now() ELSE NULL END WHERE id = $1 AND state = 'review' RETURNING id`,
      [id, to],
    );
    return affected > 0;
  }

  /** The city codes, trim codes and dictionaries a row may name. */
  async reference(): Promise<ImportReference> {
    const cities: Array<{ id: number }> = await this.dataSource.query(`SELECT id FROM city`);
    const cars: Array<{ id: number; code: string }> = await this.dataSource.query(`SELECT id, jll_code AS code FROM car`);
    const dictionary: Array<{ type: string; key: string; value: string }> = await this.dataSource.query(
      `SELECT type, key, value FROM dictionary WHERE type IN ('useNature', 'owner', 'colour')`,
    );
    const codes = (type: string): Map<string, number> => {
      const map = new Map<string, number>();
      for (const entry of dictionary.filter((d) => d.type === type)) {
        map.set(entry.key, Number(entry.key));
        map.set(entry.value, Number(entry.key));
      }
      return map;
    };
    return {
      cities: new Set(cities.map((c) => c.id)),
      cars: new Map(cars.map((c) => [c.code, c.id])),
      useNature: codes('useNature'),
      owner: codes('owner'),
      colour: codes('colour'),
    };
  }

  /** A trim code of the catalog, for the templates' example row. */
  async exampleCarCode(): Promise<string> {
    const [row] = await this.dataSource.query<Array<{ code: string }>>(`SELECT jll_code AS code FROM car ORDER BY id LIMIT 1`);
    return row?.code ?? '';
  }

  /** Keeps problems, up to IMPORT_MAX_PROBLEMS an import (`stored` is how many it already has). */
  async addProblems(id: string, problems: readonly RowProblem[], stored: number): Promise<number> {
    const room = Math.max(0, IMPORT_MAX_PROBLEMS - stored);
    const kept = problems.slice(0, room);
    if (kept.length === 0) return 0;
    await this.dataSource.query(
      `INSERT INTO import_problem (import_id, line, column_name, level, message)
       SELECT $1, * FROM unnest($2::int[], $3::varchar[], $4::varchar[], $5::varchar[])`,
      [id, kept.map((p) => p.line), kept.map((p) => p.column), kept.map((p) => p.level), kept.map((p) => p.message.slice(0, 200))],
    );
    return kept.length;
  }

  /**
   * Rows that repeat another row's natural key (same month, trim, city …): each after the first is an
   * error naming the first's line, and leaves the staging table. Answers how many there were.
   */
  async removeDuplicates(id: string, kind: FactImportKind, stored: number): Promise<number> {
    const key = IMPORT_KIND_DEFS[kind].key.join(', ');
    const [{ count }] = await this.dataSource.query<Array<{ count: number }>>(
      `WITH groups AS MATERIALIZED (SELECT ${key}, min(line) AS first FROM ${stageOf(id)} GROUP BY ${key} HAVING count(*) > 1),
            dups AS (SELECT g.first, s.line FROM groups g JOIN ${stageOf(id)} s USING (${key}) WHERE s.line <> g.first),
            noted AS (
              INSERT INTO import_problem (import_id, line, column_name, level, message)
              SELECT $1, line, '', 'error', '与第 ' || first || ' 行重复：同一月份、车型' || $2 || '只能有一行' FROM dups ORDER BY line LIMIT $3),
            removed AS (DELETE FROM ${stageOf(id)} s USING dups WHERE s.line = dups.line RETURNING 1)
       SELECT count(*)::int AS count FROM removed`,
      [id, kind === 'retail' ? '、城市、使用性质、所有权、颜色' : kind === 'price' ? '、城市' : '', Math.max(0, IMPORT_MAX_PROBLEMS - stored)],
    );
    return count;
  }

  /** Transaction prices more than TP_WARNING_SHARE away from the trim's MSRP of that month (or its list MSRP): warnings. */
  async priceWarnings(id: string, stored: number): Promise<number> {
    const [{ count }] = await this.dataSource.query<Array<{ count: number }>>(
      `WITH far AS (
         SELECT s.line, s.tp, coalesce(m.msrp, c.msrp) AS msrp
           FROM ${stageOf(id)} s JOIN car c ON c.id = s.car_id
           LEFT JOIN msrp_month m ON m.month = s.month AND m.car_id = s.car_id
          WHERE abs(s.tp - coalesce(m.msrp, c.msrp)) > $2::numeric * coalesce(m.msrp, c.msrp)),
       noted AS (
         INSERT INTO import_problem (import_id, line, column_name, level, message)
         SELECT $1, line, '成交价', 'warning', '成交价 ' || tp || ' 元与厂商指导价 ' || msrp || ' 元相差超过 ' || ($2::numeric * 100)::int || '%' FROM far ORDER BY line LIMIT $3)
       SELECT count(*)::int AS count FROM far`,
      [id, TP_WARNING_SHARE, Math.max(0, IMPORT_MAX_PROBLEMS - stored)],
    );
    return count;
  }

  /** The months the staged rows hold, and how many rows there are. */
  async staged(id: string): Promise<{ months: number[]; rows: number }> {
    const rows: Array<{ month: number; n: number }> = await this.dataSource.query(
      `SELECT month, count(*)::int AS n FROM ${stageOf(id)} GROUP BY month ORDER BY month`,
    );
    return { months: rows.map((r) => r.month), rows: rows.reduce((sum, r) => sum + r.n, 0) };
  }

  /**
   * Replaces the facts of the staged months with the staged rows, in one transaction: the month's old rows
   * are deleted and the new ones inserted, and the month's calendar flag is held off until its rollups are
   * rebuilt (publish), and the import is left publishing. Imports write one at a time (a transaction-level
   * advisory lock). Any failure rolls everything back: the month and the import stay as they were.
   */
  async replace(id: string, kind: FactImportKind, months: readonly number[], rows: number): Promise<void> {
    const def = IMPORT_KIND_DEFS[kind];
    const columns = def.columns.join(', ');
    await this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('data_import:write', 0))`);
      await tx.query(`DELETE FROM ${def.table} WHERE month = ANY($1::int[])`, [months]);
      // In key order the primary key's B-tree fills page after page: half the time of the file's order at millions of rows.
      await tx.query(`INSERT INTO ${def.table} (${columns}) SELECT ${columns} FROM ${stageOf(id)} ORDER BY ${def.key.join(', ')}`);
      await tx.query(`INSERT INTO data_month (month) SELECT unnest($1::int[]) ON CONFLICT (month) DO NOTHING`, [months]);
      if (def.flag) await tx.query(`UPDATE data_month SET has_${def.flag} = false WHERE month = ANY($1::int[])`, [months]);
      // The import moves on to its rebuild in the same transaction: a crash after the commit resumes there (decision 137).
      await tx.query(`UPDATE data_import SET rows_written = $2, state = 'publishing' WHERE id = $1`, [id, rows]);
    });
  }

  /** Shows the months in the calendar again (their rollups are rebuilt), published now (decision 200). */
  async publish(kind: ImportKind, months: readonly number[]): Promise<void> {
    const flag = isFactImportKind(kind) ? IMPORT_KIND_DEFS[kind].flag : null;
    if (flag) await this.dataSource.query(`UPDATE data_month SET has_${flag} = true, ${flag}_published_at = now() WHERE month = ANY($1::int[])`, [months]);
  }

  async problems(id: string, limit: number): Promise<ImportProblem[]> {
    return this.dataSource.query(
      `SELECT line, column_name AS column, level, message FROM import_problem WHERE import_id = $1 ORDER BY line, level, column_name LIMIT $2`,
      [id, limit],
    );
  }
}

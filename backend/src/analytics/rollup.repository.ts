import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { withKeysDeferred } from '../database/bulk-load';
import { ROLLUP_BUILDS } from './model';

export interface RollupBuildReport {
  table: string;
  rows: number;
  ms: number;
}

/** More months than this rebuild with the table's keys dropped and re-added (a bulk rebuild). */
const BULK_MONTHS = 6;

/** Rebuilds the rollups of some months from the facts, each table in one transaction. */
@Injectable()
export class RollupRepository {
  constructor(private readonly dataSource: DataSource) {}

  async rebuild(months: number[]): Promise<RollupBuildReport[]> {
    const reports: RollupBuildReport[] = [];
    for (const build of ROLLUP_BUILDS) {
      const started = performance.now();
      const load = () =>
        this.dataSource.transaction(async (tx) => {
          await tx.query(`SET LOCAL work_mem = '256MB'`);
          await tx.query(`DELETE FROM ${build.table} WHERE month = ANY($1::int[])`, [months]);
          await tx.query(`INSERT INTO ${build.table} (${build.columns}) ${build.select}`, [months]);
          const [{ count }] = await tx.query(`SELECT count(*)::int AS count FROM ${build.table} WHERE month = ANY($1::int[])`, [months]);
          return count as number;
        });
      const rows = months.length > BULK_MONTHS ? await withKeysDeferred(this.dataSource, build.table, load) : await load();
      await this.dataSource.query(`ANALYZE ${build.table}`);
      reports.push({ table: build.table, rows, ms: Math.round(performance.now() - started) });
    }
    return reports;
  }
}

import type { DataSource } from 'typeorm';
import { RollupRepository } from '../analytics/rollup.repository';
import { MonthlyReportWriter } from '../reportDownload/monthly-report.writer';
import { DemoDataRepository } from '../seed/demo-data.repository';
import { Progress, silentProgress } from '../seed/progress';
import { SeedScale, SeedSummary, seedDatabase } from '../seed/seed';
import { withDatabaseTasks } from './database-tasks.module';

export interface DemoLoadOptions {
  scale: SeedScale;
  seed: number;
  reportsDir: string;
  progress?: Progress;
  /** Months of producer reports to write (newest first); 3 by default. */
  reportMonths?: number;
}

export interface DemoLoadSummary extends Omit<SeedSummary, 'months'> {
  months: number;
  reports: number;
  seconds: number;
}

/**
 * Replaces all market data with the demo set and builds what the app derives from it: the generator
 * loads the data (reference data and the database are all it knows), the rollups are rebuilt for
 * every month while it writes the configuration sheet and each trim's sheet beside it, then the latest
 * months' producer reports are written. The seed CLI, the boot step on an empty database,
 * the test setup and the benchmark share it.
 */
export async function loadDemoData(dataSource: DataSource, options: DemoLoadOptions): Promise<DemoLoadSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const { months, reports, ...generated } = await withDatabaseTasks(dataSource, { reportsDir: options.reportsDir }, async (tasks) => {
    const rollups = tasks.get(RollupRepository);
    const loaded = await seedDatabase(tasks.get(DemoDataRepository), {
      scale: options.scale,
      seed: options.seed,
      progress,
      // Rebuilding every month empties each rollup first, so no rollup keeps figures of the old data.
      alongsideConfigSheet: { stage: '汇总表', run: (all) => rollups.rebuild(all) },
    });
    const reportMonths = loaded.months.slice(-(options.reportMonths ?? 3)).reverse();
    progress.stage('厂商报告', reportMonths.length);
    const writer = tasks.get(MonthlyReportWriter);
    let written = 0;
    for (const month of reportMonths) {
      written += await writer.writeMonth(month);
      progress.advance();
    }
    progress.finish();
    return { ...loaded, reports: written };
  });

  return { ...generated, months: months.length, reports, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

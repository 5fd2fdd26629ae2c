import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@car/backend/dist/config/config';
import { CoreModule } from '@car/backend/dist/core.module';
import { MonthlyReportWriter } from '@car/backend/dist/reportDownload/monthly-report.writer';
import { openDataSource } from '@car/backend/dist/database/data-source';
import { median } from './stats';

/**
 * The monthly report job for every producer (issue 31 §2: its workbooks and decks ≤ 2 minutes at the large scale):
 *   npm run build && npm run build:bench && node bench/dist/monthly-reports.cli.js [--runs N]
 * on DATABASE_URL (a database of your own: each run replaces the latest month's 月度市场简报 of every producer, through
 * the job's own writer in CoreModule, writing the files to a temporary DATA_DIR removed afterwards).
 */
const log = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 2;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-bench-monthly-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
  const context = await NestFactory.createApplicationContext(CoreModule.forRoot({ config, databaseUrl: config.DATABASE_URL }, 'car-bench-monthly'), {
    logger: ['error'],
  });
  try {
    const writer = context.get(MonthlyReportWriter, { strict: false });
    const ds = await openDataSource(config.DATABASE_URL, 'car-bench-monthly-month');
    const [{ month }] = await ds.query<Array<{ month: number }>>(`SELECT max(month) AS month FROM data_month WHERE has_retail`);
    await ds.destroy();
    const seconds: number[] = [];
    let producers = 0;
    for (let run = 1; run <= runs; run++) {
      const started = performance.now();
      producers = await writer.writeMonth(month);
      seconds.push((performance.now() - started) / 1000);
      log(`run ${run}: ${producers} producers in ${seconds[seconds.length - 1].toFixed(1)} s`);
    }
    const decks = fs.readdirSync(path.join(dataDir, 'reports')).filter((f) => f.endsWith('.pptx'));
    const sizes = decks.map((f) => fs.statSync(path.join(dataDir, 'reports', f)).size);
    const middle = median(seconds);
    process.stdout.write(
      `${JSON.stringify({ month, producers, runs, seconds: seconds.map((s) => Math.round(s * 10) / 10), median: Math.round(middle * 10) / 10, perProducerMs: Math.round((middle * 1000) / producers), deckKb: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024) })}\n`,
    );
  } finally {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

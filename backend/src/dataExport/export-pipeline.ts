import path from 'node:path';
import { type DataSourceKind, EXPORT_KINDS, type ExportKind, formatMonth, type MonthRange } from '@car/contracts';
import type { WorkbookAsOf, WorkbookHead } from '../workbook/table-workbook';
import { type ExportColumn, ExportWorkbook } from './export-workbook';

export type Cell = string | number | null;

/** Reports rows written so far; the processor turns it into stored progress. */
export type ProgressSink = {
  counted(rowsExpected: number): Promise<void>;
  wrote(rowsWritten: number): Promise<void>;
};

/**
 * What one export writes, once its form is resolved: the columns, how many rows there will be, and the
 * rows as cells a batch at a time (a cursor or one query per month), so memory stays flat.
 */
export interface ExportPlan {
  columns: readonly ExportColumn[];
  count(): Promise<number>;
  batches(): AsyncIterable<Cell[][]>;
}

/** One kind of export: its form's validation beyond the schema, and its plan. */
export interface ExportDefinition<F> {
  readonly kind: ExportKind;
  /** A Chinese message when the form cannot be exported (checked before a job is accepted); null when fine. */
  refuse(form: F): string | null;
  plan(form: F): Promise<ExportPlan>;
}

/** The data source each export's figures come from: what its 数据截至 states (decision 202). */
export const EXPORT_SOURCES: Record<ExportKind, DataSourceKind> = { cityRetail: 'retail', mix: 'retail', price: 'price', fandian: 'rebate' };

/**
 * The one pipeline every export runs: count, then stream the rows into the workbook (a partial file
 * renamed when complete, decision 73) reporting progress after each batch.
 */
export async function writeExport(
  kind: ExportKind,
  plan: ExportPlan,
  filePath: string,
  progress: ProgressSink,
  asOf: WorkbookAsOf,
  /** The header block above each sheet's table (the export, its months and conditions, decision 281). */
  head?: WorkbookHead,
): Promise<number> {
  await progress.counted(await plan.count());
  const workbook = new ExportWorkbook(filePath, EXPORT_KINDS[kind], plan.columns, undefined, head ? { head, asOf } : undefined);
  try {
    for await (const batch of plan.batches()) {
      for (const row of batch) workbook.addRow(row);
      await workbook.settle();
      await progress.wrote(workbook.rowsWritten);
    }
    await workbook.complete(asOf);
    return workbook.rowsWritten;
  } catch (error) {
    await workbook.discard();
    throw error;
  }
}

/** The file's name as the user sees it: '价格数据_2026-01至2026-10_20261123-1530.xlsx'. */
export function exportFileName(kind: ExportKind, form: { yyyyMm: MonthRange }, createdAt: Date): string {
  return `${EXPORT_KINDS[kind]}_${formatMonth(form.yyyyMm.from)}至${formatMonth(form.yyyyMm.to)}_${stamp(createdAt)}.xlsx`;
}

/** 20261123-1530 in China's time. */
export function stamp(date: Date): string {
  const local = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10).replace(/-/g, '')}-${local.slice(11, 16).replace(':', '')}`;
}

export const storedFileName = (exportId: string): string => `${exportId}.xlsx`;
export const storedPath = (dir: string, exportId: string): string => path.join(dir, storedFileName(exportId));

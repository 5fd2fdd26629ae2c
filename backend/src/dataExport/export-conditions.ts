import {
  DATA_EXPORT,
  EXPORT_KINDS,
  exportConditions,
  exportFormEntries,
  type ExportKind,
  formatMonth,
  type MonthRange,
  monthsText,
  type ReferenceKind,
  referencesOf,
} from '@car/contracts';
import type { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import type { WorkbookHead } from '../workbook/table-workbook';
import type { ExportJobRecord } from './export-job.repository';

/** Names a field's id or code of a job's form for its conditions (undefined: the value itself). */
export type ExportNamer = (field: string, value: string) => string | undefined;

/**
 * Each job's namer: the ids and codes its form was asked with, by their names (one lookup per kind of id for them
 * all). The list shows the conditions by them, and the workbook's header block (decision 281).
 */
export async function exportNamers(
  records: ReadonlyArray<Pick<ExportJobRecord, 'kind' | 'params'>>,
  references: ReferenceIdsRepository,
): Promise<ExportNamer[]> {
  const checks = records.map((r) => referencesOf(DATA_EXPORT[r.kind as ExportKind].params, formInput(r.params), r.params).ids);
  const wanted = new Map<ReferenceKind, Set<number>>();
  for (const check of checks.flat()) for (const id of check.ids) wanted.set(check.kind, (wanted.get(check.kind) ?? new Set()).add(id));
  const names = new Map(await Promise.all([...wanted].map(async ([kind, ids]) => [kind, await references.names(kind, [...ids])] as const)));
  return checks.map((check) => {
    const kindOf = new Map(check.map((c) => [c.param, c.kind]));
    return (field, value) => {
      const kind = kindOf.get(field);
      return kind ? names.get(kind)?.get(Number(value)) : undefined;
    };
  });
}

/** A stored form as it was sent: each field's texts (what referencesOf reads the ids of). */
function formInput(params: Record<string, unknown>): Record<string, string[]> {
  const input: Record<string, string[]> = {};
  for (const [field, value] of exportFormEntries(params)) (input[field] ??= []).push(value);
  return input;
}

/**
 * An export's header block (decision 281): the export's name, its months and its conditions as 我的导出 lists them,
 * each a whole line ('品牌：大众', a tag with no value).
 */
export function exportHead(record: Pick<ExportJobRecord, 'kind' | 'params'>, nameOf: ExportNamer): WorkbookHead {
  const kind = record.kind as ExportKind;
  const { yyyyMm } = record.params as { yyyyMm: MonthRange };
  return {
    title: EXPORT_KINDS[kind],
    tags: [
      { label: '时间', value: monthsText(formatMonth(yyyyMm.from), formatMonth(yyyyMm.to)) },
      ...exportConditions(kind, record.params, nameOf).map((label) => ({ label })),
    ],
  };
}

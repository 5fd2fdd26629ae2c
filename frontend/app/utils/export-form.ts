/**
 * The export pages' form rules as pure functions (spec 001 §2.7-§2.9, §4, §5): which tags are on, what
 * the 已选条件 panel says, the area → province → city clearing rule, and the fields sent — only those of
 * tags that are on, empty values left out, each value repeated, the month range as 'start - end'.
 */
import { namesText } from '@car/contracts';

/** A tag's chosen values by the form field it sends; names for the 已选条件 panel. */
export interface TagChoice {
  values: string[];
  names: string[];
}

export type ExportChoices = Readonly<Record<string, TagChoice | undefined>>;

/** The month range as the old client sends it. */
export function monthRangeText(start: string, end: string): string {
  return `${start} - ${end}`;
}

/** The form's entries: yyyyMm, then each tag that is on with its values repeated, then titleKeys. */
export function exportEntries(
  start: string,
  end: string,
  tags: ReadonlyArray<{ key: string; field: string }>,
  on: ReadonlySet<string>,
  choices: ExportChoices,
): Array<[string, string]> {
  const entries: Array<[string, string]> = [['yyyyMm', monthRangeText(start, end)]];
  for (const tag of tags) {
    if (!on.has(tag.key)) continue;
    for (const value of choices[tag.field]?.values ?? []) if (value.trim() !== '') entries.push([tag.field, value.trim()]);
  }
  for (const tag of tags) if (on.has(tag.key)) entries.push(['titleKeys', tag.key]);
  return entries;
}

/** What 已选条件 shows of one tag: its chosen names, or 全部 when none (the rule 我的导出 shows too). */
export function conditionText(choice: TagChoice | undefined): string {
  return namesText(choice?.names ?? []);
}

/**
 * A new choice of one field, with the spec's clearing rule: a new area clears province and city; a new
 * province clears city.
 */
export function chooseField(choices: ExportChoices, field: string, choice: TagChoice): Record<string, TagChoice | undefined> {
  const next: Record<string, TagChoice | undefined> = { ...choices, [field]: choice };
  if (field === 'area') {
    next.province = undefined;
    next.city = undefined;
  }
  if (field === 'province') next.city = undefined;
  return next;
}

/** Comma-joined ids (a picker's hidden value) as separate values. */
export function splitValues(text: string): string[] {
  return text
    .split(/[,，\s]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The field naming the kind of export when 我的导出 posts a job's form again (重新生成); no export form has it. */
export const KIND_FIELD = '_kind';

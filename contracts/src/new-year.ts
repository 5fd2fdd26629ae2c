import { z } from 'zod';
import { TAG_COLUMNS, type Tag } from './constants';
import { blankIsAbsent, labelled } from './params';

/**
 * 春节口径 (issue 30 §3; decisions 197-199): Chinese New Year moves between January and February, so with a
 * January or February month the sales pages, the dashboard and the phone page can show 1-2月合计 —
 * January and February together against the same two months a year earlier. The one definition of the
 * parameter, its rule and its texts, for the API and the pages.
 */

/** The toggle's and the parameter's label. */
export const NEW_YEAR_LABEL = '1-2月合计';

/** The refusal when the month is not January or February (the label comes first: 1-2月合计只能…). */
export const NEW_YEAR_MESSAGES = {
  notJanFeb: '只能在所选月份为1月或2月时使用',
  februaryMissing: (year: number) => `${year}年2月数据尚未发布，暂不能查看1-2月合计`,
} as const;

/** Whether a month (YYYYMM) may show 1-2月合计: January or February. */
export function isNewYearMonth(month: number): boolean {
  return month % 100 === 1 || month % 100 === 2;
}

/** The period the combined figures cover, as the cards and titles say it: 2026年1-2月. */
export function newYearPeriodText(year: number): string {
  return `${year}年1-2月`;
}

/** The same period as a chart's category: 2026-01~02. */
export function newYearCategory(year: number): string {
  return `${year}-01~02`;
}

/** `newYear`: 0 (absent) the single month, 1 January and February together. */
export const newYearParam = labelled(
  z.preprocess(blankIsAbsent, z.enum(['0', '1'], { message: '应为 0（单月）或 1（两月合计）' }).default('0')).transform((v) => v === '1'),
  NEW_YEAR_LABEL,
);

/**
 * The cross-field rule: `newYear=1` needs a January or February `time` (YYYY-MM). Without `time` the month
 * would be the latest one, which the caller did not choose, so that is refused as well.
 */
export function checkNewYear(q: { newYear: boolean; time?: string }, ctx: z.RefinementCtx): boolean {
  if (!q.newYear || isNewYearTime(q.time)) return true;
  ctx.addIssue({ code: 'custom', message: NEW_YEAR_MESSAGES.notJanFeb, path: ['newYear'] });
  return false;
}

/** Whether a requested `time` (YYYY-MM) may show 1-2月合计: a January or February chosen (none: refused, as above). */
export function isNewYearTime(time: string | undefined): boolean {
  const monthOfYear = time ? Number(time.slice(5, 7)) : 0;
  return monthOfYear === 1 || monthOfYear === 2;
}

/**
 * The ranking tables' headers under 1-2月合计 (page and workbook): the period's columns say 1-2月, the
 * year-ago ones 去年1-2月, 环比 what it compares with (decision 198); the others keep their header.
 */
const NEW_YEAR_TAG_HEADERS: Partial<Record<Tag, string>> = {
  2: '1-2月销量',
  3: '去年1-2月销量',
  4: '环比(上年11-12月)',
  7: '去年1-2月份额',
  10: '1-2月累计销量',
  11: '去年1-2月累计销量',
};

/** A data tag's header, for the single month or 1-2月合计. */
export function tagHeader(tag: Tag, newYear: boolean): string {
  return (newYear ? NEW_YEAR_TAG_HEADERS[tag] : undefined) ?? TAG_COLUMNS.find((c) => c.tag === tag)?.label ?? '';
}

/** The summary cards' titles under 1-2月合计 (decision 198). */
export const NEW_YEAR_CARD_TITLES = { qty: '1-2月销量', yoy: '同比(去年1-2月)', mom: '环比(上年11-12月)', lj: '1-2月累计销量', yearYoy: '累计同比' } as const;

/** The five summary cards' titles (spec 000 §2): '10月销量' … for the month answered ('YYYY-MM', or none: 当月), or those of 1-2月合计. */
export function summaryCardTitles(time: string | null | undefined, newYear: boolean): { qty: string; yoy: string; mom: string; lj: string; yearYoy: string } {
  if (newYear) return NEW_YEAR_CARD_TITLES;
  const month = time ? `${Number(time.slice(5, 7))}月` : '当月';
  return { qty: `${month}销量`, yoy: '同比', mom: '环比', lj: '本年累计销量', yearYoy: '累计同比' };
}

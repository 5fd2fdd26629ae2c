/**
 * 竞品组's limits, messages and member rule (issue 49, decision 296), apart from the set's calls so the sales tables'
 * 竞品组 filter (sale-volume.ts, decision 300) checks its members by the same rule without importing the calls.
 */
import type { z } from 'zod';

/** A user keeps at most this many sets of their own. */
export const MAX_COMPETITOR_SETS_PER_USER = 30;
export const COMPETITOR_SET_NAME_MAX = 40;
/** Rivals in a set, at most. */
export const MAX_RIVALS = 15;
/** Sub-series in a set, 本品 and rivals together: what the sub-series rollups answer in one read (issue 49 §4). */
export const MAX_SET_MEMBERS = 16;
/** The suggestion rule (decision 296): the caller's producer's best sellers, the months they are read over, the TP window, the rivals kept. */
export const SUGGESTION_RULE = { ownBestSellers: 5, months: 3, tpWindow: 0.2, rivals: 5 } as const;

export const COMPETITOR_SET_MESSAGES = {
  notFound: '竞品组不存在',
  readOnly: '共享给您的竞品组为只读，可另存为我的竞品组',
  nameTaken: '已有同名竞品组，请换一个名称',
  tooMany: `最多保存 ${MAX_COMPETITOR_SETS_PER_USER} 个竞品组，请先删除不用的竞品组`,
  noOwn: '请至少选择一个本品子车系',
  tooManyRivals: `竞品子车系最多 ${MAX_RIVALS} 个`,
  tooManyMembers: `竞品子车系与本品子车系合计最多 ${MAX_SET_MEMBERS} 个`,
  overlap: '竞品子车系不能包含本品子车系',
  unknownSubSeries: (ids: readonly number[]) => `子车系 ${ids.join('、')} 不存在`,
  noProducer: '您的账号未关联厂商，无法共享给本厂商同事',
  /** A page's link names a set the reader cannot read (deleted, or no longer shared): the page opens without it. */
  goneFromLink: '链接中的竞品组已删除或未与您共享',
} as const;

/**
 * The members: 本品 one or more, rivals up to fifteen, sixteen at most together, none both. `fields` names the two
 * lists where the caller's parameters call them otherwise (the sales tables' setOwn and setRivals).
 */
export function checkMembers(
  set: { own: readonly number[]; rivals: readonly number[] },
  ctx: z.RefinementCtx,
  fields: { own: string; rivals: string } = { own: 'own', rivals: 'rivals' },
): void {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (set.own.length === 0) issue(fields.own, COMPETITOR_SET_MESSAGES.noOwn);
  if (set.rivals.length > MAX_RIVALS) issue(fields.rivals, COMPETITOR_SET_MESSAGES.tooManyRivals);
  else if (set.own.length + set.rivals.length > MAX_SET_MEMBERS) issue(fields.rivals, COMPETITOR_SET_MESSAGES.tooManyMembers);
  if (set.rivals.some((id) => set.own.includes(id))) issue(fields.rivals, COMPETITOR_SET_MESSAGES.overlap);
}

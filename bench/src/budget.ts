import { ms, spread } from './stats';

/**
 * The per-call budget `npm run bench` checks (issue 48 §3): every call's p95 at the large scale within the budget of
 * its kind — a JSON answer 20 ms (issue 32 §3), a workbook (下载 Excel) 50 ms, a deck (导出PPT) 1 s (issue 31) — or
 * within its own `targetMs` where its issue or a decision sets one (配置查询's 72,000-cell workbook, decision 295). The
 * bench ends with the calls over their budget and exits with OVER_BUDGET_EXIT_CODE when there are any, so whoever runs
 * it after a change that slows a call is told.
 */
export type CallKind = 'json' | 'workbook' | 'deck';

export const BUDGET_MS: Readonly<Record<CallKind, number>> = { json: 20, workbook: 50, deck: 1000 };

/** `npm run bench`'s exit code when a call is over its budget (1 is a failure of the bench itself). */
export const OVER_BUDGET_EXIT_CODE = 3;

/** A call's kind by its path: 导出PPT ends in /ppt (left out of the load run's mix), a workbook's name starts with download. */
export function kindOf(path: string): CallKind {
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === 'ppt') return 'deck';
  if (last.startsWith('download')) return 'workbook';
  return 'json';
}

/** A bench case's budget: its own `targetMs`, else its kind's. */
export function budgetOf(endpoint: { path: string; targetMs?: number }): number {
  return endpoint.targetMs ?? BUDGET_MS[kindOf(endpoint.path)];
}

/** A timed case (an endpoint over its variants, or a call of another section) with its samples. */
export interface TimedCall {
  name: string;
  budgetMs: number;
  samples: number[];
}

export interface OverBudget {
  name: string;
  p95: number;
  budgetMs: number;
}

/** The calls whose p95 exceeds their budget, worst first (by how many times over). */
export function overBudget(calls: readonly TimedCall[]): OverBudget[] {
  return calls
    .filter((c) => c.samples.length > 0)
    .map((c) => ({ name: c.name, p95: spread(c.samples).p95, budgetMs: c.budgetMs }))
    .filter((c) => c.p95 > c.budgetMs)
    .sort((a, b) => b.p95 / b.budgetMs - a.p95 / a.budgetMs);
}

/** The bench's last lines: every call within its budget, or each one over it. */
export function budgetVerdict(checked: number, over: readonly OverBudget[]): string {
  if (over.length === 0)
    return `[bench] every call within its budget (${checked} cases: JSON ${BUDGET_MS.json} ms, workbook ${BUDGET_MS.workbook} ms, deck ${BUDGET_MS.deck} ms at p95)`;
  return [
    `[bench] ${over.length} of ${checked} cases over their budget (p95):`,
    ...over.map((o) => `  ${o.name}: p95 ${ms(o.p95)} ms, budget ${o.budgetMs} ms`),
  ].join('\n');
}

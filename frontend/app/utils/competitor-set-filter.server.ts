/**
 * 竞品组 on 整体市场表现's 车系 table (issue 49 §3, decision 300): the set the URL names (`set`), read among the
 * caller's own and shared sets, and its members as the table's call takes them (setOwn, setRivals, setName) — the
 * members in the address, so the answer cache keeps the answer and an edit of the set is read at the next load.
 * A set the caller cannot read (deleted, or no longer shared: a shared view's) is `missing`: the page says so and
 * shows the table without it.
 */
import type { AppLoadContext } from '@remix-run/node';
import { COMPETITOR_SETS, type CompetitorSet } from '@car/contracts';

import { apiGet, throwAsRouteError } from './api.server';
import { monitorSetOf } from './competitor-monitor';
import { urlState } from './url-state';

export interface ChosenSet {
  set: CompetitorSet | null;
  /** The URL named a set the caller cannot read. */
  missing: boolean;
}

/** The set of the URL's `set`, or none (without reading the list when the URL names no set). */
export async function readChosenSet(request: Request, context: AppLoadContext, params: URLSearchParams): Promise<ChosenSet> {
  const id = urlState(COMPETITOR_SETS.monitor.params, params).value('id', { from: 'set', fallback: null });
  if (id === null) return { set: null, missing: false };
  return monitorSetOf(await apiGet(request, context, COMPETITOR_SETS.list).catch(throwAsRouteError), id);
}

/** The 车系 table call's set filter of a set. */
export function setFilterParams(set: CompetitorSet): Record<string, string> {
  return {
    setOwn: set.own.map((m) => m.id).join(','),
    ...(set.rivals.length > 0 ? { setRivals: set.rivals.map((m) => m.id).join(',') } : {}),
    setName: set.name,
  };
}

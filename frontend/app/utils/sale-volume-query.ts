import { isNewYearMonth, NEW_YEAR_LABEL, PAGE_STEP, parseMonth, type DataSource, WHOLE_MARKET } from '@car/contracts';

import { urlState } from './url-state';

/**
 * The sales-volume pages' state, read from and written to the URL (search params), with the spec's
 * parameter names and defaults (000 §3, §7, §9). The filter panel's GET form writes the filters; the
 * chart and table controls change their own params with links, so every view can be bookmarked.
 */

export interface SaleVolumeFilters {
  /** 'YYYY-MM'; null until the calendar's latest month fills it. */
  time: string | null;
  source: DataSource;
  /** Segment id, −1 the whole market. */
  detailId: number;
  /** Producer property, −1 all. */
  producerProperty: number;
  /** Fuel keys; empty means every fuel. */
  fuels: number[];
  /** 1-2月合计 (`newYear=1`, decision 197): only with a January or February month in the URL, else off. */
  newYear: boolean;
}

export const FILTER_PARAMS = ['time', 'source', 'detailId', 'producerProperty', 'fuels', 'newYear'] as const;

/** Whether a month ('YYYY-MM') may show 1-2月合计. */
export function allowsNewYear(time: string | null | undefined): boolean {
  return Boolean(time) && isNewYearMonth(parseMonth(time as string));
}

/** The shared filters as the sales calls read them (saleVolumeFilterSchema), a refused value as its default. */
export function readFilters(params: URLSearchParams): SaleVolumeFilters {
  const url = urlState(WHOLE_MARKET.whole.params, params);
  return {
    time: url.text('time'),
    source: url.value('source') as DataSource,
    detailId: url.value('detailId'),
    producerProperty: url.value('producerProperty'),
    fuels: url.list('fuels'),
    newYear: url.value('newYear') && allowsNewYear(url.text('time')),
  };
}

/**
 * The two choices of the 1-2月合计 toggle as links from the current URL (decision 197): 单月 drops `newYear`, 1-2月合计
 * sets it with the month shown, so a page that showed the latest month keeps showing it. Empty for a month that
 * allows no 1-2月合计. The sales pages' and the phone page's toggles both draw these.
 */
export function newYearChoices(search: string, time: string | null | undefined): Array<{ on: boolean; label: string; to: string }> {
  if (!allowsNewYear(time)) return [];
  return [
    { on: false, label: '单月', to: withParams(search, { newYear: null }) },
    { on: true, label: NEW_YEAR_LABEL, to: withParams(search, { newYear: 1, time }) },
  ];
}

/** The filters as API query params (absent = the API's default). */
export function filterApiParams(filters: SaleVolumeFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { source: filters.source, detailId: filters.detailId, producerProperty: filters.producerProperty };
  if (filters.time) params.time = filters.time;
  if (filters.fuels.length > 0) params.fuels = filters.fuels.join(',');
  if (filters.newYear) params.newYear = 1;
  return params;
}

/** Load more: the page grows by one and the page size becomes 10 × page (spec 000 §4). */
export function pageSizeOf(page: number): number {
  return PAGE_STEP * Math.max(1, page);
}

/** The current URL with some params set (null removes one); keeps everything else. */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/** Which of the given params differ between two searches: tells a panel whether a pending navigation is its own. */
export function changedParams(from: string, to: string): Set<string> {
  const a = new URLSearchParams(from);
  const b = new URLSearchParams(to);
  const changed = new Set<string>();
  for (const key of new Set([...a.keys(), ...b.keys()])) if (a.get(key) !== b.get(key)) changed.add(key);
  return changed;
}

/**
 * For the sales pages' `shouldRevalidate`: choosing other data columns (`tags`) only re-renders the
 * table, so it needs no new data; every other change does.
 */
export function onlyTagsChanged(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const a = new URLSearchParams(currentUrl.search);
  const b = new URLSearchParams(nextUrl.search);
  a.delete('tags');
  b.delete('tags');
  return a.toString() === b.toString();
}

/** The filters as a page shows them: the URL's month, else the month the API answered for, else the calendar's latest. */
export function withShownMonth<F extends SaleVolumeFilters>(
  filters: F,
  answeredMonth: string | null | undefined,
  months: readonly string[] | null | undefined,
): F {
  return { ...filters, time: filters.time ?? answeredMonth ?? months?.[0] ?? null };
}

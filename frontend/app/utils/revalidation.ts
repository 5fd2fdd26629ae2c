/**
 * Which client-side navigations reload which routes. The root's and the shell's data (session, menus,
 * user) depend on the path, not on a page's search params, so a page's own controls reload the page
 * only: one request. A change of the sales tables' data columns (`tags`) reloads nothing: the table reads
 * them from the URL. Nor does the return to the address shown after a navigation could not reach the
 * server (utils/network-failure.ts).
 */
import type { ShouldRevalidateFunction, ShouldRevalidateFunctionArgs } from '@remix-run/react';

import { isReturnAfterNetworkFailure } from './network-failure';
import { onlyTagsChanged } from './sale-volume-query';
import { SORT_KEY } from './table-sort';

type Change = Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl' | 'formMethod'>;

/** For the root and the shell: a GET within the same page (its search params only), or the return after a network failure. */
export function frameUnchanged(change: Change): boolean {
  const { currentUrl, nextUrl, formMethod } = change;
  const submitting = formMethod !== undefined && formMethod.toUpperCase() !== 'GET';
  const samePage = !submitting && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return samePage || isReturnAfterNetworkFailure(change);
}

/** The sales pages' rule: no reload for a change of data columns only (or none at all), nor for the return after a network failure. */
export const salesPageShouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlyTagsChanged(args.currentUrl, args.nextUrl) || isReturnAfterNetworkFailure(args) ? false : args.defaultShouldRevalidate;

/** The URL without a whole table's order: what the page's data depends on. */
const withoutOrder = (url: URL): string => {
  const params = new URLSearchParams(url.search);
  params.delete(SORT_KEY);
  return `${url.pathname}?${params.toString()}`;
};

/**
 * A sales page with writes of its own (竞品监控's set): after its action the page reads its data again even where the
 * address stays the same; otherwise the sales pages' rule.
 */
export const writingSalesPageShouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.formMethod !== undefined && args.formMethod.toUpperCase() !== 'GET' ? args.defaultShouldRevalidate : salesPageShouldRevalidate(args);

/** A sales page whose table comes whole and sorts in the page (decision 171): a change of its order alone reloads nothing either. */
export const wholeTablePageShouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.currentUrl.search !== args.nextUrl.search && withoutOrder(args.currentUrl) === withoutOrder(args.nextUrl) ? false : salesPageShouldRevalidate(args);

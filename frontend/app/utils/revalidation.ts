/**
 * Which client-side navigations reload which routes. Two kinds reload nothing: a change of the sales
 * tables' data columns (`tags`), which the table reads from the URL itself, and the return to the address
 * shown after a navigation failed to reach the server (utils/network-failure.ts). The root and the shell
 * otherwise keep their own rules; the sales pages reload on every other change of their URL.
 */
import type { ShouldRevalidateFunction, ShouldRevalidateFunctionArgs } from '@remix-run/react';

import { isReturnAfterNetworkFailure } from './network-failure';
import { onlyTagsChanged } from './sale-volume-query';

type UrlChange = Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl'>;

/** A navigation that changes what is shown without new data: no route reloads for it. */
export function viewOnlyChange(change: UrlChange): boolean {
  const { currentUrl, nextUrl } = change;
  return (currentUrl.search !== nextUrl.search && onlyTagsChanged(currentUrl, nextUrl)) || isReturnAfterNetworkFailure(change);
}

/** The sales pages' rule: also no reload for the same address (their data follows the URL only). */
export const salesPageShouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlyTagsChanged(args.currentUrl, args.nextUrl) || viewOnlyChange(args) ? false : args.defaultShouldRevalidate;

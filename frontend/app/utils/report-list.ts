/**
 * The report lists' page key: `size`, how many rows 点击加载更多 has grown the list to (10 more each time,
 * spec 001 §9). The API's `pageSize`, kept by the page under its own name; a size that is no number reads as the
 * first page, one out of range as the nearest bound.
 */
import { intText, REPORT_MAX_PAGE_SIZE } from '@car/contracts';
import { z } from 'zod';

import { urlState } from './url-state';

export const REPORT_LIST_KEYS = z.object({ size: intText() });

/** The list's size in the address, at least `least` (the page's first size), at most the API's largest page. */
export function reportListSize(from: URLSearchParams | Request, least: number): number {
  const size = urlState(REPORT_LIST_KEYS, from).value('size', { fallback: 0 });
  return Math.max(least, Math.min(REPORT_MAX_PAGE_SIZE, size || least));
}

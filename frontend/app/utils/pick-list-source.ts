/**
 * Where the pick-list dialogs and the configuration search box get their lists once the page is up: the
 * browser asks this site's resource route `/picklist/<list>` (routes/picklist.$list.tsx), which calls the
 * list's endpoint server-side through api.server.ts, so the token, the 120 s timeout, the envelope and a
 * dead session's redirect are the loaders' own (decision 157). The browser never calls `/car/api` for a
 * list. A failure arrives as `{ failure }` and becomes the Chinese message the dialog shows, with 重试; a
 * request that cannot reach the server also raises the spec's 5 s network toast.
 */
import { ALERTS, CAR_CONFIG, COMPETITOR_SETS, REQUEST_TIMEOUT_MS, SEARCH, type ResultOf } from '@car/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { isAbortError } from './aborted-loads';
import { isApiFailure } from './api-failure';
import { announceNetworkFailure, NETWORK_FAILURE_MESSAGE, TIMEOUT_MESSAGE } from './network-failure';

/** The lists the browser may ask for, by name in `/picklist/<name>`: a closed table of contract endpoints. */
export const PICK_LISTS = {
  producers: SEARCH.producers,
  brands: SEARCH.brands,
  producerBrands: SEARCH.producerBrands,
  reportProducers: SEARCH.reportProducers,
  series: SEARCH.series,
  cars: SEARCH.cars,
  areas: SEARCH.areas,
  provinces: SEARCH.provinces,
  cities: SEARCH.cities,
  configSubSeries: CAR_CONFIG.searchCar,
  alertRows: ALERTS.rows,
  competitorSets: COMPETITOR_SETS.list,
} as const;

export type PickListName = keyof typeof PICK_LISTS;
export type PickListResult<K extends PickListName> = ResultOf<(typeof PICK_LISTS)[K]>;

export function isPickListName(name: string | undefined): name is PickListName {
  return name !== undefined && Object.hasOwn(PICK_LISTS, name);
}

export type PickParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type PickParams = Readonly<Record<string, PickParamValue>>;

/** `/picklist/brands?key=…`: empty values are left out, lists comma-joined (as the API reads them). */
export function pickListHref(list: PickListName, params: PickParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query.set(key, value.join(','));
      continue;
    }
    query.set(key, String(value));
  }
  const text = query.toString();
  return `/picklist/${list}${text ? `?${text}` : ''}`;
}

export class PickListError extends Error {
  constructor(
    message: string,
    /** The request never reached an answer (the spec's network error: a 5 s toast as well). */
    readonly network = false,
  ) {
    super(message);
    this.name = 'PickListError';
  }
}

/**
 * The resource route answers within the API's own timeout; this one is a little longer, so the server's
 * message normally wins and the browser gives up only when the page server itself is gone.
 */
const BROWSER_TIMEOUT_MS = REQUEST_TIMEOUT_MS + 5_000;

/** Older browsers without AbortSignal.timeout / any keep the caller's signal alone. */
function withTimeout(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(BROWSER_TIMEOUT_MS);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

/**
 * GET one list. Aborting through `signal` rejects with the AbortError as is (callers ignore it); every
 * other failure is a PickListError with the message to show. A redirect (the session ended, or a password
 * must be changed) reloads the page, whose own loader then applies the session rule with the page's
 * address, not this route's, as the place to come back to.
 */
export async function fetchPickList<K extends PickListName>(list: K, params: PickParams = {}, signal?: AbortSignal): Promise<PickListResult<K>> {
  let response: Response;
  try {
    response = await fetch(pickListHref(list, params), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      redirect: 'manual',
      signal: withTimeout(signal),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') throw new PickListError(TIMEOUT_MESSAGE, true);
    throw new PickListError(NETWORK_FAILURE_MESSAGE, true);
  }
  if (response.type === 'opaqueredirect') {
    window.location.reload();
    throw new PickListError('登录已失效，正在前往登录页…');
  }

  let answer: unknown;
  try {
    answer = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PickListError(`页面服务应答无法识别（HTTP ${response.status}）`);
  }
  if (typeof answer === 'object' && answer !== null) {
    if ('result' in answer) return answer.result as PickListResult<K>;
    if ('failure' in answer && isApiFailure(answer.failure)) throw new PickListError(answer.failure.msg, answer.failure.network);
  }
  throw new PickListError(`页面服务应答无法识别（HTTP ${response.status}）`);
}

export interface ListRequest<T> {
  data: T | null;
  loading: boolean;
  /** The message to show; null when the last call succeeded or none was made. */
  error: string | null;
  /** Starts a call, cancelling the one in flight; resolves with its result, or undefined when it failed or was cancelled. */
  run: (call: (signal: AbortSignal) => Promise<T>) => Promise<T | undefined>;
  cancel: () => void;
  /** Repeats the last call (the 重试 button). */
  retry: () => void;
}

/**
 * One list a dialog loads: its data, a loading flag that always comes down (success, failure or
 * cancel), and the message of the last failure. A new call cancels the previous one.
 */
export function useListRequest<T>(): ListRequest<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastCall = useRef<((signal: AbortSignal) => Promise<T>) | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setLoading(false);
  }, []);

  const run = useCallback(async (call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    lastCall.current = call;
    setLoading(true);
    setError(null);
    try {
      const result = await call(own.signal);
      if (own.signal.aborted) return undefined;
      setData(result);
      return result;
    } catch (failure) {
      if (own.signal.aborted || isAbortError(failure)) return undefined;
      if (failure instanceof PickListError && failure.network) announceNetworkFailure(failure.message);
      setError(failure instanceof Error ? failure.message : String(failure));
      return undefined;
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setLoading(false);
      }
    }
  }, []);

  const retry = useCallback(() => {
    if (lastCall.current) void run(lastCall.current);
  }, [run]);

  useEffect(() => () => controller.current?.abort(), []);

  return { data, loading, error, run, cancel, retry };
}

/** The filters of the maker lists (producers, brands, producer-brands) and of the series list. */
export interface PickFilters {
  /** Segment, -1 = whole market. */
  detailId?: number;
  /** Producer property keys; -1 or empty = all. */
  producerProperties?: readonly number[];
  brandProperties?: readonly number[];
  /** The series list only: narrow to these producers / brands. */
  producerIds?: readonly number[];
  brandIds?: readonly number[];
  /** The car models only: the month ('YYYY-MM') of MSRP and mix; default the latest retail month. */
  time?: string;
}

/** The API refuses parameters a call does not know, so each call gets only its own filters. */
export function makerParams(filters: PickFilters = {}): PickParams {
  const { detailId, producerProperties, brandProperties } = filters;
  return { detailId, producerProperties, brandProperties };
}

export function seriesParams(filters: PickFilters = {}): PickParams {
  const { producerIds, brandIds } = filters;
  return { ...makerParams(filters), producerIds, brandIds };
}

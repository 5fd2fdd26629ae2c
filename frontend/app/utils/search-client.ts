/**
 * The search calls (`/car/api/search/…`) made from the browser, for the pick-list dialogs that load their
 * lists after the page is up. Same origin, so the `car-token` cookie is the session. The envelope rules are
 * those of api.server.ts: code 1 is success; -1009 / -1008 / -1012 mean the session ended, and the browser
 * goes to /login; any other code, a network failure or an unreadable answer is a SearchCallError whose
 * Chinese message the dialog shows (a network failure also raises the spec's 5 s toast).
 */
import { API_PREFIX, ApiCode, isEnvelope, REQUEST_TIMEOUT_MS, SESSION_ENDED_CODES } from '@car/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { loginHref } from './navigation';
import { announceNetworkFailure, NETWORK_FAILURE_MESSAGE } from './network-failure';

const SEARCH_BASE = `${API_PREFIX}/search/`;

export type SearchParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type SearchParams = Readonly<Record<string, SearchParamValue>>;

export class SearchCallError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly network = false,
    readonly sessionEnded = false,
  ) {
    super(message);
    this.name = 'SearchCallError';
  }
}

/**
 * `getProducers` + params → `/car/api/search/getProducers?…`; a path with a leading slash is under
 * `/car/api` itself (`/carConfig/searchCar`). Empty values are left out, lists comma-joined.
 */
export function searchUrl(path: string, params: SearchParams = {}): string {
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
  const base = path.startsWith('/') ? `${API_PREFIX}/` : SEARCH_BASE;
  return `${base}${path.replace(/^\/+/, '')}${text ? `?${text}` : ''}`;
}

function timeoutSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}


/**
 * GET a search call and unwrap its `result`. Aborting through `signal` rejects with the AbortError as is
 * (callers ignore it); everything else that fails is a SearchCallError.
 */
export async function searchGet<T>(path: string, params: SearchParams = {}, options: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(searchUrl(path, params), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: timeoutSignal(options.signal),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new SearchCallError('网络错误：数据服务超过 120 秒未应答，请稍后重试', -1, true);
    }
    throw new SearchCallError(NETWORK_FAILURE_MESSAGE, -1, true);
  }

  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new SearchCallError(`数据服务应答无法识别（HTTP ${response.status}）`, -1500);
  }
  if (!isEnvelope(envelope)) throw new SearchCallError(`数据服务应答无法识别（HTTP ${response.status}）`, -1500);
  if (envelope.code === ApiCode.Success) return envelope.result as T;
  if (SESSION_ENDED_CODES.has(envelope.code)) {
    window.location.assign(loginHref(new URL(window.location.href)));
    throw new SearchCallError('登录已失效，正在前往登录页…', envelope.code, false, true);
  }
  throw new SearchCallError(envelope.msg || `请求失败（错误码 ${envelope.code}）`, envelope.code);
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export interface SearchRequest<T> {
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
export function useSearchRequest<T>(): SearchRequest<T> {
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
      if (own.signal.aborted || isAbort(failure)) return undefined;
      if (failure instanceof SearchCallError && failure.network) announceNetworkFailure(failure.message);
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

/** The filters of the maker lists (getProducers, getBrands, getProducerBrands) and of getSeries. */
export interface PickFilters {
  /** Segment, -1 = whole market. */
  detailId?: number;
  /** Producer property keys; -1 or empty = all. */
  producerProperties?: readonly number[];
  brandProperties?: readonly number[];
  /** getSeries only: narrow to these producers / brands. */
  producerIds?: readonly number[];
  brandIds?: readonly number[];
  /** getCars only: the month ('YYYY-MM') of MSRP and mix; default the latest retail month. */
  time?: string;
}

/** The API refuses parameters a call does not know, so each call gets only its own filters. */
export function makerParams(filters: PickFilters = {}): SearchParams {
  const { detailId, producerProperties, brandProperties } = filters;
  return { detailId, producerProperties, brandProperties };
}

export function seriesParams(filters: PickFilters = {}): SearchParams {
  const { producerIds, brandIds } = filters;
  return { ...makerParams(filters), producerIds, brandIds };
}

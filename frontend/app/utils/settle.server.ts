/**
 * Loaders that fill several panels call the API in parallel and keep what answered: a failed call
 * leaves its panel empty and its message goes to the toast, the rest of the page still shows.
 * Redirects (a dead session) and bugs are rethrown.
 */
import type { ApiFailure } from './api-failure';
import { failureOf } from './api.server';

export interface Settled<T> {
  value: T | null;
  failure: ApiFailure | null;
}

export async function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  try {
    return { value: await call, failure: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { value: null, failure: failureOf(error) };
  }
}

/** The first failure among settled calls, for the page's toast. */
export function firstFailure(...settled: Array<Settled<unknown>>): ApiFailure | null {
  return settled.find((s) => s.failure)?.failure ?? null;
}

/**
 * A call the page does without (the frame's bell count, 数据截至): its answer, or null whatever went wrong, so it
 * never fails the page (nor a redirect the page must still make).
 */
export function orNull<T>(call: Promise<T>): Promise<T | null> {
  return call.catch(() => null);
}

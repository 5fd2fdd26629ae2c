/**
 * What the browser does when it cannot reach the server (spec 000 §8: "Network error — toast with the
 * error message for 5 s"). A client-side navigation or revalidation whose data request fails keeps the
 * page as it was: the page routes' `clientLoader` turns the failure into a return to the address still
 * shown, which no route reloads, and announces the failure to the toast. A pick-list dialog's list call
 * announces it the same way. A page rendered on the server with the API down still shows its error card.
 */
import type { ClientLoaderFunctionArgs, ShouldRevalidateFunctionArgs } from '@remix-run/react';

import type { ApiFailure } from './api-failure';

export const NETWORK_FAILURE_MESSAGE = '网络错误：无法连接服务器，请检查网络后重试';
/** A call the spec's 120 s timeout (REQUEST_TIMEOUT_MS) ended. */
export const TIMEOUT_MESSAGE = '网络错误：数据服务超过 120 秒未应答，请稍后重试';

/** A fetch that never reached the server rejects with a TypeError (Chrome "Failed to fetch", Firefox "NetworkError…", Safari "Load failed"). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

type Listener = (failure: ApiFailure) => void;
const listeners = new Set<Listener>();

/** The toast's subscription (ToastProvider); returns the unsubscribe. */
export function onNetworkFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceNetworkFailure(msg = NETWORK_FAILURE_MESSAGE): void {
  const failure: ApiFailure = { msg, code: -1, network: true };
  listeners.forEach((listener) => listener(failure));
}

/** The address the page is returning to after a failed navigation; every route skips reloading for it. */
let returningTo: string | null = null;

function addressOf(url: URL | Location): string {
  return `${url.pathname}${url.search}`;
}

/**
 * The page routes' `clientLoader`: the server loader as usual; when its request cannot reach the server,
 * the toast says so and the navigation turns back (replacing, so history is unchanged) to the address
 * still shown, with its data kept.
 */
export async function keepPageOnNetworkFailure({ serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    announceNetworkFailure();
    returningTo = addressOf(window.location);
    throw new Response(null, { status: 302, headers: { Location: `${returningTo}${window.location.hash}`, 'X-Remix-Replace': 'true' } });
  }
}

/** For every route's `shouldRevalidate`: true while the router returns to the address shown after a network failure. */
export function isReturnAfterNetworkFailure({ currentUrl, nextUrl }: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl'>): boolean {
  if (returningTo === null) return false;
  if (addressOf(currentUrl) === returningTo && addressOf(nextUrl) === returningTo) return true;
  returningTo = null;
  return false;
}

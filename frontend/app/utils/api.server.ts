/**
 * The one way loaders and actions call `/car/api`: with the user's token, under the spec's 120 s timeout,
 * unwrapping the `{code, msg, result}` envelope. A dead session becomes a redirect to /login; every other
 * failure becomes an ApiError whose Chinese `msg` routes show in a toast or message.
 */
import { ApiCode, isEnvelope, MP_SESSION_HEADER, REQUEST_TIMEOUT_MS, SESSION_ENDED_CODES, TOKEN_HEADER, type Endpoint, type ResultOf } from '@car/contracts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';

import type { ApiFailure } from './api-failure';
import { apiBaseOf } from './env.server';
import { loginHref, PASSWORD_CHANGE_PAGE } from './navigation';
import { TIMEOUT_MESSAGE } from './network-failure';
import { clearedSessionCookie, readToken } from './session.server';

const NETWORK_CODE = -1;

export class ApiError extends Error {
  constructor(
    readonly msg: string,
    readonly code: number,
    /** HTTP status to answer the browser with. */
    readonly status: number,
    readonly network = false,
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  toFailure(): ApiFailure {
    return { msg: this.msg, code: this.code, network: this.network };
  }
}

type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type ApiParams = Record<string, ParamValue>;

interface CallOptions {
  /** Send the session token (default). Login sends none, so a stale cookie cannot get in its way. */
  withToken?: boolean;
  /**
   * A mobile call (/wechatsalevolume): sends this mp session instead of the web token, and a session-ended
   * code is thrown as an ApiError for the page to explain, not a redirect to /login (the phone has no login).
   */
  mpSession?: string | null;
}

/** A GET by its contract (@car/contracts endpoints): the answer is typed by the endpoint's result schema. */
export function apiGet<E extends Endpoint>(
  request: Request,
  context: AppLoadContext,
  endpoint: E,
  params: ApiParams = {},
  options: CallOptions = {},
): Promise<ResultOf<E>> {
  return call<ResultOf<E>>(request, context, 'GET', endpoint.path, params, undefined, options);
}

/** A POST of a JSON body by its contract: the answer is typed by the endpoint's result schema. */
export function apiPost<E extends Endpoint>(
  request: Request,
  context: AppLoadContext,
  endpoint: E,
  body: unknown = {},
  options: CallOptions = {},
): Promise<ResultOf<E>> {
  return call<ResultOf<E>>(request, context, 'POST', endpoint.path, {}, body, options);
}

/** A POST of a form-encoded call (the exports): entries as given, so a field repeats for each value. */
export function apiPostForm<E extends Endpoint>(
  request: Request,
  context: AppLoadContext,
  endpoint: E,
  entries: ReadonlyArray<[string, string]>,
): Promise<ResultOf<E>> {
  return call<ResultOf<E>>(request, context, 'POST', endpoint.path, {}, new URLSearchParams(entries.map(([k, v]) => [k, v])), {});
}

/** A POST of a multipart call (the report upload): the form as the browser sent it, files included. */
export function apiPostMultipart<E extends Endpoint>(request: Request, context: AppLoadContext, endpoint: E, form: FormData): Promise<ResultOf<E>> {
  return call<ResultOf<E>>(request, context, 'POST', endpoint.path, {}, form, {});
}

function urlOf(context: AppLoadContext, path: string, params: ApiParams): URL {
  const url = new URL(`${apiBaseOf(context)}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    // Lists travel as one comma-joined value, like the spec's `fuels`.
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url;
}

/**
 * A call whose reader is gone (a loader threw, a dead session's redirect, before reading it) must not end the
 * process with an unhandled rejection: its failure is marked seen here, and whoever awaits it still gets it.
 * The loaders read every call they start (see cabmodelpricetrace); this is the net under that rule.
 */
function call<T>(...args: Parameters<typeof send>): Promise<T> {
  const answer = send<T>(...args);
  answer.catch(() => undefined);
  return answer;
}

async function send<T>(
  request: Request,
  context: AppLoadContext,
  method: 'GET' | 'POST',
  path: string,
  params: ApiParams,
  body: unknown,
  { withToken = true, mpSession }: CallOptions,
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const mobile = mpSession !== undefined;
  const token = withToken && !mobile ? readToken(request) : null;
  if (token) headers.set(TOKEN_HEADER, token);
  if (mpSession) headers.set(MP_SESSION_HEADER, mpSession);
  if (context.clientAddress) headers.set('X-Forwarded-For', context.clientAddress);
  const userAgent = request.headers.get('User-Agent');
  if (userAgent) headers.set('User-Agent', userAgent);
  const form = body instanceof URLSearchParams;
  // A FormData body sets its own multipart Content-Type (with the boundary).
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', form ? 'application/x-www-form-urlencoded' : 'application/json');

  let response: Response;
  try {
    response = await fetch(urlOf(context, path, params), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : form ? body.toString() : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
  } catch (error) {
    // The browser went away: let Remix drop the request quietly.
    if (request.signal.aborted) throw error;
    throw networkError(error);
  }

  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError(`数据服务应答无法识别（HTTP ${response.status}）`, -1500, 502);
  }
  if (!isEnvelope(envelope)) {
    throw new ApiError(`数据服务应答无法识别（HTTP ${response.status}）`, -1500, 502);
  }
  if (envelope.code === ApiCode.Success) return envelope.result as T;
  if (SESSION_ENDED_CODES.has(envelope.code) && !mobile) {
    throw redirect(loginHref(new URL(request.url)), {
      headers: { 'Set-Cookie': clearedSessionCookie(request) },
    });
  }
  // A password an administrator set: every page but the change of password sends the user there (decision 83).
  if (envelope.code === ApiCode.PasswordChangeRequired && !mobile) throw redirect(PASSWORD_CHANGE_PAGE);
  const status = response.status >= 400 ? response.status : 500;
  throw new ApiError(envelope.msg || `请求失败（错误码 ${envelope.code}）`, envelope.code, status);
}

function networkError(error: unknown): ApiError {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new ApiError(TIMEOUT_MESSAGE, NETWORK_CODE, 504, true);
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  const detail = cause?.code ?? (error instanceof Error ? error.message : String(error));
  return new ApiError(`网络错误：无法连接数据服务（${detail}）`, NETWORK_CODE, 502, true);
}

/**
 * What a route returns to the browser for a failed call. Redirects and other Responses pass through
 * (they are the session rule); anything that is not an ApiError is a bug and is rethrown for the ErrorBoundary.
 */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.toFailure();
  throw error;
}

/** For a loader that cannot render without its data: the route's ErrorBoundary shows the message. */
export function throwAsRouteError(error: unknown): never {
  if (error instanceof ApiError) throw data(error.toFailure(), { status: error.status });
  throw error;
}

/**
 * For an action: the failure as data, so the page stays and shows the message. Answered with 200: the
 * outcome is expected and shown on the page, and a 4xx would make the browser log a console error for it.
 */
export function failureData(error: unknown) {
  return { failure: failureOf(error) };
}

/** An action's answer to a form whose `intent` names no operation of the page (a stale or hand-made post). */
export function unknownIntent() {
  return { failure: { msg: '未知的操作', code: ApiCode.BadRequest, network: false } };
}

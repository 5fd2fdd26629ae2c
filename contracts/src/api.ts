import { z } from 'zod';

/**
 * The envelope every answer travels in, its codes and the session's names. 1 and the three session
 * codes are the spec's; the others are ours, each paired with one HTTP status.
 */

/** Where the API lives, on the same origin as the pages. */
export const API_PREFIX = '/car/api';

/**
 * The answer header that says whether an analytics call was served from the API's answer cache (decision
 * 129): `hit`, `miss` (computed and kept), `bypass` (the request said `Cache-Control: no-cache`),
 * `off` (no cache, or its data-change listener is down).
 */
export const ANSWER_CACHE_HEADER = 'X-Answer-Cache';
export type AnswerCacheState = 'hit' | 'miss' | 'bypass' | 'off';

export const ApiCode = {
  Success: 1,
  TokenInvalid: -1009,
  TokenExpired: -1008,
  TokenRevoked: -1012,
  /** The session is valid but its password was set by an administrator: change it first (decision 83). */
  PasswordChangeRequired: -1014,
  BadRequest: -1400,
  LoginFailed: -1401,
  Forbidden: -1403,
  NotFound: -1404,
  Conflict: -1409,
  TooManyRequests: -1429,
  ServerError: -1500,
  Unavailable: -1503,
} as const;

export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export const HTTP_STATUS_OF: Record<ApiCodeValue, number> = {
  [ApiCode.Success]: 200,
  [ApiCode.TokenInvalid]: 401,
  [ApiCode.TokenExpired]: 401,
  [ApiCode.TokenRevoked]: 401,
  [ApiCode.PasswordChangeRequired]: 403,
  [ApiCode.BadRequest]: 400,
  [ApiCode.LoginFailed]: 401,
  [ApiCode.Forbidden]: 403,
  [ApiCode.NotFound]: 404,
  [ApiCode.Conflict]: 409,
  [ApiCode.TooManyRequests]: 429,
  [ApiCode.ServerError]: 500,
  [ApiCode.Unavailable]: 503,
};

/** No or invalid token, expired, revoked (logout or password change): the client sends the user to /login. */
export const SESSION_ENDED_CODES: ReadonlySet<number> = new Set([ApiCode.TokenInvalid, ApiCode.TokenExpired, ApiCode.TokenRevoked]);

export const SUCCESS_MSG = '成功';

/** The messages a client may show or test for, written once. */
export const API_MESSAGES = {
  signInFirst: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  sessionRevoked: '登录已失效，请重新登录',
  forbidden: '没有访问该功能的权限',
  pageForbidden: '没有访问该页面的权限',
  adminOnly: '仅管理员可执行此操作',
  serverError: '服务器内部错误，请稍后重试',
  crossSite: '拒绝跨站请求：请从本站页面操作',
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
  queueUnavailable: '任务队列暂时不可用，请稍后重试',
} as const;

/** The answer's shape: `{ code, msg, result }`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  result: T | null;
}

/** Whether a parsed body is an envelope at all (a proxy's HTML error page is not): its `code` is a number. */
export function isEnvelope(value: unknown): value is Partial<Envelope<unknown>> & { code: number } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number().int(), msg: z.string(), result: result.nullable() });
}

/** The browser's session cookie (HttpOnly); API clients send the same token in the `token` header. */
export const SESSION_COOKIE = 'car-token';
export const TOKEN_HEADER = 'token';
/** A session lasts 15 hours (the spec's), token and cookie alike. */
export const SESSION_SECONDS = 15 * 60 * 60;
/** The spec's HTTP timeout for every call. */
export const REQUEST_TIMEOUT_MS = 120_000;

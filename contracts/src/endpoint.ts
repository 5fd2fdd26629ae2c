import { z } from 'zod';

/**
 * Every call of the API, declared once: method, path (under /car/api), who may call it, its parameters
 * (the query of a GET, the body of a POST) and its result (inside the `{code, msg, result}` envelope),
 * or the file of a download (`DownloadFile`). The controllers route and validate by it, the pages call by it, the tests
 * check every answer against it, and the OpenAPI description is generated from it.
 */
export interface Endpoint<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Under /car/api, no leading slash: 'saleVolume/wholeMarket/whole'. */
  path: string;
  /** The OpenAPI tag: the Nest module that answers. */
  tag: string;
  summary: string;
  /** public: no session needed; session: any signed-in user (pages may narrow it further by role menus); mp: an mp session (car-mp). */
  access: 'public' | 'session' | 'mp';
  params: P;
  result: R | DownloadFile;
  /** A POST's body encoding: JSON (default) or a form (`application/x-www-form-urlencoded`, the exports). */
  body?: 'json' | 'form' | 'multipart';
  /** Administrators only (@AdminOnly): anyone else gets 403. */
  adminOnly?: boolean;
}

/** What a download answers: a workbook (or a zip of them), or a deck (导出PPT, issue 31). */
export type DownloadFile = 'xlsx' | 'pptx';

export function endpoint<P extends z.ZodType, R extends z.ZodType>(definition: Endpoint<P, R>): Endpoint<P, R> {
  return definition;
}

export const get = <P extends z.ZodType, R extends z.ZodType>(tag: string, path: string, params: P, result: R | DownloadFile, summary: string) =>
  endpoint({ method: 'GET', path, tag, summary, access: 'session', params, result });

/** The parameters a call validates, as the service receives them. */
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType> ? z.output<P> : never;
/** What a call answers inside the envelope. */
export type ResultOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;

/** The body of a call that reads none (logout): whatever comes is ignored, never refused. */
export const NO_BODY = z.object({}).loose();

/** The GET calls of one module under one path: `under('saleVolume', 'saleVolume/wholeMarket')('whole', …)`. */
export const under =
  (tag: string, prefix: string) =>
  <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, result: R | DownloadFile, summary: string) =>
    get(tag, `${prefix}/${name}`, params, result, summary);

/**
 * The calls of one module under one path: `get` reads its query, `post` a JSON body, `upload` a multipart one.
 * `adminOnly` makes every call of the group @AdminOnly: `calls('admin', 'admin', true).get('users/list', …)`.
 */
export function calls(tag: string, prefix: string, adminOnly?: true) {
  const only: Pick<Endpoint, 'adminOnly'> = adminOnly ? { adminOnly } : {};
  const post =
    (body: 'json' | 'multipart') =>
    <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, result: R, summary: string) =>
      endpoint({ method: 'POST', path: `${prefix}/${name}`, tag, access: 'session', ...only, body, params, result, summary });
  return {
    get: <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, result: R | DownloadFile, summary: string) =>
      endpoint({ method: 'GET', path: `${prefix}/${name}`, tag, access: 'session', ...only, params, result, summary }),
    post: post('json'),
    upload: post('multipart'),
  };
}

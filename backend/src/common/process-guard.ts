import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { API_MESSAGES, API_PREFIX, ApiCode } from '@car/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { JsonLogger } from './json-logger';

/** What a piece of work is, for the log line of an error that escaped it: a request or a job. */
export interface WorkScope {
  /** `request` or `job`. */
  kind: 'request' | 'job';
  /** The request's id (also its `X-Request-Id` answer header) or the job's id. */
  id: string;
  /** `GET /price/cabmodelpricetrace` or the job's name. */
  name: string;
  /** A request's response, answered 500 if an error escapes before it was answered. */
  res?: Response;
  /** A job's failure: an error that escapes the job fails it (BullMQ retries it as any failed attempt). */
  fail?: (error: unknown) => void;
}

/** The scope of the work running now; Node carries it through every await, timer and callback of that work. */
export const workScope = new AsyncLocalStorage<WorkScope>();

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * The first middleware of the app: gives every request an id (a proxy's `X-Request-Id` if it is sane) and
 * runs the rest of its handling in its scope, so an error that escapes it can name it (decision 135).
 */
export function scopeRequests(req: Request, res: Response, next: NextFunction): void {
  const given = req.get('X-Request-Id');
  const id = given && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  workScope.run({ kind: 'request', id, name: `${req.method} ${req.originalUrl.split('?')[0]}`, res }, next);
}

/** Runs a job in its scope: it ends with its own outcome, or fails with the first error that escapes it. */
export function inJobScope<T>(id: string, name: string, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    workScope.run({ kind: 'job', id, name, fail: reject }, () => work().then(resolve, reject));
  });
}

const PAGE_500 =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>页面暂时无法显示</title></head>' +
  '<body style="font-family:sans-serif;text-align:center;padding-top:15vh"><h1>页面暂时无法显示</h1>' +
  `<p>${API_MESSAGES.serverError}</p><p><a href="/">返回首页</a></p></body></html>`;

/** Answers a request that an escaped error left unanswered: the envelope under the API, a short page elsewhere. */
export function answerServerError(req: Pick<Request, 'originalUrl'>, res: Response): void {
  if (res.headersSent || res.writableEnded) return;
  res.status(500).setHeader('Cache-Control', 'no-store');
  if (req.originalUrl === API_PREFIX || req.originalUrl.startsWith(`${API_PREFIX}/`)) {
    res.json({ code: ApiCode.ServerError, msg: API_MESSAGES.serverError, result: null });
  } else {
    res.type('html').send(PAGE_500);
  }
}

/**
 * A bug must not stop the process for everyone (decision 135). An unhandled rejection or an uncaught error is
 * logged as an error with the request or job it escaped from, the request (if still unanswered) gets a 500
 * without a stack, the job fails, and the process keeps serving. Installed once by the app and by the worker.
 */
export function guardProcess(logger: Pick<JsonLogger, 'event'>, context: string, target: NodeJS.EventEmitter = process): void {
  const report = (what: string, error: unknown): void => {
    const scope = workScope.getStore();
    const fields: Record<string, unknown> = {
      stack: error instanceof Error ? error.stack : String(error),
      ...(scope ? { [scope.kind === 'request' ? 'requestId' : 'jobId']: scope.id, [scope.kind === 'request' ? 'route' : 'job']: scope.name } : {}),
    };
    logger.event('error', context, `${what}: ${error instanceof Error ? error.message : String(error)}`, fields);
    if (scope?.res) answerServerError(scope.res.req, scope.res);
    scope?.fail?.(error);
  };
  target.on('unhandledRejection', (reason) => report('unhandled rejection', reason));
  target.on('uncaughtException', (error) => report('uncaught exception', error));
}

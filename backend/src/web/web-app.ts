import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type INestApplication, Logger } from '@nestjs/common';
import type { ServerBuild } from '@remix-run/node';
import { API_PREFIX } from '@car/contracts';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { cspNonceOf, noStore } from '../common/http-security';
import { answerServerError, workScope } from '../common/process-guard';

/** The message `npm start` sends once the Remix app it builds beside the app's start is built (scripts/start.mjs). */
const FRONTEND_BUILT = 'done';

/**
 * Resolves once the Remix build is there to mount: at once, unless `npm start` is building it beside this start
 * (decision 248), then when its message comes. Called before the first await of the start, so the message cannot
 * come before anyone listens.
 */
export function frontendBuilt(): Promise<void> {
  if (process.env.CAR_FRONTEND_BUILD !== 'pending' || !process.send) return Promise.resolve();
  return new Promise((resolve) => {
    const heard = (message: unknown): void => {
      if ((message as { frontendBuild?: unknown } | null)?.frontendBuild !== FRONTEND_BUILT) return;
      process.off('message', heard);
      // The channel no longer keeps the process alive: the app ends on its own signals, as without `npm start`.
      process.channel?.unref();
      resolve();
    };
    process.on('message', heard);
  });
}

/**
 * Serves the Remix production build from the Nest process: static assets, then every path outside
 * /car/api through Remix's request handler. Loaders call the API over loopback at `apiBase`.
 */
export async function mountWebApp(app: INestApplication, projectRoot: string, apiBase: string): Promise<boolean> {
  const buildDir = path.join(projectRoot, 'frontend', 'build');
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(serverEntry)) return false;
  const { createRequestHandler } = await import('@remix-run/express');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // The CSP nonce of this request (common/http-security.ts) reaches entry.server.tsx for Remix's inline scripts.
  const remix = createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req: Request, res: Response) => ({ apiBase, clientAddress: req.ip, cspNonce: cspNonceOf(res) }),
  });
  const clientDir = path.join(buildDir, 'client');
  const isApi = (req: Request): boolean => req.path === API_PREFIX || req.path.startsWith(`${API_PREFIX}/`);
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
  // API calls skip the public folder: looking for a file first cost every call a stat() (bench/RESULTS.md).
  const publicFiles = express.static(clientDir, { maxAge: '1h', index: false });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApi(req)) next();
    else publicFiles(req, res, next);
  });
  // Remix's handler passes its own errors to `next` (answered below), so its promise never rejects.
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : noStore(req, res, () => void remix(asSingleFetch(req), res, next))));
  // An error Remix passes on (its own handler failed): logged with the request's id, a short Chinese 500, never a stack.
  const logger = new Logger('Web');
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (isApi(req)) return next(error);
    logger.error(
      `${req.method} ${req.originalUrl} failed (request ${workScope.getStore()?.id ?? '-'}): ${error instanceof Error ? error.stack : String(error)}`,
    );
    answerServerError(req, res);
  });
  return true;
}

/**
 * `?_data=<route id>` is Remix's data request from before single fetch. This app's pages never send it, but a
 * bookmark or a probe may, and Remix answers it from a single-fetch build with a 500 whenever a loader returns
 * plain data. It is answered as the `.data` request it stands for, so it follows the same session rules as
 * the pages' own data requests (decision 136).
 */
export function asSingleFetch(req: Request): Request {
  const url = new URL(req.originalUrl, 'http://localhost');
  const route = url.searchParams.get('_data');
  if (route === null) return req;
  url.searchParams.delete('_data');
  if (route !== 'root') url.searchParams.set('_routes', route);
  url.pathname = `${url.pathname === '/' ? '/_root' : url.pathname.replace(/\/+$/, '')}.data`;
  req.originalUrl = `${url.pathname}${url.search}`;
  req.url = req.originalUrl;
  return req;
}

import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { API_PREFIX, buildOpenApiDocument, endpointAt, NO_BODY } from '@car/contracts';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module';
import { ApiCode } from './common/api-codes';
import { noStore, refuseCrossSiteWrites, securityHeaders } from './common/http-security';
import { scopeRequests } from './common/process-guard';
import { mountQueueBoard } from './admin/jobs/queue-board';
import { SecurityEvents } from './security/security-events';
import type { Runtime } from './core.module';
import { configuredProxy, trustProxySetting } from './security/client-address';

/** Builds the HTTP application without listening; main.ts and the integration tests share it. */
export async function createApp(runtime: Runtime, logger: LoggerService | false): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime), {
    logger,
    abortOnError: false,
    // Bodies are parsed under /car/api only: the Remix actions read their own form posts.
    bodyParser: false,
  });
  app.setGlobalPrefix('car/api');
  // Loopback (the Remix loaders calling for a browser) and the TRUST_PROXY list may name the client.
  app.set('trust proxy', trustProxySetting(runtime.config.TRUST_PROXY));
  app.disable('x-powered-by');
  // Every answer is no-store (docs/security.md): an ETag would never be asked for, and hashing a large answer costs.
  app.set('etag', false);
  // Before anything reads a body or a route acts: the pages' requests pass here too (web-app.ts mounts after).
  const events = app.get(SecurityEvents, { strict: false });
  app.use(
    scopeRequests,
    ...securityHeaders(),
    refuseCrossSiteWrites(
      configuredProxy(runtime.config.TRUST_PROXY),
      (req, reason) => void events.record({ event: 'cross_site.refused', address: req.ip ?? '', path: req.path, reason }),
    ),
  );
  app.use(API_PREFIX, noStore, express.json({ limit: '1mb' }), express.urlencoded({ extended: true, limit: '1mb' }), bodyParserErrors);
  // BullMQ mode only: the queue dashboard, behind its own administrator check (Express middleware, no Nest guard).
  mountQueueBoard(app);
  // The description is generated from the contracts (parameters and results), not from decorators.
  const document = buildOpenApiDocument() as unknown as Parameters<typeof SwaggerModule.setup>[2];
  SwaggerModule.setup('car/api/docs', app, document, { useGlobalPrefix: false, jsonDocumentUrl: 'car/api/docs-json' });
  return app;
}

/**
 * A body that cannot be parsed is a 400 in the envelope, like every other bad request; except for a call
 * whose contract reads no body (logout), which must do its work whatever came with it.
 */
function bodyParserErrors(error: { status?: number; type?: string } | undefined, req: Request, res: Response, next: NextFunction): void {
  if (!error) return next();
  const path = req.originalUrl.split('?')[0].slice(API_PREFIX.length);
  if (endpointAt(req.method, path)?.params === NO_BODY) {
    req.body = {};
    return next();
  }
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  const msg = error.type === 'entity.too.large' ? '请求内容过大' : '请求参数错误';
  res.status(status).json({ code: ApiCode.BadRequest, msg, result: null });
}

import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ANSWER_CACHE_HEADER, type AnswerCacheState } from '@car/contracts';
import type { Request, Response } from 'express';
import { Observable, of, tap } from 'rxjs';
import { routeOf } from '../common/envelope.interceptor';
import { AnswerCache } from './answer-cache';

/** The headers a kept file is served again with (Cache-Control and the security headers are every answer's). */
const FILE_HEADERS = ['content-type', 'content-disposition'] as const;

/** The call's path and its query sorted by name, so the order a page writes its parameters in does not matter. */
export function answerKey(request: Request): string {
  const query = request.originalUrl.indexOf('?');
  const params = new URLSearchParams(query < 0 ? '' : request.originalUrl.slice(query + 1));
  params.sort();
  return `${request.path}?${params.toString()}`;
}

/**
 * Serves a GET of an analytics page's call from the answer cache, or computes it and keeps it (decision
 * 129). It runs after the guards, so a caller must still be signed in and hold the page; the
 * answers it keeps depend on the request alone (no analytics call reads the caller). A JSON answer is
 * kept as the handler's result and wrapped in the envelope like any other; a download (the contracts'
 * `xlsx` result) as the bytes written, replayed with its type and file name. Only a 200 answer is kept.
 * `Cache-Control: no-cache` on the request computes it afresh and keeps nothing (the benchmark's timings).
 * Every answer says which it was in `X-Answer-Cache`.
 */
@Injectable()
export class AnswerCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: AnswerCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const state = (value: AnswerCacheState): void => void response.setHeader(ANSWER_CACHE_HEADER, value);
    if (request.method !== 'GET' || !this.cache.open) {
      state('off');
      return next.handle();
    }
    if (/\bno-cache\b/i.test(request.headers['cache-control'] ?? '')) {
      state('bypass');
      return next.handle();
    }
    const key = answerKey(request);
    const kept = this.cache.get(key);
    if (kept?.kind === 'json') {
      state('hit');
      return of(kept.value);
    }
    if (kept?.kind === 'file') {
      state('hit');
      for (const [name, value] of kept.headers) response.setHeader(name, value);
      response.end(kept.body);
      return of(undefined);
    }
    state('miss');
    const generation = this.cache.generation;
    // A download (a workbook, a deck: a DownloadFile) is kept as its bytes.
    if (typeof routeOf(request).endpoint?.result === 'string') {
      this.keepFile(response, key, generation);
      return next.handle();
    }
    return next.handle().pipe(
      tap((value: unknown) => {
        if (response.statusCode === 200) this.cache.keep(key, generation, { kind: 'json', value, bytes: Buffer.byteLength(JSON.stringify(value ?? null)) });
      }),
    );
  }

  /** Copies the bytes a download writes and keeps them once the answer has gone out whole with 200. */
  private keepFile(response: Response, key: string, generation: number): void {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooLarge = false;
    const copy = (chunk: unknown, encoding?: unknown): void => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      bytes += buffer.length;
      if (bytes > this.cache.largest) {
        tooLarge = true;
        chunks.length = 0;
      }
    };
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    response.write = ((...args: unknown[]) => {
      copy(args[0], args[1]);
      return write(...args);
    }) as Response['write'];
    response.end = ((...args: unknown[]) => {
      copy(args[0], args[1]);
      return end(...args);
    }) as Response['end'];
    response.once('finish', () => {
      if (tooLarge || response.statusCode !== 200) return;
      const headers = FILE_HEADERS.flatMap((name) => {
        const value = response.getHeader(name);
        return value === undefined ? [] : [[name, String(value)] as const];
      });
      this.cache.keep(key, generation, { kind: 'file', body: Buffer.concat(chunks, bytes), headers, bytes });
    });
  }
}

/**
 * An analytics controller (or one call of it) whose GET answers depend on the request alone and may be served from the
 * answer cache.
 */
export const CachedAnswers = (): ClassDecorator & MethodDecorator => applyDecorators(UseInterceptors(AnswerCacheInterceptor));

import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { API_PREFIX, endpointAt } from '@car/contracts';
import type { Request } from 'express';
import { Observable, map } from 'rxjs';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ApiCode, Envelope, SUCCESS_MSG } from './api-codes';

/** An answer that does not match its contract: a defect of ours, never the caller's. */
export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

/**
 * Wraps what a handler returns as `{ code: 1, msg, result }`; files and streams pass through as they
 * are. With `checkResults` (tests, development) every answer is first parsed with its endpoint's result
 * schema in @car/contracts, and a route without a contract or an answer that drifted from it is a 500
 * whose log names the field, so a drift fails the test that met it.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      map((result: unknown): unknown => {
        if (result instanceof StreamableFile) return result;
        if (this.config.checkResults) checkResult(request, result ?? null);
        const envelope: Envelope<unknown> = { code: ApiCode.Success, msg: SUCCESS_MSG, result: result ?? null };
        return envelope;
      }),
    );
  }
}

/** The route a request matched, as the contracts name it (the path after /car/api). */
export function routeOf(request: Request): { routePath: string; endpoint: ReturnType<typeof endpointAt> } {
  const routePath = String((request.route as { path?: string } | undefined)?.path ?? request.path);
  const path = routePath.startsWith(API_PREFIX) ? routePath.slice(API_PREFIX.length) : routePath;
  return { routePath, endpoint: endpointAt(request.method, path) };
}

function checkResult(request: Request, result: unknown): void {
  const { routePath, endpoint } = routeOf(request);
  if (!endpoint) throw new ContractViolation(`${request.method} ${routePath} has no contract in @car/contracts`);
  if (typeof endpoint.result === 'string') throw new ContractViolation(`${request.method} ${routePath} is a download but answered JSON`);
  const parsed = endpoint.result.safeParse(result);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`);
    throw new ContractViolation(`${request.method} ${routePath} answered outside its contract: ${issues.join('; ')}`);
  }
}

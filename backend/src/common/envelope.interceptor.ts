import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Observable, map } from 'rxjs';
import { ApiCode, Envelope, SUCCESS_MSG } from './api-codes';

/** Wraps what a handler returns as `{ code: 1, msg, result }`; files and streams pass through as they are. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown): unknown => {
        if (result instanceof StreamableFile) return result;
        const envelope: Envelope<unknown> = { code: ApiCode.Success, msg: SUCCESS_MSG, result: result ?? null };
        return envelope;
      }),
    );
  }
}

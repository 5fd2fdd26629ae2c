import { BadRequestException, CallHandler, Injectable, NestInterceptor, PayloadTooLargeException, type Type } from '@nestjs/common';
import { type Observable, catchError, throwError } from 'rxjs';
import { ApiException } from './api-codes';

/** The Chinese messages an upload call gives for multer's refusals. */
export interface UploadMessages {
  tooLarge: string;
  tooMany: string;
  /** A file sent under another field name. */
  wrongField: string;
}

/**
 * Multer's refusals (Nest turns them into English HttpExceptions) as an upload's Chinese messages: a file
 * over the size limit, too many files, a file under another field name. One interceptor class per upload
 * call's messages (reports, data imports).
 */
export function UploadErrors(messages: UploadMessages): Type<NestInterceptor> {
  @Injectable()
  class UploadErrorsInterceptor implements NestInterceptor {
    intercept(_context: unknown, next: CallHandler): Observable<unknown> {
      return next.handle().pipe(
        catchError((error: unknown) => {
          if (error instanceof PayloadTooLargeException) return throwError(() => ApiException.badRequest(messages.tooLarge));
          if (error instanceof BadRequestException) {
            const message = error.message;
            if (/Too many (files|parts)/i.test(message)) return throwError(() => ApiException.badRequest(messages.tooMany));
            if (/Unexpected field/i.test(message)) return throwError(() => ApiException.badRequest(messages.wrongField));
            return throwError(() => ApiException.badRequest('上传内容无法读取，请重新选择文件'));
          }
          return throwError(() => error);
        }),
      );
    }
  }
  return UploadErrorsInterceptor;
}

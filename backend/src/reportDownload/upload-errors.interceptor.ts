import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { REPORT_MESSAGES } from '@car/contracts';
import { type Observable, catchError, throwError } from 'rxjs';
import { ApiException } from '../common/api-codes';

/**
 * Multer's refusals (Nest turns them into English HttpExceptions) as the upload's Chinese messages: a file
 * over the size limit, too many files, a file under another field name.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) return throwError(() => ApiException.badRequest(REPORT_MESSAGES.tooLarge));
        if (error instanceof BadRequestException) {
          const message = error.message;
          if (/Too many (files|parts)/i.test(message)) return throwError(() => ApiException.badRequest(REPORT_MESSAGES.tooMany));
          if (/Unexpected field/i.test(message)) return throwError(() => ApiException.badRequest('文件字段应为 files（替换时为 file）'));
          return throwError(() => ApiException.badRequest('上传内容无法读取，请重新选择文件'));
        }
        return throwError(() => error);
      }),
    );
  }
}

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { API_MESSAGES } from '@car/contracts';
import type { Request, Response } from 'express';
import { ApiCode, ApiCodeValue, ApiException, Envelope } from './api-codes';

/** HTTP errors Nest or Express raise before our code runs, as codes and Chinese messages. */
const FRAMEWORK_ERRORS: Record<number, { code: ApiCodeValue; msg: string }> = {
  [HttpStatus.BAD_REQUEST]: { code: ApiCode.BadRequest, msg: '请求参数错误' },
  [HttpStatus.UNAUTHORIZED]: { code: ApiCode.TokenInvalid, msg: API_MESSAGES.signInFirst },
  [HttpStatus.FORBIDDEN]: { code: ApiCode.Forbidden, msg: API_MESSAGES.forbidden },
  [HttpStatus.NOT_FOUND]: { code: ApiCode.NotFound, msg: '接口不存在' },
  [HttpStatus.METHOD_NOT_ALLOWED]: { code: ApiCode.NotFound, msg: '接口不支持该请求方法' },
  [HttpStatus.PAYLOAD_TOO_LARGE]: { code: ApiCode.BadRequest, msg: '请求内容过大' },
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: { code: ApiCode.BadRequest, msg: '不支持的请求内容类型' },
  [HttpStatus.TOO_MANY_REQUESTS]: { code: ApiCode.TooManyRequests, msg: '请求过于频繁，请稍后再试' },
};

/** Node's socket errors and PostgreSQL's connection-class codes (08…, shutting down, starting up, too many clients). */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|ECONNREFUSED/i;

/**
 * Whether an error means the database could not be reached (down, restarting, or its pool could not connect
 * within its timeout), as pg, pg-pool and TypeORM (QueryFailedError.driverError) report it.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  return isDatabaseUnreachable(driverError, depth + 1) || isDatabaseUnreachable(cause, depth + 1);
}

/**
 * The one place an error becomes an answer: `{ code, msg, result: null }` with the HTTP status that
 * matches the code. Unexpected errors are logged with their stack and answered with a plain message,
 * so a stack trace never reaches a client.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    const { status, body } = this.toAnswer(exception, request);
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json(body);
  }

  /** The answer to an error: also used by middleware that runs outside Nest's routes (the queue board). */
  toAnswer(exception: unknown, request: Request): { status: number; body: Envelope<null> } {
    if (exception instanceof ApiException) {
      return { status: exception.status, body: { code: exception.code, msg: exception.msg, result: null } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const known = FRAMEWORK_ERRORS[status];
      if (known) return { status, body: { code: known.code, msg: known.msg, result: null } };
      if (status < 500) {
        return { status, body: { code: ApiCode.BadRequest, msg: '请求无法处理', result: null } };
      }
    }
    // A body that is not valid JSON arrives as a SyntaxError with a 400 status from the body parser.
    const maybeStatus = (exception as { status?: unknown })?.status;
    if (typeof maybeStatus === 'number' && maybeStatus >= 400 && maybeStatus < 500) {
      const known = FRAMEWORK_ERRORS[maybeStatus] ?? FRAMEWORK_ERRORS[HttpStatus.BAD_REQUEST];
      return { status: maybeStatus, body: { code: known.code, msg: known.msg, result: null } };
    }
    if (isDatabaseUnreachable(exception)) {
      // Expected while PostgreSQL restarts: the pool reconnects on the next call. One line, no stack.
      this.logger.warn(`${request.method} ${request.originalUrl}: database unreachable (${(exception as Error).message})`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { code: ApiCode.Unavailable, msg: API_MESSAGES.databaseUnavailable, result: null } };
    }
    this.logger.error(`${request.method} ${request.originalUrl} failed: ${exception instanceof Error ? exception.stack : String(exception)}`);
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { code: ApiCode.ServerError, msg: API_MESSAGES.serverError, result: null },
    };
  }
}

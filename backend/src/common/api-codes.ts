import { HttpStatus } from '@nestjs/common';

/**
 * The `code` of every answer. 1 and the three session codes are the spec's; the client sends the user to
 * /login on -1009, -1008 and -1012. The others are ours: each pairs with one HTTP status.
 */
export const ApiCode = {
  Success: 1,
  TokenInvalid: -1009,
  TokenExpired: -1008,
  TokenRevoked: -1012,
  BadRequest: -1400,
  LoginFailed: -1401,
  Forbidden: -1403,
  NotFound: -1404,
  Conflict: -1409,
  TooManyRequests: -1429,
  ServerError: -1500,
  Unavailable: -1503,
} as const;

export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export const HTTP_STATUS_OF: Record<ApiCodeValue, number> = {
  [ApiCode.Success]: HttpStatus.OK,
  [ApiCode.TokenInvalid]: HttpStatus.UNAUTHORIZED,
  [ApiCode.TokenExpired]: HttpStatus.UNAUTHORIZED,
  [ApiCode.TokenRevoked]: HttpStatus.UNAUTHORIZED,
  [ApiCode.BadRequest]: HttpStatus.BAD_REQUEST,
  [ApiCode.LoginFailed]: HttpStatus.UNAUTHORIZED,
  [ApiCode.Forbidden]: HttpStatus.FORBIDDEN,
  [ApiCode.NotFound]: HttpStatus.NOT_FOUND,
  [ApiCode.Conflict]: HttpStatus.CONFLICT,
  [ApiCode.TooManyRequests]: HttpStatus.TOO_MANY_REQUESTS,
  [ApiCode.ServerError]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ApiCode.Unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
};

/** The answer's shape: `{ code, msg, result }`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  result: T | null;
}

export const SUCCESS_MSG = '成功';

/** A failure the client should see: its code, a Chinese message, and the matching HTTP status. */
export class ApiException extends Error {
  constructor(
    readonly code: ApiCodeValue,
    readonly msg: string,
  ) {
    super(msg);
    this.name = 'ApiException';
  }

  get status(): number {
    return HTTP_STATUS_OF[this.code];
  }

  static badRequest(msg: string): ApiException {
    return new ApiException(ApiCode.BadRequest, msg);
  }

  static notFound(msg: string): ApiException {
    return new ApiException(ApiCode.NotFound, msg);
  }

  static forbidden(msg = '没有访问该功能的权限'): ApiException {
    return new ApiException(ApiCode.Forbidden, msg);
  }
}

import { API_MESSAGES, ApiCode, type ApiCodeValue, HTTP_STATUS_OF } from '@car/contracts';

/** The codes themselves, their HTTP statuses and the envelope are the contract's (@car/contracts, api.ts). */
export { ApiCode, type ApiCodeValue, type Envelope, SUCCESS_MSG } from '@car/contracts';

/**
 * A failure the client should see: its code, a Chinese message, and the matching HTTP status. It is an
 * answer, not a defect: nothing reads its stack (the error filter answers it, a job records its `msg`), so
 * none is captured. Walking the frames was the largest part of building one, and every refusal builds one.
 */
export class ApiException extends Error {
  constructor(
    readonly code: ApiCodeValue,
    readonly msg: string,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(msg);
    Error.stackTraceLimit = limit;
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

  static forbidden(msg: string = API_MESSAGES.forbidden): ApiException {
    return new ApiException(ApiCode.Forbidden, msg);
  }
}

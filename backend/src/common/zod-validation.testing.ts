import { ApiException } from './api-codes';

/** For specs: the Chinese message of the 400 a validation throws; fails if nothing is thrown. */
export function rejectionMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiException) return error.msg;
    throw error;
  }
  throw new Error('expected a 400');
}

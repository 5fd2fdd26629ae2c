/** A failed API call as the browser sees it: the server's Chinese `msg`, never a stack. Shared by server and client. */
export interface ApiFailure {
  msg: string;
  code: number;
  /** The API could not be reached (the spec's network error: its toast stays 5 s). */
  network: boolean;
}

/** How long an error toast stays: 5 s for a network failure (spec), 3 s otherwise. */
export function toastDurationOf(failure: ApiFailure): number {
  return failure.network ? 5000 : 3000;
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && typeof (value as ApiFailure).msg === 'string' && typeof (value as ApiFailure).code === 'number';
}

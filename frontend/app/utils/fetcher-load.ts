/**
 * A fetcher's load whose promise nobody awaits (a progress poll, a list asked for again, a suggestion). Remix
 * aborts such a load when a submission or a newer load revalidates the page, and the promise `load` returns then
 * rejects with the AbortError, which would reach the console as an uncaught error (remix-run/react-router#12049):
 * an aborted load is expected and ignored here; any other failure still surfaces.
 */
export function loadInBackground(fetcher: { load: (href: string) => Promise<void> }, href: string): void {
  fetcher.load(href).catch(ignoreAbort);
}

/** A rejection handler: an abort ends quietly, any other failure is thrown on. */
export function ignoreAbort(error: unknown): void {
  if (!isAbortError(error)) throw error;
}

/** A request given up through its AbortSignal: a DOMException named AbortError (read by name: not every realm's DOMException is an Error). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

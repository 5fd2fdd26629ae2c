import { useEffect } from 'react';

/**
 * A load Remix gives up on purpose — a progress poll or a list a submission's revalidation overtakes — rejects
 * inside the router with an AbortError nobody can catch, which Chromium reports as an uncaught error
 * (remix-run/react-router#12049; the acceptance walk of the export forms saw it while an export ran on the worker).
 * This marks those rejections handled, so the console shows only real failures; any other rejection is untouched.
 */
export function useQuietAbortedLoads(): void {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isAbortError(event.reason)) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

/** A request given up through its AbortSignal: a DOMException named AbortError (read by name: a DOMException of another realm is no Error). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

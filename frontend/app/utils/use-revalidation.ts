import { useFetchers, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';

/**
 * Reloads the page's data once nothing else loads: `revalidator.revalidate()` aborts every fetcher load in flight (a
 * progress poll, a pick list), and Remix then reports the aborted request as an uncaught AbortError in the console
 * (remix-run/react-router#12049). The returned function asks for one reload; it runs when the revalidator and every
 * fetcher are idle, and asks made meanwhile make one reload, not several.
 */
export function useRevalidation(): { revalidate: () => void; state: 'idle' | 'loading' } {
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  const [asked, setAsked] = useState(false);
  const busy = revalidator.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  useEffect(() => {
    if (!asked || busy) return;
    setAsked(false);
    revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when asked and idle; the revalidator object changes while it runs
  }, [asked, busy]);
  const revalidate = useCallback(() => setAsked(true), []);
  return { revalidate, state: asked ? 'loading' : revalidator.state };
}

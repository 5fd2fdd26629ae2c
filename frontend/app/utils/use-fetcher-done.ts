import { useEffect, useRef } from 'react';

/**
 * Calls `onDone` with the answer's `done` once a submission of this fetcher has settled and was done: the list under
 * a dialog has reloaded, so the dialog may say so and close. Only on the way back to idle, as a fetcher keeps its last
 * answer when its dialog opens again.
 */
export function useFetcherDone(fetcher: { state: string; data?: { done?: string } }, onDone: (done: string) => void): void {
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (fetcher.data?.done) onDone(fetcher.data.done);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs as the fetcher settles; `onDone` is the caller's and may change on any render
  }, [fetcher.state, fetcher.data]);
}

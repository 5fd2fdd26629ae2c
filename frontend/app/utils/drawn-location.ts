import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * Marks `<body>` (`data-drawn-location`) with the key of the location React has committed to the screen. Remix renders a navigation's
 * answer in a transition, which React may finish frames after the router reports idle (a busy machine took more
 * than two); a reader that must know the new answer is drawn — the browser tests' `ready`, as a chart's
 * `data-drawn` tells when it is painted — compares this key with the router's location.
 */
export function useDrawnLocation(): void {
  const { key } = useLocation();
  useEffect(() => {
    document.body.setAttribute('data-drawn-location', key);
  }, [key]);
}

import { useLocation, useNavigation } from '@remix-run/react';

import { changedParams } from './sale-volume-query';

/**
 * The params a pending navigation within this page changes (null when none is pending), so each panel
 * shows its own loading state only when the change concerns it (spec: one loading flag per panel).
 */
export function usePendingChange(): ReadonlySet<string> | null {
  const location = useLocation();
  const navigation = useNavigation();
  if (navigation.state === 'idle' || !navigation.location || navigation.location.pathname !== location.pathname) return null;
  return changedParams(location.search, navigation.location.search);
}

/** Whether a pending change touches any of `params`. */
export function touches(pending: ReadonlySet<string> | null, params: readonly string[]): boolean {
  return pending !== null && params.some((p) => pending.has(p));
}

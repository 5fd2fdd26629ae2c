import { type CurrentUser, type DataStatus } from '@car/contracts';
/**
 * How a signed-in page talks to the shell around it.
 * - A page offers a filter panel through its route handle: `export const handle: ShellHandle = { filterPanel: MyPanel }`.
 *   The shell renders the deepest one in the right-hand side panel (server-rendered, so GET filter forms work
 *   before JavaScript loads) and passes it that route's loader data.
 * - A page reads the user and the panel's state with `useShell()`.
 */
import type { ComponentType } from 'react';
import { useOutletContext } from '@remix-run/react';

export interface FilterPanelProps {
  /** Loader data of the route that offered the panel. */
  data: unknown;
}

export interface ShellHandle {
  filterPanel?: ComponentType<FilterPanelProps>;
}

export function filterPanelOf(handle: unknown): ComponentType<FilterPanelProps> | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  return (handle as ShellHandle).filterPanel;
}

export interface ShellContext {
  user: CurrentUser;
  /** 数据截至 of each data source (decision 200), read by the shell's loader for every page. */
  /** null when it could not be read (a password change pending: decision 83 lets no data call through). */
  dataStatus: DataStatus | null;
  filterPanelOpen: boolean;
  setFilterPanelOpen: (open: boolean) => void;
}

export function useShell(): ShellContext {
  return useOutletContext<ShellContext>();
}

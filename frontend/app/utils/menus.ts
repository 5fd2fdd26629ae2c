/** How the menus call's answer becomes links. Menu paths have the form parent path/route name. */
import type { MenuGroup, MenuItem } from '@car/contracts';
import { DASHBOARD_PATH } from '@car/contracts';

export interface NavItem {
  id: number;
  name: string;
  href: string;
}

export interface NavGroup {
  id: number;
  name: string;
  /** The group's own path, e.g. `/salevolume`. */
  path: string;
  items: NavItem[];
}

/** The page `/` leads to: the dashboard, every signed-in user's home (README decision 76). */
export const DEFAULT_HOME_PATH = DASHBOARD_PATH;

/** The menu group open by default. */
export const DEFAULT_OPEN_GROUP = '/salevolume';

function absolute(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** An item's link: its path when absolute, otherwise the group's path followed by the item's route name. */
export function itemHref(group: MenuItem, item: MenuItem): string {
  const path = item.path.trim();
  if (path.startsWith('/')) return absolute(path);
  return `${absolute(group.path)}/${path}`.replace(/\/{2,}/g, '/');
}

export function toNavGroups(groups: readonly MenuGroup[]): NavGroup[] {
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    path: absolute(group.path),
    items: (group.subMenuItems ?? []).map((item) => ({ id: item.id, name: item.name, href: itemHref(group, item) })),
  }));
}

export function samePath(a: string, b: string): boolean {
  return absolute(a).toLowerCase() === absolute(b).toLowerCase();
}

/** Where `/` goes: the dashboard, which needs no menu entry (README decision 76). */
export function homePathOf(): string {
  return DEFAULT_HOME_PATH;
}

export function menusContain(groups: readonly NavGroup[], pathname: string): boolean {
  return groups.some((g) => g.items.some((item) => samePath(item.href, pathname)));
}

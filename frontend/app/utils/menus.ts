/** How the menus call's answer becomes links. Menu paths have the form parent path/route name. */
import type { MenuGroup, MenuItem } from '@car/contracts';

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

/** The page `/` leads to (spec 000 §2: `/` redirects to salevolume/wholemarket; decision 151). */
export const DEFAULT_HOME_PATH = '/salevolume/wholemarket';

/** `/` itself: where a user with no page at all stays. */
export const ROOT_PATH = '/';

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

/**
 * Where `/` and a page outside the user's menus go (spec 000 §2, decision 151): 整体市场表现 when the user's
 * menus hold it, otherwise the first sub-menu of the first menu group, and `/` itself (暂无可访问的页面)
 * for a user with no page at all.
 */
export function homePathOf(groups: readonly NavGroup[]): string {
  if (menusContain(groups, DEFAULT_HOME_PATH)) return DEFAULT_HOME_PATH;
  return groups.find((g) => g.items.length > 0)?.items[0]?.href ?? ROOT_PATH;
}

export function menusContain(groups: readonly NavGroup[], pathname: string): boolean {
  return groups.some((g) => g.items.some((item) => samePath(item.href, pathname)));
}

/**
 * The name a subscription to this page starts with (订阅此视图): an analysis page's menu name; none for 系统管理,
 * 订阅与提醒 itself, or a page outside the menus.
 */
export function viewNameOf(groups: readonly NavGroup[], pathname: string): string | null {
  if (/^\/(admin|alerts)(\/|$)/i.test(pathname)) return null;
  for (const group of groups) for (const item of group.items) if (samePath(item.href, pathname)) return item.name;
  return null;
}

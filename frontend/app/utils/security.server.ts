/** The signed-in user's menus and profile, from the security module of the API. */
import type { AppLoadContext } from '@remix-run/node';

import { SECURITY, type CurrentUser } from '@car/contracts';
import { apiGet } from './api.server';
import { toNavGroups, type NavGroup } from './menus';
import { pageExists } from './pages.server';
import { settle } from './settle.server';

/** The user's menu groups, keeping only pages this build has and groups left with at least one. */
export async function loadMenus(request: Request, context: AppLoadContext): Promise<NavGroup[]> {
  const groups = await apiGet(request, context, SECURITY.menus);
  return toNavGroups(groups ?? [])
    .map((group) => ({ ...group, items: group.items.filter((item) => pageExists(item.href)) }))
    .filter((group) => group.items.length > 0);
}

export function loadCurrentUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  return apiGet(request, context, SECURITY.me);
}

/**
 * The signed-in user's own maker, which a page opens on (decision 277): the account's producer, else its brand; none
 * for an account without one or when the profile cannot be read (the page then opens on the whole market); a dead
 * session still goes to /login.
 */
export async function loadOwnMaker(request: Request, context: AppLoadContext): Promise<{ producerId: number } | { brandId: number } | Record<string, never>> {
  const user = (await settle(loadCurrentUser(request, context))).value;
  if (user?.producerId) return { producerId: user.producerId };
  if (user?.brandId) return { brandId: user.brandId };
  return {};
}

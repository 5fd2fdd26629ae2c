/**
 * The frame of every signed-in page: header, left menu, the page, and the right-hand filter panel that the
 * page offers through its route handle (see utils/shell-context.ts).
 */
import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, Outlet, useFetcher, useLoaderData, useLocation, useMatches, type ShouldRevalidateFunction } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { ALERTS, MY_VIEWS_PATH, SEARCH } from '@car/contracts';

import { FilterSidebar } from '~/components/FilterSidebar';
import { Header } from '~/components/Header';
import { Logo } from '~/components/Logo';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { SideMenu } from '~/components/SideMenu';
import { ViewNotice } from '~/components/ViewNotice';
import { useFailureToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, throwAsRouteError } from '~/utils/api.server';
import { filterPanelMode, REFLOW_DELAY_MS } from '~/utils/filter-panel';
import { homePathOf, menusContain, viewNameOf } from '~/utils/menus';
import { SYSTEM_NAME } from '~/utils/meta';
import { isSessionEnded, loginHref, PASSWORD_CHANGE_PAGE } from '~/utils/navigation';
import { pageExists } from '~/utils/pages.server';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { frameUnchanged } from '~/utils/revalidation';
import { loadCurrentUser, loadMenus } from '~/utils/security.server';
import { readToken } from '~/utils/session.server';
import { orNull } from '~/utils/settle.server';
import { filterPanelOf, type ShellContext } from '~/utils/shell-context';
import { takeNotice } from '~/utils/view-notice.server';
import printCss from '~/styles/print.css?url';

// Every page of the shell prints the same way: its content, its filter tags as the caption, A4 landscape.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printCss }];

/** Signed-in pages every user has, whatever their menus (我的视图: decision 189). */
const PAGES_OUTSIDE_MENUS: readonly string[] = ['/', PASSWORD_CHANGE_PAGE, MY_VIEWS_PATH];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!readToken(request)) throw redirect(loginHref(url));

  // The bell's unread count beside them: one indexed count; the frame does not wait on it failing (no bell count then).
  const unread = orNull(apiGet(request, context, ALERTS.unread).then((r) => r.unread));
  // 数据截至 of every page (decision 200), read with the menus: no round trip of its own, and only on a page change.
  // Read beside them but never failing the frame: a user whose password must change is refused every data call,
  // and the redirect below must still happen (no 数据截至 then).
  const dataStatus = orNull(apiGet(request, context, SEARCH.dataStatus));
  const [menus, user] = await Promise.all([loadMenus(request, context), loadCurrentUser(request, context)]).catch(throwAsRouteError);

  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  // A password an administrator set (new account, reset): nowhere else until it is changed (decision 83).
  if (user.mustChangePassword && pathname.toLowerCase() !== PASSWORD_CHANGE_PAGE) throw redirect(PASSWORD_CHANGE_PAGE);
  // `/` is the whole-market page, or the user's first page (spec 000 §2, decision 151).
  const home = homePathOf(menus);
  if (pathname === '/' && home !== '/') throw redirect(home);
  // The spec's rule for the whole-market page, for every page: one missing from the user's menus leads
  // to their first page instead. Unknown addresses fall through to the not-found route.
  if (!PAGES_OUTSIDE_MENUS.includes(pathname.toLowerCase()) && pageExists(pathname) && !menusContain(menus, pathname)) {
    throw redirect(home);
  }

  // An opened view's notice (decision 188), shown once.
  const { notice, headers } = takeNotice(request);
  return data({ menus, user, notice, dataStatus: await dataStatus, unread: await unread }, { headers });
}

// Re-read on every page change so the menu guard above applies to client-side navigation too; a page's
// own controls (its search params) do not change menus or user.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const { currentUrl, nextUrl, defaultShouldRevalidate } = args;
  if (isSessionEnded(args.actionResult) || frameUnchanged(args)) return false;
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
};

// A client-side navigation that cannot reach the server (also to a page without a loader of its own)
// keeps the page as it was, with a toast.
export const clientLoader = keepPageOnNetworkFailure;

/** Charts size themselves on `resize`: send one when a side panel has finished sliding. */
function useReflowAfterToggle(menuCollapsed: boolean, filterPanelOpen: boolean) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => window.dispatchEvent(new Event('resize')), REFLOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [menuCollapsed, filterPanelOpen]);
}

export default function Shell() {
  const { menus, user, notice, dataStatus, unread } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const matches = useMatches();
  const [menuCollapsed, setMenuCollapsed] = useState(false);
  const [filterPanelOpen, setFilterPanelOpen] = useState(true);
  useReflowAfterToggle(menuCollapsed, filterPanelOpen);

  const panelRoute = [...matches].reverse().find((match) => filterPanelOf(match.handle));
  const FilterPanel = panelRoute ? filterPanelOf(panelRoute.handle) : undefined;
  const mode = filterPanelMode(pathname, FilterPanel !== undefined);

  const toggleMenu = useCallback(() => setMenuCollapsed((c) => !c), []);
  const context = useMemo<ShellContext>(() => ({ user, dataStatus, filterPanelOpen, setFilterPanelOpen }), [user, dataStatus, filterPanelOpen]);

  return (
    <div className={`shell${menuCollapsed ? ' shell--menu-collapsed' : ''}`}>
      <Header
        nickname={user.nickname}
        menuCollapsed={menuCollapsed}
        onToggleMenu={menus.length > 0 ? toggleMenu : undefined}
        unread={unread}
        viewName={viewNameOf(menus, pathname)}
      />
      <div className="shell__body">
        {menus.length > 0 ? <SideMenu groups={menus} collapsed={menuCollapsed} onExpand={() => setMenuCollapsed(false)} /> : null}
        <main className="shell__main" id="main">
          <ViewNotice notice={notice} />
          <Outlet context={context} />
        </main>
        {FilterPanel && panelRoute && mode !== 'none' ? (
          <FilterSidebar mode={mode} open={filterPanelOpen} onToggle={() => setFilterPanelOpen((o) => !o)}>
            <FilterPanel data={panelRoute.data} />
          </FilterSidebar>
        ) : null}
      </div>
    </div>
  );
}

/** The menus or profile could not be read: a bare frame with the message, a retry and a way out. */
export function ErrorBoundary() {
  const logout = useFetcher<{ failure?: unknown }>({ key: 'logout' });
  useFailureToast(isApiFailure(logout.data?.failure) ? logout.data.failure : null);
  return (
    <div className="shell">
      <header className="app-header">
        <Link to="/" className="app-header__brand">
          <Logo />
          <span className="app-header__name">{SYSTEM_NAME}</span>
        </Link>
        <div className="app-header__spacer" />
        <logout.Form method="post" action="/logout">
          <button type="submit" className="app-header__plain-button" disabled={logout.state !== 'idle'}>
            退出
          </button>
        </logout.Form>
      </header>
      <div className="shell__body">
        <main className="shell__main">
          <RouteErrorBoundary />
        </main>
      </div>
    </div>
  );
}

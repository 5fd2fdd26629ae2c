import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, type ShouldRevalidateFunction } from '@remix-run/react';
import type { ReactNode } from 'react';
import semanticCss from 'fomantic-ui-css/semantic.min.css?url';

import appCss from '~/styles/app.css?url';
import focusCss from '~/styles/focus.css?url';
import kitCss from '~/styles/kit.css?url';
import tablesCss from '~/styles/tables.css?url';
import pickListCss from '~/styles/pick-list.css?url';
import { DefinitionList } from '~/components/DefinitionList';
import { Logo } from '~/components/Logo';
import { describeRouteError } from '~/components/RouteErrorBoundary';
import { ToastProvider } from '~/components/Toast';
import { useQuietAbortedLoads } from '~/utils/aborted-loads';
import { CHANGE_COLOR_PROPERTIES } from '~/utils/change-colors';
import { useDrawnLocation } from '~/utils/drawn-location';
import { SYSTEM_NAME } from '~/utils/meta';
import { isPublicPath, isSessionEnded, loginHref } from '~/utils/navigation';
import { useNonce } from '~/utils/nonce';
import { frameUnchanged } from '~/utils/revalidation';
import { readToken } from '~/utils/session.server';

// Semantic UI's stylesheet (1.7 MB) is linked by the Layout, first, except on a page whose handle says
// `semanticUi: false` (the phone page 销量查询, which uses none of it and must paint fast on a phone).
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'stylesheet', href: kitCss },
  { rel: 'stylesheet', href: tablesCss },
  { rel: 'stylesheet', href: pickListCss },
  { rel: 'stylesheet', href: focusCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: SYSTEM_NAME }];

/** The session rule for every page: without the cookie, any page but the public ones goes to /login. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!isPublicPath(url.pathname) && !readToken(request)) throw redirect(loginHref(url));
  return null;
}

// Cheap, and it is what sends a user whose cookie expired to /login on their next page (within a page,
// its own loader's API calls do that).
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !isSessionEnded(args.actionResult) && !frameUnchanged(args);

export function Layout({ children }: { children: ReactNode }) {
  // The Content-Security-Policy admits inline scripts only with this request's nonce (entry.server.tsx).
  const nonce = useNonce();
  const semanticUi = !useMatches().some((m) => (m.handle as { semanticUi?: boolean } | undefined)?.semanticUi === false);
  return (
    // The colour of a change (--up teal, --down pink) comes from the contracts, not a stylesheet's copy (decision 269).
    <html lang="zh-CN" style={CHANGE_COLOR_PROPERTIES}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {semanticUi ? <link rel="stylesheet" href={semanticCss} /> : null}
        <Links />
      </head>
      <body>
        {children}
        <DefinitionList />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useQuietAbortedLoads();
  useDrawnLocation();
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  useDrawnLocation();
  const failure = describeRouteError(useRouteError());
  return (
    <main className="fatal-error" role="alert">
      <div className="fatal-error__card">
        <Logo size={48} tone="dark" />
        <h1>{failure.notFound ? '页面不存在' : '页面暂时无法显示'}</h1>
        <p>{failure.notFound ? '您访问的页面不存在或已移动。' : failure.msg}</p>
        <a className="ui primary button" href="/">
          返回首页
        </a>
      </div>
    </main>
  );
}

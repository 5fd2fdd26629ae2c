/** Where a visitor may go without a session, and where they are sent when they need one. */

/** Where a user whose password an administrator set is held until they change it (decision 83). */
export const PASSWORD_CHANGE_PAGE = '/resetpassword';

/** Pages reachable without a session. The mobile query page identifies its user by openId instead. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/wechatsalevolume'];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** `/login`, remembering the page the visitor wanted (not for the home page, which is the default anyway). */
export function loginHref(url: URL): string {
  const back = `${url.pathname.replace(/\.data$/, '')}${url.search}`;
  if (back === '/' || back === '' || isPublicPath(url.pathname) || url.pathname === '/logout') return '/login';
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * A `redirectTo` value is followed only when it is a path on this site: `//evil.example` and
 * `/\evil.example` are other hosts to a browser, and going back to /login or /logout would loop.
 */
export function safeRedirectTarget(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  const path = target.split(/[?#]/, 1)[0]?.toLowerCase() ?? '';
  if (path === '/login' || path === '/logout') return fallback;
  return target;
}

/**
 * An action that ended the session itself (password changed) answers with this, so loaders are not re-run
 * with the revoked token while the page still shows its farewell message.
 */
export interface SessionEndedResult {
  sessionEnded: true;
}

export function isSessionEnded(actionResult: unknown): actionResult is SessionEndedResult {
  return typeof actionResult === 'object' && actionResult !== null && 'sessionEnded' in actionResult;
}

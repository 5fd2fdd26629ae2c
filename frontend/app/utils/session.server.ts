/**
 * The session is the API's JWT, kept as is in the `car-token` cookie: the browser also sends it straight to
 * `/car/api/...` download links, so it must not be wrapped in Remix's signed-cookie encoding.
 */

import { SESSION_COOKIE, SESSION_SECONDS } from '@car/contracts';

export function readToken(request: Request): string | null {
  return readCookie(request, SESSION_COOKIE);
}

/** A session token is printable ASCII (a JWT); anything else could not travel in the API call's header. */
const TOKEN_TEXT = /^[\x21-\x7e]+$/;

/**
 * A session cookie's value (the web token, the mobile session), or null when it is absent or cannot be one:
 * a cookie that decodes to other text is treated as no session, so the page sends its visitor to sign in
 * instead of failing on the header it would make.
 */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return TOKEN_TEXT.test(value) ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

function attributes(request: Request, maxAge: number): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** `Set-Cookie` value that starts a session. */
export function sessionCookie(request: Request, token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes(request, SESSION_SECONDS)}`;
}

/** `Set-Cookie` value that ends the session. */
export function clearedSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; ${attributes(request, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

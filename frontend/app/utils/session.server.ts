/**
 * The session is the API's JWT, kept as is in the `car-token` cookie: the browser also sends it straight to
 * `/car/api/...` download links, so it must not be wrapped in Remix's signed-cookie encoding.
 */

import { SESSION_COOKIE, SESSION_SECONDS } from '@car/contracts';

export function readToken(request: Request): string | null {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
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

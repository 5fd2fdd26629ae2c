/** The mobile page's session: the car-mp cookie (HttpOnly) that a signed link or the bind starts. */
import { MP_SESSION_COOKIE } from '@car/contracts';

import { readCookie } from './session.server';

export function readMpSession(request: Request): string | null {
  return readCookie(request, MP_SESSION_COOKIE);
}

export function mpSessionCookie(request: Request, session: string, seconds: number): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${MP_SESSION_COOKIE}=${encodeURIComponent(session)}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`;
}

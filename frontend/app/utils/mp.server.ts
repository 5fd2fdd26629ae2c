/** The mobile page's session: the car-mp cookie (HttpOnly) that a signed link or the bind starts. */
import { MP_SESSION_COOKIE } from '@car/contracts';

export function readMpSession(request: Request): string | null {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === MP_SESSION_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function mpSessionCookie(request: Request, session: string, seconds: number): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${MP_SESSION_COOKIE}=${encodeURIComponent(session)}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`;
}

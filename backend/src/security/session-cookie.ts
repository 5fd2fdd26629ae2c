import type { Request, Response } from 'express';
import { SESSION_COOKIE, SESSION_SECONDS, TOKEN_HEADER } from '@car/contracts';

/** The token of a call: the `token` header first (API clients), else the `car-token` cookie (browser). */
export function tokenOf(request: Request): string | null {
  const header = request.headers[TOKEN_HEADER];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  if (fromHeader) return fromHeader;
  return cookieValue(request.headers.cookie, SESSION_COOKIE);
}

/** One cookie's value from a Cookie header (the mp session reads its own cookie with it). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** HttpOnly, SameSite=Lax, Path=/, 15 hours; Secure when the call came over HTTPS (req.secure honours TRUST_PROXY). */
function cookieOptions(request: Request) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: request.secure };
}

export function setSessionCookie(request: Request, response: Response, token: string): void {
  response.cookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_SECONDS * 1000 });
}

export function clearSessionCookie(request: Request, response: Response): void {
  response.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The address a brute-force window is kept for. Express's req.ip already honours TRUST_PROXY. One more
 * case: a call over loopback with X-Forwarded-For comes from a process on this host that forwards for
 * a browser (the Remix server in this process, or a reverse proxy beside it); its right-most entry is
 * the real client. Without this every browser sign-in would share 127.0.0.1's window.
 */
export function clientAddress(request: Request): string {
  const socketAddress = normalise(request.socket?.remoteAddress);
  const ip = normalise(request.ip) ?? socketAddress;
  if (ip && ip === socketAddress && isLoopback(ip)) {
    const forwarded = lastForwarded(request.headers['x-forwarded-for']);
    if (forwarded) return forwarded;
  }
  return ip ?? 'unknown';
}

function lastForwarded(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const last = normalise(value.split(',').pop());
  return last && isIP(last) ? last : null;
}

function normalise(address: string | undefined): string | null {
  const trimmed = address?.trim();
  if (!trimmed) return null;
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
  const plain = trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
  return plain.slice(0, 64);
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

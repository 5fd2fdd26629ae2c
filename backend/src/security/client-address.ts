import type { Request } from 'express';
import { canonicalAddress } from './ip-address';

/**
 * Express's `trust proxy` setting for TRUST_PROXY's list: loopback (the Remix server in this process,
 * which calls the API for a browser and forwards its address) and the configured proxies. X-Forwarded-For
 * and X-Forwarded-Proto are read only from a peer in this list, and only up to the first address outside
 * it, so a caller that reaches the port directly cannot choose its own address.
 */
export function trustProxySetting(trustedProxies: readonly string[]): string[] {
  return ['loopback', ...trustedProxies];
}

/**
 * The caller's address as the brute-force windows and the audit log see it: Express's req.ip (resolved
 * through the trusted proxies) in one spelling, IPv4-mapped IPv6 as IPv4. A forwarded entry that is no
 * address falls back to the peer's own.
 */
export function clientAddress(request: Request): string {
  return canonicalAddress(request.ip) ?? canonicalAddress(request.socket?.remoteAddress) ?? 'unknown';
}

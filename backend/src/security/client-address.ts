import express from 'express';
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
 * Whether a peer is one of TRUST_PROXY's proxies, loopback not added: only a proxy the deployer listed may say which
 * host the browser asked for (X-Forwarded-Host, decision 262). Loopback may name the client (the Remix server in this
 * process forwards the browser's address) but not the host: anything running on this machine could send that.
 * Matched by Express's own trust-proxy code (proxy-addr: CIDRs, range names, IPv4-mapped peers), so the list means
 * here what it means for X-Forwarded-For.
 */
export function configuredProxy(trustedProxies: readonly string[]): (peer: string | undefined) => boolean {
  const probe = express();
  probe.set('trust proxy', [...trustedProxies]);
  const trusts = probe.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (peer) => peer !== undefined && trusts(peer, 0);
}

/**
 * The caller's address as the brute-force windows and the audit log see it: Express's req.ip (resolved
 * through the trusted proxies) in one spelling, IPv4-mapped IPv6 as IPv4. A forwarded entry that is no
 * address falls back to the peer's own.
 */
export function clientAddress(request: Request): string {
  return canonicalAddress(request.ip) ?? canonicalAddress(request.socket?.remoteAddress) ?? 'unknown';
}

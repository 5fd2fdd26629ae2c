import { createHmac, timingSafeEqual } from 'node:crypto';
import { MP_LINK_SECONDS, type MpLink } from '@car/contracts';

/** The signature of a link: hex HMAC-SHA256 of `${openId}.${ts}` under the shared secret. */
export function signLink(secret: Uint8Array, openId: string, ts: number): string {
  return createHmac('sha256', secret).update(`${openId}.${ts}`).digest('hex');
}

/**
 * Whether a link may open a session: `bad` for a wrong signature (checked first, in constant time),
 * `stale` when older than 10 minutes or more than a minute in the future (clock skew), else `ok`.
 */
export function checkLink(secret: Uint8Array, link: MpLink, nowSeconds = Math.floor(Date.now() / 1000)): 'ok' | 'bad' | 'stale' {
  const expected = Buffer.from(signLink(secret, link.openId, link.ts), 'hex');
  const given = Buffer.from(link.sign, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
  if (link.ts > nowSeconds + 60 || nowSeconds - link.ts > MP_LINK_SECONDS) return 'stale';
  return 'ok';
}

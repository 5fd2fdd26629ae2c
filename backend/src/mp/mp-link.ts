import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MP_LINK_SECONDS, type MpLink } from '@car/contracts';

/** The signature of a link: hex HMAC-SHA256 of `${openId}.${ts}` under the shared secret. */
export function signLink(secret: Uint8Array, openId: string, ts: number): string {
  return createHmac('sha256', secret).update(`${openId}.${ts}`).digest('hex');
}

/** How far the mini-program's clock (or another instance's) may run ahead of ours. */
export const LINK_CLOCK_SKEW_SECONDS = 60;

/**
 * Whether a link may open a session: `bad` for a wrong signature (checked first, in constant time),
 * `stale` when older than 10 minutes or more than a minute in the future (clock skew), else `ok`.
 * Whether it was used already is the database's to say (MpRepository.useLink, decision 263).
 */
export function checkLink(secret: Uint8Array, link: MpLink, nowSeconds = Math.floor(Date.now() / 1000)): 'ok' | 'bad' | 'stale' {
  const expected = Buffer.from(signLink(secret, link.openId, link.ts), 'hex');
  const given = Buffer.from(link.sign, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
  if (link.ts > nowSeconds + LINK_CLOCK_SKEW_SECONDS || nowSeconds - link.ts > MP_LINK_SECONDS) return 'stale';
  return 'ok';
}

/** When a link turns stale: from then on its record of use may go (with LINK_CLOCK_SKEW_SECONDS to spare). */
export function linkExpiry(link: Pick<MpLink, 'ts'>): Date {
  return new Date((link.ts + MP_LINK_SECONDS) * 1000);
}

/**
 * A signed link's fields as they travel: the query of /wechatsalevolume, the body of mp/session and mp/bind (a type,
 * not an interface, so it is a `Record<string, string>` for URLSearchParams).
 */
export type SignedLinkFields = { openId: string; ts: string; sign: string };

/**
 * Signs links as the mini-program's back end does, never the same one twice: a link opens one session or makes one
 * binding (decision 263), and two signed for one openId within one second would be one link. One asked for again
 * in the same second is dated a second earlier (still fresh). `npm run mp-link`, the bench and the tests sign here.
 */
export class LinkSigner {
  private readonly signed = new Set<string>();

  constructor(private readonly secret: Uint8Array) {}

  /** A link `ageSeconds` old (older by a second or more if that one was signed already). */
  sign(openId: string, ageSeconds = 0, nowSeconds = Math.floor(Date.now() / 1000)): SignedLinkFields {
    let ts = nowSeconds - ageSeconds;
    while (this.signed.has(`${openId}.${ts}`)) ts -= 1;
    this.taken(openId, ts);
    return { openId, ts: String(ts), sign: signLink(this.secret, openId, ts) };
  }

  /** A link signed elsewhere (another process): this signer will not hand out the same one. */
  taken(openId: string, ts: number): void {
    this.signed.add(`${openId}.${ts}`);
  }
}

/** What records a used link (mp_link_use): the SHA-256 of its signature, which names its openId and time under our secret. */
export function usedLinkKey(link: Pick<MpLink, 'sign'>): Buffer {
  return createHash('sha256').update(link.sign.toLowerCase()).digest();
}

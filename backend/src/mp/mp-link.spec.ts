import { checkLink, LinkSigner, linkExpiry, signLink, usedLinkKey } from './mp-link';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!!');
const now = 1_790_000_000;

describe('signed mini-program links', () => {
  it('a fresh link with its signature is good', () => {
    expect(checkLink(secret, { openId: 'o_abc', ts: now - 30, sign: signLink(secret, 'o_abc', now - 30) }, now)).toBe('ok');
  });
  it('another openId, time or secret breaks the signature', () => {
    const sign = signLink(secret, 'o_abc', now);
    expect(checkLink(secret, { openId: 'o_abd', ts: now, sign }, now)).toBe('bad');
    expect(checkLink(secret, { openId: 'o_abc', ts: now - 1, sign }, now)).toBe('bad');
    expect(checkLink(new TextEncoder().encode('another-secret-of-at-least-32-characters'), { openId: 'o_abc', ts: now, sign }, now)).toBe('bad');
  });
  it('a link older than 10 minutes, or from the future, is stale', () => {
    expect(checkLink(secret, { openId: 'o', ts: now - 600, sign: signLink(secret, 'o', now - 600) }, now)).toBe('ok');
    expect(checkLink(secret, { openId: 'o', ts: now - 601, sign: signLink(secret, 'o', now - 601) }, now)).toBe('stale');
    expect(checkLink(secret, { openId: 'o', ts: now + 120, sign: signLink(secret, 'o', now + 120) }, now)).toBe('stale');
  });
  it('a signer never hands out one link twice: a second in the same second is a second older, and still fresh', () => {
    const links = new LinkSigner(secret);
    const first = links.sign('o', 0, now);
    const second = links.sign('o', 0, now);
    expect([first.ts, second.ts]).toEqual([String(now), String(now - 1)]);
    expect(links.sign('p', 0, now).ts).toBe(String(now));
    links.taken('q', now);
    expect(links.sign('q', 0, now).ts).toBe(String(now - 1));
    for (const link of [first, second]) expect(checkLink(secret, { openId: link.openId, ts: Number(link.ts), sign: link.sign }, now)).toBe('ok');
  });
  it('a used link is recorded by its signature until it turns stale', () => {
    const sign = signLink(secret, 'o', now);
    expect(usedLinkKey({ sign })).toEqual(usedLinkKey({ sign: sign.toUpperCase() }));
    expect(usedLinkKey({ sign })).not.toEqual(usedLinkKey({ sign: signLink(secret, 'o', now - 1) }));
    expect(linkExpiry({ ts: now }).getTime()).toBe((now + 600) * 1000);
  });
});

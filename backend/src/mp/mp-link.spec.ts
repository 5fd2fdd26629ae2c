import { checkLink, signLink } from './mp-link';

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
});

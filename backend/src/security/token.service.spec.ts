import { SignJWT, UnsecuredJWT } from 'jose';
import type { AppConfig } from '../config/config';
import { SESSION_SECONDS } from '@car/contracts';
import { TokenRejected, TokenService } from './token.service';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const subject = { userId: 7, role: 'analyst', producerId: 3, brandId: 4 };

function service(secret = SECRET): TokenService {
  return new TokenService({ JWT_SECRET: secret, DATA_DIR: '/nonexistent' } as AppConfig);
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof TokenRejected) return error.reason;
    throw error;
  }
}

describe('session tokens', () => {
  test('carry the user, role, producer and brand, a unique id, and expire after 15 hours', async () => {
    const tokens = service();
    const now = new Date('2026-01-01T00:00:00Z');
    const first = await tokens.issue(subject, new Date(0), now);
    const second = await tokens.issue(subject, new Date(0), now);
    expect(first.tokenId).not.toBe(second.tokenId);
    expect(first.expiresAt.getTime() - now.getTime()).toBe(SESSION_SECONDS * 1000);
    const { token } = await tokens.issue(subject, new Date(0));
    const claims = await tokens.verify(token);
    expect(claims).toMatchObject(subject);
    expect(claims.tokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  test('a token carries the password version it was issued under, to the millisecond', async () => {
    const changedAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 400);
    const issued = await service().issue(subject, changedAt, new Date(changedAt.getTime() + 100));
    const claims = await service().verify(issued.token);
    expect(claims.passwordVersion).toBe(changedAt.getTime());
  });

  test('an expired token is refused as expired', async () => {
    const past = new Date(Date.now() - (SESSION_SECONDS + 60) * 1000);
    const { token } = await service().issue(subject, new Date(0), past);
    expect(await reasonOf(service().verify(token))).toBe('expired');
  });

  test('a token verified once is kept, and still refused as expired once its last second has come', async () => {
    const tokens = service();
    const { token, expiresAt } = await tokens.issue(subject, new Date(0));
    const check = jest.spyOn(crypto.subtle, 'verify');
    try {
      const first = await tokens.verify(token);
      expect(await tokens.verify(token, expiresAt.getTime() - 1000)).toBe(first);
      expect(check).toHaveBeenCalledTimes(1);
      expect(await reasonOf(tokens.verify(token, expiresAt.getTime()))).toBe('expired');
      // The expired token is forgotten: the next call checks its signature again.
      await tokens.verify(token);
      expect(check).toHaveBeenCalledTimes(2);
    } finally {
      check.mockRestore();
    }
  });

  test('a token signed with another key is invalid, even when it has expired', async () => {
    const { token } = await service('another-secret-of-at-least-32-characters').issue(subject, new Date(0), new Date(0));
    expect(await reasonOf(service().verify(token))).toBe('invalid');
  });

  test('only HS256 is accepted: HS512 with the right key and an unsigned token are invalid', async () => {
    const claims = { role: 'admin', sub: '1', jti: '00000000-0000-4000-8000-000000000000', iss: 'car-market' };
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
    expect(await reasonOf(service().verify(hs512))).toBe('invalid');
    const unsigned = new UnsecuredJWT(claims).setIssuedAt().setExpirationTime('1h').encode();
    expect(await reasonOf(service().verify(unsigned))).toBe('invalid');
  });

  test('a tampered payload or garbage is invalid', async () => {
    const { token } = await service().issue(subject, new Date(0));
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', role: 'admin', jti: 'x', iat: 1, exp: 9999999999 })).toString('base64url');
    expect(await reasonOf(service().verify(`${header}.${forged}.${signature}`))).toBe('invalid');
    expect(await reasonOf(service().verify('not-a-token'))).toBe('invalid');
  });
});

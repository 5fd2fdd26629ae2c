import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, errors, jwtVerify } from 'jose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { loadJwtSecret } from './jwt-secret';
import { SESSION_SECONDS } from '@car/contracts';

/** The one algorithm tokens are signed and verified with; a token naming any other is forged. */
const ALGORITHM = 'HS256';
const ISSUER = 'car-market';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tokens whose signature was checked, kept at most; the oldest checked goes first. */
const KEPT_TOKENS = 10_000;

export interface TokenSubject {
  userId: number;
  role: string;
  producerId: number | null;
  brandId: number | null;
}

export interface TokenClaims extends TokenSubject {
  /** jti: the token's own id, what logout revokes. */
  tokenId: string;
  /** iat in seconds since the epoch. */
  issuedAt: number;
  /** pwv: the user's password version (last change, epoch ms) when the token was issued. */
  passwordVersion: number;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  expiresAt: Date;
}

/** Why a token was refused: forged, malformed or otherwise unusable (-1009), or past its expiry (-1008). */
export class TokenRejected extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(`token ${reason}`);
    this.name = 'TokenRejected';
  }
}

/** Signs and verifies the session JWT (HS256 pinned, 15 h, a unique jti). Revocation is SessionService's. */
@Injectable()
export class TokenService {
  /**
   * The secret as a WebCrypto HMAC key, imported once: given the raw bytes, jose imports them again on
   * every call (an async WebCrypto job of its own), a third of what checking a session cost.
   */
  private readonly secret: Promise<CryptoKey>;
  /**
   * Tokens already verified, with their claims (decision 234): a token's claims are fixed by its bytes and the
   * secret, so the HMAC (a WebCrypto job, about 0.3 ms of CPU a call under load) is computed once per token; the
   * expiry is still checked on every call.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const raw = loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
    this.secret = crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /**
   * `passwordChangedAt` is the user's last password change as stored: the token carries it (pwv), and a
   * later change makes every token carrying an older version invalid, whatever second it was issued in.
   */
  async issue(subject: TokenSubject, passwordChangedAt: Date, now = new Date()): Promise<IssuedToken> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + SESSION_SECONDS;
    const tokenId = randomUUID();
    const claims = { role: subject.role, producerId: subject.producerId, brandId: subject.brandId, pwv: passwordChangedAt.getTime() };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(subject.userId))
      .setJti(tokenId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await this.secret);
    return { token, tokenId, expiresAt: new Date(expiresAt * 1000) };
  }

  /** The token's claims, or TokenRejected. The signature is checked before the expiry. */
  async verify(token: string, now = Date.now()): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      // As jose: expired once the current second reaches exp.
      if (Math.floor(now / 1000) < known.expiresAt.getTime() / 1000) return known;
      this.verified.delete(token);
      throw new TokenRejected('expired');
    }
    const claims = await this.check(token);
    if (this.verified.size >= KEPT_TOKENS) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  private async check(token: string): Promise<TokenClaims> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['sub', 'jti', 'iat', 'exp', 'pwv'],
      }));
    } catch (error) {
      throw new TokenRejected(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
    }
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || !UUID.test(payload.jti ?? '')) throw new TokenRejected('invalid');
    if (typeof payload.pwv !== 'number') throw new TokenRejected('invalid');
    return {
      userId,
      role: typeof payload.role === 'string' ? payload.role : '',
      producerId: typeof payload.producerId === 'number' ? payload.producerId : null,
      brandId: typeof payload.brandId === 'number' ? payload.brandId : null,
      tokenId: payload.jti as string,
      issuedAt: payload.iat as number,
      passwordVersion: payload.pwv,
      expiresAt: new Date((payload.exp as number) * 1000),
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, errors, jwtVerify } from 'jose';
import { API_MESSAGES, ApiCode } from '@car/contracts';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ApiException } from '../common/api-codes';
import { loadJwtSecret, loadSecret } from '../security/jwt-secret';
import { MpRepository } from './mp.repository';

const ISSUER = 'car-market-mp';

/** Who an mp session is: the bound openId and its user. */
export interface MpSessionUser {
  openId: string;
  userId: number;
  /** The user's password version when the session was opened (ms); a later one ends the session. */
  passwordVersion: number;
}

/**
 * The short mp session (decision 79): a JWT signed with the server's own key (never the secret
 * shared with the mini-program), naming the openId, its user and the user's password version, valid
 * MP_SESSION_MINUTES; every call checks the binding still holds at that version, so an unbinding, a change of
 * password, 吊销会话, 停用 or 重置密码 ends it at once (decision 139).
 */
@Injectable()
export class MpSessionService {
  /** The key the mini-program's back end signs links with. */
  readonly linkSecret: Uint8Array;
  private readonly sessionKey: Uint8Array;
  readonly seconds: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: MpRepository,
  ) {
    this.linkSecret = loadMpSecret(config);
    this.sessionKey = loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
    this.seconds = config.MP_SESSION_MINUTES * 60;
  }

  async issue(user: MpSessionUser): Promise<string> {
    return new SignJWT({ oid: user.openId, pwv: user.passwordVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(user.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.seconds)
      .sign(this.sessionKey);
  }

  /** The session's user, or the spec's codes: -1009 missing or forged, -1008 expired, -1012 unbound since. */
  async verify(session: string | null): Promise<MpSessionUser> {
    if (!session) throw new ApiException(ApiCode.TokenInvalid, '请从小程序重新打开销量查询');
    let payload;
    try {
      ({ payload } = await jwtVerify(session, this.sessionKey, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['sub', 'oid', 'exp', 'pwv'] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new ApiException(ApiCode.TokenExpired, '会话已过期，请从小程序重新打开');
      throw new ApiException(ApiCode.TokenInvalid, API_MESSAGES.signInFirst);
    }
    const user = { openId: String(payload.oid), userId: Number(payload.sub), passwordVersion: Number(payload.pwv) };
    const bound = await this.repository.boundUser(user.openId);
    if (!bound || bound.userId !== user.userId || bound.passwordVersion !== user.passwordVersion) {
      throw new ApiException(ApiCode.TokenRevoked, '会话已失效（已解除绑定或账号会话已吊销），请从小程序重新打开并绑定');
    }
    return user;
  }
}

/** MP_SECRET, else a secret made once in DATA_DIR/mp-secret (what `npm run mp-link` signs the demo link with). */
export function loadMpSecret(config: Pick<AppConfig, 'MP_SECRET' | 'DATA_DIR'>): Uint8Array {
  return loadSecret(config.MP_SECRET, config.DATA_DIR, 'mp-secret', 'MP_SECRET');
}

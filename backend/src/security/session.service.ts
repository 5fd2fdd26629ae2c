import { Injectable } from '@nestjs/common';
import { API_MESSAGES } from '@car/contracts';
import { ApiCode, ApiCodeValue, ApiException } from '../common/api-codes';
import { KeptUntilChange } from '../database/notify-listener';
import { AccessChanges } from './access-changes';
import { RevokedTokenRepository } from './revoked-token.repository';
import { SecurityEvents } from './security-events';
import { SessionUser } from './session-user';
import { TokenRejected, TokenService } from './token.service';
import { SessionRecord, UserRepository } from './user.repository';

/** Sessions (a user and one of their tokens) kept at most; the oldest read goes first. */
const KEPT_SESSIONS = 20_000;

const REFUSALS = {
  missing: { code: ApiCode.TokenInvalid, msg: API_MESSAGES.signInFirst },
  invalid: { code: ApiCode.TokenInvalid, msg: API_MESSAGES.signInFirst },
  expired: { code: ApiCode.TokenExpired, msg: API_MESSAGES.sessionExpired },
  revoked: { code: ApiCode.TokenRevoked, msg: API_MESSAGES.sessionRevoked },
  disabled: { code: ApiCode.TokenRevoked, msg: API_MESSAGES.sessionRevoked },
  /** The password changed, or the role, producer or brand the token names is no longer the user's. */
  stale: { code: ApiCode.TokenRevoked, msg: API_MESSAGES.sessionRevoked },
} satisfies Record<string, { code: ApiCodeValue; msg: string }>;

type RefusalReason = keyof typeof REFUSALS;

export interface RequestOrigin {
  address: string;
  path: string;
}

/**
 * Who a token belongs to, checked on every call against the database, never taken from the token alone:
 * no claim is relied on being unguessable or still true. The user must exist and be enabled, the token's
 * id must not be in revoked_token (logout), and everything the token states (password version, role,
 * producer, brand) must still be the user's; otherwise it is refused (-1012) and a new sign-in issues a
 * token that says what holds now. The session carries the database's values. Revocation lives in
 * PostgreSQL so that it holds on every instance and after restarts. What the database said of a token is kept
 * until any process writes a user, role, grant, revocation or binding (decision 234): each such write empties
 * every process's sessions at commit, through `AccessChanges`, and the writing process's own at once.
 */
@Injectable()
export class SessionService {
  private readonly kept: KeptUntilChange<SessionRecord | null>;

  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
    private readonly revokedTokens: RevokedTokenRepository,
    private readonly events: SecurityEvents,
    access: AccessChanges,
  ) {
    this.kept = new KeptUntilChange([access], KEPT_SESSIONS);
  }

  async authenticate(token: string | null, origin: RequestOrigin): Promise<SessionUser> {
    if (!token) this.refuse('missing', origin);
    const claims = await this.tokens.verify(token).catch((error: unknown) => {
      if (error instanceof TokenRejected) this.refuse(error.reason, origin);
      throw error;
    });
    const user = await this.kept.get(`${claims.userId}:${claims.tokenId}`, () => this.users.findSession(claims.userId, claims.tokenId));
    if (!user) this.refuse('invalid', origin, claims.userId);
    if (user.tokenRevoked) this.refuse('revoked', origin, user.id);
    if (!user.enabled) this.refuse('disabled', origin, user.id);
    const stale =
      claims.passwordVersion !== user.passwordChangedAt.getTime() ||
      claims.role !== user.role ||
      claims.producerId !== user.producerId ||
      claims.brandId !== user.brandId;
    if (stale) this.refuse('stale', origin, user.id);
    const { enabled: _enabled, passwordChangedAt: _passwordChangedAt, tokenRevoked: _tokenRevoked, ...profile } = user;
    return { ...profile, token: { id: claims.tokenId, expiresAt: claims.expiresAt } };
  }

  /** Ends the session's token everywhere; rows of tokens past their expiry are dropped on the way. */
  async revoke(session: SessionUser): Promise<void> {
    await this.revokedTokens.revoke(session.token.id, session.id, session.token.expiresAt);
    await this.revokedTokens.deleteExpired();
  }

  private refuse(reason: RefusalReason, origin: RequestOrigin, userId?: number): never {
    void this.events.record({ event: 'token.refused', reason, userId, address: origin.address, path: origin.path });
    const { code, msg } = REFUSALS[reason];
    throw new ApiException(code, msg);
  }
}

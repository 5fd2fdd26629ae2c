import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ADMIN_MESSAGES, API_PREFIX, PASSWORD_CHANGE_CALLS } from '@car/contracts';
import { ApiCode, ApiException } from '../common/api-codes';
import { clientAddress } from './client-address';
import { IS_PUBLIC } from './security.decorators';
import { tokenOf } from './session-cookie';
import type { RequestWithSession, SessionUser } from './session-user';
import { SecurityEvents } from './security-events';
import { SessionService } from './session.service';

/**
 * Global: every route needs a valid, unrevoked session unless marked @Public(). A user whose password an
 * administrator set (new account, reset) may make only the shell's calls until they have changed it
 * (decision 83): the pages send them to /resetpassword, and a client that does not follow gets 403.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly events: SecurityEvents,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const origin = { address: clientAddress(request), path: request.path };
    const user = await this.sessions.authenticate(tokenOf(request), origin);
    request.user = user;
    requireSettledPassword(user, origin, this.events);
    return true;
  }
}

/**
 * A user whose password an administrator set may make only the calls of the change of password (decision 83):
 * for anything else — an API call or the queue dashboard — the refusal is recorded and answered -1014.
 */
export function requireSettledPassword(user: SessionUser, origin: { address: string; path: string }, events: SecurityEvents): void {
  if (!user.mustChangePassword) return;
  const call = origin.path.startsWith(`${API_PREFIX}/`) ? origin.path.slice(API_PREFIX.length + 1).replace(/\/+$/, '') : null;
  if (call !== null && PASSWORD_CHANGE_CALLS.includes(call)) return;
  void events.record({ event: 'access.refused', reason: 'password-change-required', userId: user.id, account: user.account, ...origin });
  throw new ApiException(ApiCode.PasswordChangeRequired, ADMIN_MESSAGES.passwordChangeRequired);
}

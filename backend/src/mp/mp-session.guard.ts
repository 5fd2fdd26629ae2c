import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { MP_SESSION_COOKIE, MP_SESSION_HEADER } from '@car/contracts';
import type { Request } from 'express';
import { cookieValue } from '../security/session-cookie';
import { MpSessionService, type MpSessionUser } from './mp-session.service';

type RequestWithMpUser = Request & { mpUser?: MpSessionUser };

/**
 * The mp retail calls' session check, run as a guard so that it comes before the parameters' validation,
 * as the web session's does: a call without a session is told to reopen the page (-1009, -1008, -1012)
 * whatever its parameters. The session is the mp-session header (the pages' server), else the car-mp cookie.
 */
@Injectable()
export class MpSessionGuard implements CanActivate {
  constructor(private readonly sessions: MpSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithMpUser>();
    const header = request.headers[MP_SESSION_HEADER];
    const session = (typeof header === 'string' ? header.trim() : '') || cookieValue(request.headers.cookie, MP_SESSION_COOKIE);
    request.mpUser = await this.sessions.verify(session);
    return true;
  }
}

/** The mp user the guard verified. */
export const MpUser = createParamDecorator((_data: unknown, context: ExecutionContext): MpSessionUser => {
  const user = context.switchToHttp().getRequest<RequestWithMpUser>().mpUser;
  if (!user) throw new Error('MpUser used on a route without MpSessionGuard');
  return user;
});

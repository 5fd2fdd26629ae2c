import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { clientAddress } from './client-address';
import { IS_PUBLIC } from './security.decorators';
import { tokenOf } from './session-cookie';
import type { RequestWithSession } from './session-user';
import { SessionService } from './session.service';

/** Global: every route needs a valid, unrevoked session unless marked @Public(). */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    request.user = await this.sessions.authenticate(tokenOf(request), {
      address: clientAddress(request),
      path: request.path,
    });
    return true;
  }
}

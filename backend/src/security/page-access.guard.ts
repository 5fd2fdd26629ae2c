import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { clientAddress } from './client-address';
import { PageAccessService } from './page-access.service';
import { ADMIN_ONLY, REQUIRED_PAGE } from './security.decorators';
import type { RequestWithSession } from './session-user';

/** Global, after AuthenticationGuard: applies @AdminOnly() and @RequiresPage(path) to the signed-in user. */
@Injectable()
export class PageAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: PageAccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets);
    const page = this.reflector.getAllAndOverride<string>(REQUIRED_PAGE, targets);
    if (!adminOnly && !page) return true;
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const origin = { address: clientAddress(request), path: request.path };
    // A @Public() route has no user; marking it with a page or admin rule as well is a mistake: refuse.
    if (!request.user) return false;
    if (adminOnly) this.access.requireAdmin(request.user, origin);
    if (page) await this.access.requirePage(request.user, page, origin);
    return true;
  }
}

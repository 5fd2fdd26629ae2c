import { ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import { API_MESSAGES } from '@car/contracts';
import { ApiCode, ApiException } from '../common/api-codes';
import { clientAddress } from './client-address';
import type { RequestWithSession, SessionUser } from './session-user';

export const IS_PUBLIC = 'security:public';
export const REQUIRED_PAGE = 'security:page';
export const ADMIN_ONLY = 'security:admin-only';

/** Answers without a session (sign-in, health). Every other route needs one. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/**
 * The route belongs to the page at `path` (a menu path such as '/salevolume/wholemarket'): only users
 * whose role's menus hold that page may call it (403 没有访问该页面的权限 otherwise).
 */
export const RequiresPage = (path: string): MethodDecorator & ClassDecorator => SetMetadata(REQUIRED_PAGE, path);

/** Administrators only (report upload, data import): 403 仅管理员可执行此操作 for anyone else. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(ADMIN_ONLY, true);

/** The signed-in user the guard put on the request. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<RequestWithSession>().user;
  // Only reachable on a @Public() route, where there is no session to read.
  if (!user) throw new ApiException(ApiCode.TokenInvalid, API_MESSAGES.signInFirst);
  return user;
});

/** The caller's address as the brute-force window and the audit log see it. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string => clientAddress(context.switchToHttp().getRequest()));

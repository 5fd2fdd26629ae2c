import type { Request } from 'express';
import type { UserRecord } from './user.repository';

/**
 * The signed-in user of a request, as the guard found them in the database (not as the token claims): the
 * user record without what only the sign-in checks read, plus the token the request came with.
 */
export interface SessionUser extends Omit<UserRecord, 'enabled' | 'passwordChangedAt'> {
  /** The token this request came with: logout revokes it. */
  token: { id: string; expiresAt: Date };
}

export const ADMIN_ROLE = 'admin';

export type RequestWithSession = Request & { user?: SessionUser };

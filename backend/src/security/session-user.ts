import type { Request } from 'express';

/** The signed-in user of a request, as the guard found them in the database (not as the token claims). */
export interface SessionUser {
  id: number;
  account: string;
  nickname: string;
  roleId: number;
  /** The role's code: 'admin' or 'analyst'. */
  role: string;
  producerId: number | null;
  brandId: number | null;
  /** An administrator set the password: the API answers only PASSWORD_CHANGE_CALLS until it is changed. */
  mustChangePassword: boolean;
  /** The token this request came with: logout revokes it. */
  token: { id: string; expiresAt: Date };
}

export const ADMIN_ROLE = 'admin';

export type RequestWithSession = Request & { user?: SessionUser };

import { redirect, type ActionFunctionArgs } from '@remix-run/node';

import { SECURITY } from '@car/contracts';
import { apiPost, failureData } from '~/utils/api.server';
import { clearedSessionCookie, readToken } from '~/utils/session.server';

/** Nothing to show at /logout. */
export function loader() {
  return redirect('/');
}

/**
 * Revokes the token at the API, then drops the cookie. A dead session goes to /login anyway (apiPost's rule);
 * another failure keeps the user signed in and shows the message (the token would otherwise stay valid).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (readToken(request)) {
    try {
      await apiPost(request, context, SECURITY.logout);
    } catch (error) {
      return failureData(error);
    }
  }
  return redirect('/login', { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
}

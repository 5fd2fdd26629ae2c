/**
 * Opens a saved view (decision 188): the API names its page with the parameters the page still reads and those
 * dropped; the visitor is sent there, and a one-time notice names what was dropped. A view that cannot open (gone,
 * not shared with them, its page gone or outside their menus) leads back to 我的视图 with the reason.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

import { MY_VIEWS_PATH, VIEWS, droppedNotice } from '@car/contracts';

import { ApiError, apiGet } from '~/utils/api.server';
import { loginHref } from '~/utils/navigation';
import { readToken } from '~/utils/session.server';
import { noticeCookie } from '~/utils/view-notice.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!readToken(request)) throw redirect(loginHref(new URL(request.url)));
  try {
    const opening = await apiGet(request, context, VIEWS.open, { id: params.id ?? '' });
    const notice = droppedNotice(opening.name, opening.dropped);
    return redirect(opening.href, notice ? { headers: { 'Set-Cookie': noticeCookie(request, notice) } } : undefined);
  } catch (error) {
    if (error instanceof ApiError) return redirect(MY_VIEWS_PATH, { headers: { 'Set-Cookie': noticeCookie(request, error.msg) } });
    throw error;
  }
}

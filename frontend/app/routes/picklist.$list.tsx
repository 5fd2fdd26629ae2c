/**
 * Resource route: one list of the pick-list dialogs or of the configuration search box
 * (`/picklist/<list>?…`, the names of utils/pick-list-source.ts), called server-side through api.server.ts
 * with the user's token (decision 157). The query is passed on as it came; the API validates it against the
 * endpoint's own schema and names a bad field in its `msg`. Answers `{ result }`, or `{ failure }` with
 * status 200 (the dialog shows the message; a 4xx would log a console error). A dead session is the redirect
 * apiGet throws, passed through.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, failureData, throwAsRouteError } from '~/utils/api.server';
import { isPickListName, PICK_LISTS } from '~/utils/pick-list-source';
import { loadCurrentUser } from '~/utils/security.server';
import { urlParams } from '~/utils/url-state';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const list = params.list;
  if (!isPickListName(list)) {
    // The session rule first, as on every route behind the session: a dead one goes to /login, a live one hears 404.
    await loadCurrentUser(request, context).catch(throwAsRouteError);
    throw new Response('Not Found', { status: 404 });
  }
  const query = Object.fromEntries(urlParams(request));
  try {
    return Response.json({ result: await apiGet(request, context, PICK_LISTS[list], query) });
  } catch (error) {
    return Response.json(failureData(error));
  }
}

/**
 * Matches for the mobile search box through the page's own mp session: the page asks while typing from
 * MP_SUGGEST_MIN characters and on Enter or 🔍 whatever the length (spec 001 §5). The answer names the
 * text it is for, so the page can tell an answer for what it searched from an older one.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { MP } from '@car/contracts';
import { apiGet, ApiError } from '~/utils/api.server';
import { readMpSession } from '~/utils/mp.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const name = (url.searchParams.get('name') ?? '').trim();
  const type = url.searchParams.get('type') ?? '1';
  if (name === '') return { name, list: [], failure: null };
  try {
    const list = await apiGet(request, context, MP.searchCar, { type, name }, { mpSession: readMpSession(request) });
    return { name, list, failure: null };
  } catch (error) {
    if (error instanceof ApiError) return { name, list: [], failure: error.message };
    throw error;
  }
}

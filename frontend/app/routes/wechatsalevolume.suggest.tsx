/** Suggestions for the mobile search box (from 2 characters), through the page's own mp session. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { MP, MP_SUGGEST_MIN } from '@car/contracts';
import { apiGet, ApiError } from '~/utils/api.server';
import { readMpSession } from '~/utils/mp.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const name = (url.searchParams.get('name') ?? '').trim();
  const type = url.searchParams.get('type') ?? '1';
  if ([...name].length < MP_SUGGEST_MIN) return { list: [], failure: null };
  try {
    const list = await apiGet(request, context, MP.searchCar, { type, name }, { mpSession: readMpSession(request) });
    return { list, failure: null };
  } catch (error) {
    if (error instanceof ApiError) return { list: [], failure: error.message };
    throw error;
  }
}

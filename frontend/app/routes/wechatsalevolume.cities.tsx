/**
 * The cities for the mobile page's in-page city picker, through the page's own mp session: one province's
 * (provinceId) for the province → city steps, or every city (no provinceId) for its search box.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { MP } from '@car/contracts';
import { apiGet, ApiError } from '~/utils/api.server';
import { readMpSession } from '~/utils/mp.server';
import { urlState } from '~/utils/url-state';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provinceId = urlState(MP.cities.params, request).given('provinceId') ?? '';
  try {
    const list = await apiGet(request, context, MP.cities, provinceId ? { provinceId } : {}, { mpSession: readMpSession(request) });
    return { provinceId, list, failure: null };
  } catch (error) {
    if (error instanceof ApiError) return { provinceId, list: [], failure: error.message };
    throw error;
  }
}

/**
 * Matches for the mobile search box through the page's own mp session: the page asks while typing from
 * MP_SUGGEST_MIN characters and on Enter or the search button whatever the length (spec 001 §5), over the four tabs at once
 * (decision 180). The answer names the text it is for, so the page can tell an answer for what it searched
 * from an older one.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { MP, type MpTabMatches } from '@car/contracts';
import { apiGet, ApiError } from '~/utils/api.server';
import { readMpSession } from '~/utils/mp.server';
import { urlState } from '~/utils/url-state';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<{ name: string; tabs: MpTabMatches[]; failure: string | null }> {
  const name = (urlState(MP.searchAll.params, request).given('name') ?? '').trim();
  if (name === '') return { name, tabs: [], failure: null };
  try {
    const tabs = await apiGet(request, context, MP.searchAll, { name }, { mpSession: readMpSession(request) });
    return { name, tabs, failure: null };
  } catch (error) {
    if (error instanceof ApiError) return { name, tabs: [], failure: error.message };
    throw error;
  }
}

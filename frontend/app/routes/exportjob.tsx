/**
 * Resource route: one export job's progress for the export pages' progress bar (`useFetcher().load`),
 * through the API with the user's token. Answers `{ job }` or `{ failure }`.
 */
import { DATA_EXPORT } from '@car/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, failureData } from '~/utils/api.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('id') ?? '';
  try {
    return { job: await apiGet(request, context, DATA_EXPORT.job, { id }) };
  } catch (error) {
    return failureData(error);
  }
}

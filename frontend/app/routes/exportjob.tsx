/**
 * Resource route: one export job's progress for the export pages' progress bar (`useFetcher().load`),
 * through the API with the user's token. Answers `{ job }` or `{ failure }`.
 */
import { DATA_EXPORT } from '@car/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, failureData } from '~/utils/api.server';
import { urlState } from '~/utils/url-state';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = urlState(DATA_EXPORT.job.params, request).given('id') ?? '';
  try {
    return { job: await apiGet(request, context, DATA_EXPORT.job, { id }) };
  } catch (error) {
    return failureData(error);
  }
}

/**
 * Resource route: one data import's progress and its first problems, for the import page's poll
 * (`useFetcher().load`), through the API with the administrator's token. Answers `{ job, problems }` or `{ failure }`.
 */
import { DATA_IMPORT } from '@car/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, failureData } from '~/utils/api.server';
import { urlState } from '~/utils/url-state';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = urlState(DATA_IMPORT.job.params, request).given('id') ?? '';
  try {
    const [job, problems] = await Promise.all([apiGet(request, context, DATA_IMPORT.job, { id }), apiGet(request, context, DATA_IMPORT.problems, { id })]);
    return { job, problems };
  } catch (error) {
    return failureData(error);
  }
}

/**
 * Resource route for the report page's bundles (`useFetcher().load`): `?ids=1,2,3` starts a bundle,
 * `?id=…` reads its progress; through the API with the user's token. Answers `{ bundle }` or `{ failure }`.
 */
import { REPORT_DOWNLOAD } from '@car/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, failureData } from '~/utils/api.server';
import { urlState } from '~/utils/url-state';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = urlState(REPORT_DOWNLOAD.bundleJob.params, request).given('id');
  const ids = urlState(REPORT_DOWNLOAD.bundle.params, request).given('ids') ?? '';
  try {
    if (id) return { bundle: await apiGet(request, context, REPORT_DOWNLOAD.bundleJob, { id }) };
    return { bundle: await apiGet(request, context, REPORT_DOWNLOAD.bundle, { ids }) };
  } catch (error) {
    return failureData(error);
  }
}

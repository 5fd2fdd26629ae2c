/**
 * Resource route of 我的导出 (decision 180): GET answers my recent exports, for the list's refresh while a job
 * runs; POST re-queues one through its kind's export call with the fields it was asked with (重新生成) —
 * `_kind` names the call, the other fields are the job's stored form. Answers `{ jobs }`, `{ job }` or `{ failure }`.
 */
import { DATA_EXPORT, EXPORT_KINDS, type ExportKind } from '@car/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

import { apiGet, apiPostForm, failureData } from '~/utils/api.server';
import { KIND_FIELD } from '~/utils/export-form';
import { EXPORT_CALLS } from '~/utils/export-page.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    return { jobs: await apiGet(request, context, DATA_EXPORT.jobs) };
  } catch (error) {
    return failureData(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const kind = form.get(KIND_FIELD);
  if (typeof kind !== 'string' || !(kind in EXPORT_KINDS)) return { failure: { code: -1, msg: '未知的导出类型', network: false } };
  const entries = [...form.entries()]
    .filter(([key]) => key !== KIND_FIELD)
    .map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : '']);
  try {
    return { job: await apiPostForm(request, context, EXPORT_CALLS[kind as ExportKind], entries) };
  } catch (error) {
    return failureData(error);
  }
}

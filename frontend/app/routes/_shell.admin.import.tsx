/**
 * 数据导入 (administrators only: the menu row is the admin role's, every dataImport call is @AdminOnly): choose
 * the kind and the declared month range, upload a CSV (UTF-8 or GBK) or XLSX file made from the template,
 * watch the check and the write, read the problems (line and column) and download the report, then import
 * the valid rows or cancel; the past imports below. docs/data-import.md, decisions 85-92.
 */
import {
  API_PREFIX,
  CONFIG_TRIM_COLUMN_NOTE,
  DATA_IMPORT,
  IMPORT_COLUMNS,
  IMPORT_KIND_KEYS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  addMonths,
  formatMonth,
  isFactImportKind,
  reportUploadMonths,
  type ImportKind,
} from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData, useSearchParams } from '@remix-run/react';
import { useRef, useState } from 'react';
import { Button, Table } from 'semantic-ui-react';

import { ImportProgress } from '~/components/ImportProgress';
import { MonthPicker } from '~/components/MonthPicker';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPost, failureData, throwAsRouteError } from '~/utils/api.server';
import { apiDownloadHref } from '~/utils/download';
import { formText } from '~/utils/form-text';
import { titled } from '~/utils/meta';
import { urlState } from '~/utils/url-state';
import { useRevalidation } from '~/utils/use-revalidation';
import importCss from '~/styles/import.css?url';

export const meta: MetaFunction = () => titled('数据导入');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: importCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = urlState(DATA_IMPORT.job.params, request).given('id');
  try {
    const [jobs, current] = await Promise.all([
      apiGet(request, context, DATA_IMPORT.jobs, {}),
      id ? Promise.all([apiGet(request, context, DATA_IMPORT.job, { id }), apiGet(request, context, DATA_IMPORT.problems, { id })]) : Promise.resolve(null),
    ]);
    return { jobs, current: current ? { job: current[0], problems: current[1] } : null, months: reportUploadMonths() };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

/** Confirm (write the valid rows) or cancel an import waiting in review. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const endpoint = intent === 'cancel' ? DATA_IMPORT.cancel : DATA_IMPORT.confirm;
  try {
    return { job: await apiPost(request, context, endpoint, { id: formText(form, 'id') }) };
  } catch (error) {
    return failureData(error);
  }
}

/** What the page says of each kind's file under the form. */
const FACT_HINT = 'CSV 可为 UTF-8 或 GBK 编码；先校验全部行，无错误时按月份整月替换，有错误时由您决定是否导入有效行。';
const REFERENCE_HINTS: Record<Exclude<ImportKind, 'retail' | 'wholesale' | 'price' | 'msrp' | 'rebate'>, string> = {
  catalog:
    'CSV 可为 UTF-8 或 GBK 编码；每行一个车型及其子车系、车系、品牌、厂商：按代码或名称新增或更新（新厂商、新品牌须填写其属性、首字母和类型），从不删除。空单元格表示不改；但文件中有「停产月份」列时，其空单元格表示在售（会清除原停产月份并给出警告）；发动机、电池容量、排放标准填「无」清除。写入后只重建变化车型有销量的月份的汇总。',
  config:
    'CSV 可为 UTF-8 或 GBK 编码；每行一个配置项（配置类别、配置项，子项写出上级路径，如「主驾驶座椅 > 加热」），其后每列一个车型，表头为车型代码；非空单元格写入，空单元格表示不改（不配备请填 -），从不删除；写入后配置查询即显示新值。模板列出全部配置项。',
};
const hintOf = (kind: ImportKind): string => (isFactImportKind(kind) ? FACT_HINT : REFERENCE_HINTS[kind]);

const templateHref = (kind: ImportKind, format: 'xlsx' | 'csv') => apiDownloadHref(DATA_IMPORT.template, { kind, format });

/**
 * The file goes from the browser straight to the API (same site, the session cookie; decision 91): multer
 * writes it to disk as it arrives, where a pass through the page server would hold it in memory.
 */
async function uploadFile(form: FormData): Promise<{ id?: string; msg: string }> {
  const response = await fetch(`${API_PREFIX}/${DATA_IMPORT.upload.path}`, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => ({ msg: '上传失败，请重试' }))) as { code?: number; msg: string; result?: { id: string } };
  return body.code === 1 && body.result ? { id: body.result.id, msg: body.msg } : { msg: body.msg };
}

export default function DataImportPage() {
  const { jobs, current, months } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidation();
  const decide = useFetcher<typeof action>();
  const { show } = useToast();
  const lastMonth = formatMonth(addMonths(Number(months[0].replace('-', '')), -1));
  const [kind, setKind] = useState<ImportKind>('retail');
  const [from, setFrom] = useState(lastMonth);
  const [to, setTo] = useState(lastMonth);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useFailureToast(decide.data && 'failure' in decide.data && isApiFailure(decide.data.failure) ? decide.data.failure : null);

  const submit = async () => {
    const file = fileInput.current?.files?.[0];
    if (!file) return show('warning', '请选择要导入的文件（CSV 或 XLSX）', 3000);
    if (file.size > IMPORT_MAX_BYTES) return show('warning', '文件过大', 3000);
    if (from > to) return show('warning', '开始月份不能晚于结束月份', 3000);
    const form = new FormData();
    form.set('kind', kind);
    form.set('from', from);
    form.set('to', to);
    form.set('file', file);
    setUploading(true);
    try {
      const answer = await uploadFile(form);
      if (!answer.id) return show('error', answer.msg, 5000);
      if (fileInput.current) fileInput.current.value = '';
      setSearchParams(new URLSearchParams({ id: answer.id }), { preventScrollReset: true });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="import-page">
      <h2 className="import-page__title">数据导入</h2>
      <section className="import-page__form" aria-label="上传数据文件">
        <label className="import-page__field">
          <span>数据类型</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as ImportKind)} aria-label="数据类型">
            {IMPORT_KIND_KEYS.map((key) => (
              <option key={key} value={key}>
                {IMPORT_KINDS[key]}
              </option>
            ))}
          </select>
        </label>
        {!isFactImportKind(kind) ? null : (
          <div className="import-page__field">
            <span>月份区间</span>
            <MonthPicker name="from" value={from} months={months} onChange={setFrom} />
            <span>至</span>
            <MonthPicker name="to" value={to} months={months} onChange={setTo} />
          </div>
        )}
        <label className="import-page__field">
          <span>文件</span>
          <input ref={fileInput} type="file" name="file" accept=".csv,.xlsx" aria-label="选择文件" />
        </label>
        <div className="import-page__field">
          <Button primary type="button" loading={uploading} disabled={uploading} onClick={() => void submit()}>
            上传并校验
          </Button>
          <span className="import-page__templates">
            模板：
            <a href={templateHref(kind, 'xlsx')} download>
              {IMPORT_KINDS[kind]}模板.xlsx
            </a>{' '}
            ·{' '}
            <a href={templateHref(kind, 'csv')} download>
              {IMPORT_KINDS[kind]}模板.csv
            </a>
          </span>
        </div>
        <p className="import-page__hint">{hintOf(kind)}</p>
        <details className="import-page__notes">
          <summary>各列填写说明</summary>
          <dl>
            {IMPORT_COLUMNS[kind].map((column) => (
              <div key={column.key}>
                <dt>{column.header}</dt>
                <dd>{column.note}</dd>
              </div>
            ))}
            {kind === 'config' ? (
              <div>
                <dt>车型代码列</dt>
                <dd>{CONFIG_TRIM_COLUMN_NOTE}</dd>
              </div>
            ) : null}
          </dl>
        </details>
      </section>
      {current ? (
        <ImportProgress
          key={current.job.id}
          job={current.job}
          problems={current.problems}
          deciding={decide.state !== 'idle'}
          onDecide={(intent) => decide.submit({ intent, id: current.job.id }, { method: 'post' })}
          onSettled={() => revalidator.revalidate()}
        />
      ) : null}
      <h3 className="import-page__subtitle">导入记录</h3>
      <Table celled compact unstackable className="import-page__table">
        <Table.Header>
          <Table.Row>
            {['时间', '类型', '文件', '月份', '状态', '有效行', '错误', '警告', '操作人'].map((title) => (
              <Table.HeaderCell key={title}>{title}</Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobs.map((job) => (
            <Table.Row key={job.id} active={job.id === current?.job.id}>
              <Table.Cell>{new Date(job.createdAt).toLocaleString('zh-CN', { hour12: false })}</Table.Cell>
              <Table.Cell>{job.kindText}</Table.Cell>
              <Table.Cell>
                <button
                  type="button"
                  className="import-page__link"
                  onClick={() => setSearchParams(new URLSearchParams({ id: job.id }), { preventScrollReset: true })}
                >
                  {job.fileName}
                </button>
              </Table.Cell>
              <Table.Cell>{!isFactImportKind(job.kind) ? '-' : job.months.join('、') || `${job.from} 至 ${job.to}`}</Table.Cell>
              <Table.Cell>{job.stateText}</Table.Cell>
              <Table.Cell>{job.rowsValid}</Table.Cell>
              <Table.Cell>{job.errors}</Table.Cell>
              <Table.Cell>{job.warnings}</Table.Cell>
              <Table.Cell>{job.owner}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

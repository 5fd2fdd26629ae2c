/**
 * 报告管理 (administrators only: the menu row is the admin role's, the API's upload, replace and delete are
 * @AdminOnly): upload one or several files (xlsx, docx, pptx, pdf; the server reads the type from the
 * content) with producer, month and display name; the reports listed at once, newest first, each with
 * 替换 (a new file, optionally a new name) and 删除. Other users' own reports (their competitor sets' decks) are not
 * listed here, as nowhere else; the administrator's own, if any, are marked 仅自己可见 (decision 299).
 */
import {
  REPORT_DOWNLOAD,
  REPORT_FILE_TYPE_KEYS,
  REPORT_FILE_TYPES,
  REPORT_MAX_BYTES,
  REPORT_MAX_FILES,
  REPORT_PAGE_SIZE,
  formatMonth,
  reportUploadMonths,
  defaultReportRange,
} from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Table } from 'semantic-ui-react';

import { MakerDialog } from '~/components/MakerDialog';
import { PickButton } from '~/components/PickButton';
import { MonthPicker } from '~/components/MonthPicker';
import { usePickList } from '~/components/PickListDialog';
import { ReportListMore, reportDownloadHref } from '~/components/ReportListMore';
import { ReportMineLabel } from '~/components/ReportMineLabel';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPost, apiPostMultipart, failureData, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { titled } from '~/utils/meta';
import { reportListSize } from '~/utils/report-list';
import reportsCss from '~/styles/reports.css?url';

export const meta: MetaFunction = () => titled('报告管理');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsCss }];

/** Every upload month the list covers: all reports, whenever uploaded. */
const ALL_FROM = '2000-01';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const size = reportListSize(request, REPORT_PAGE_SIZE * 2);
  try {
    const page = await apiGet(request, context, REPORT_DOWNLOAD.list, {
      startDate: ALL_FROM,
      endDate: formatMonth(defaultReportRange().endDate),
      page: 1,
      pageSize: size,
    });
    return { page, size, months: reportUploadMonths() };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

/** Forwards the form as the API takes it: upload and replace as multipart (files included), delete as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  form.delete('intent');
  try {
    if (intent === 'delete') return { done: '已删除', result: await apiPost(request, context, REPORT_DOWNLOAD.remove, { id: formText(form, 'id') }) };
    const endpoint = intent === 'replace' ? REPORT_DOWNLOAD.replace : REPORT_DOWNLOAD.upload;
    // An empty name field means "keep the file's own name" (upload) or "keep the report's name" (replace).
    if (!formText(form, 'name').trim()) form.delete('name');
    const result = await apiPostMultipart(request, context, endpoint, form);
    return { done: intent === 'replace' ? '已替换' : `已上传 ${result.items.length} 个文件`, result };
  } catch (error) {
    return failureData(error);
  }
}

const ACCEPT = REPORT_FILE_TYPE_KEYS.map((type) => `.${type}`).join(',');
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export default function AdminReportsPage() {
  const { page, size, months } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const producer = usePickList();
  const [month, setMonth] = useState(months[1] ?? months[0]);
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const upload = useFetcher<typeof action>();
  const change = useFetcher<typeof action>();
  const { show } = useToast();
  const producerItem = producer.state.confirmed.items[0];

  useFailureToast(upload.data && 'failure' in upload.data && isApiFailure(upload.data.failure) ? upload.data.failure : null);
  useFailureToast(change.data && 'failure' in change.data && isApiFailure(change.data.failure) ? change.data.failure : null);
  useEffect(() => {
    if (upload.data && 'done' in upload.data) {
      show('success', upload.data.done, 3000);
      if (fileInput.current) fileInput.current.value = '';
      setName('');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new answer only (the toast hook's `show` is not a reason to show it again)
  }, [upload.data]);
  useEffect(() => {
    if (change.data && 'done' in change.data) show('success', change.data.done, 3000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new answer only (the toast hook's `show` is not a reason to show it again)
  }, [change.data]);

  const submitUpload = () => {
    const files = fileInput.current?.files;
    if (!producerItem) return show('warning', '请选择厂商', 3000);
    if (!files || files.length === 0) return show('warning', '请选择要上传的文件', 3000);
    if (files.length > REPORT_MAX_FILES) return show('warning', `一次最多上传 ${REPORT_MAX_FILES} 个文件`, 3000);
    if ([...files].some((file) => file.size > REPORT_MAX_BYTES)) return show('warning', `文件不能超过 ${REPORT_MAX_BYTES / 1024 / 1024} MB`, 3000);
    const form = new FormData();
    form.set('intent', 'upload');
    form.set('producerId', String(producerItem.id));
    form.set('month', month);
    form.set('name', name);
    for (const file of files) form.append('files', file);
    upload.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };
  const startReplace = (id: number) => {
    setReplacing(id);
    replaceInput.current?.click();
  };
  const submitReplace = () => {
    const file = replaceInput.current?.files?.[0];
    if (!file || replacing === null) return;
    const form = new FormData();
    form.set('intent', 'replace');
    form.set('id', String(replacing));
    form.set('file', file);
    change.submit(form, { method: 'post', encType: 'multipart/form-data' });
    if (replaceInput.current) replaceInput.current.value = '';
  };
  const remove = (id: number, reportName: string) => {
    if (!window.confirm(`确定删除报告「${reportName}」？文件将一并删除。`)) return;
    change.submit({ intent: 'delete', id: String(id) }, { method: 'post' });
  };

  return (
    <div className="report-page">
      <h2 className="report-page__title">报告管理</h2>
      <section className="report-admin__form" aria-label="上传报告">
        <div className="report-page__field">
          <span>厂商</span>
          <PickButton label="选择厂商" className="report-page__producers" onClick={producer.open}>
            {producerItem ? producerItem.name : '请选择厂商'}
          </PickButton>
        </div>
        <div className="report-page__field">
          <span>报告月份</span>
          <MonthPicker name="month" value={month} months={months} onChange={setMonth} />
        </div>
        <label className="report-page__field">
          <span>显示名称</span>
          <Input value={name} maxLength={100} placeholder="留空则用文件名" onChange={(_, { value }) => setName(String(value))} />
        </label>
        <label className="report-page__field">
          <span>文件</span>
          <input ref={fileInput} type="file" name="files" multiple accept={ACCEPT} aria-label="选择文件" />
        </label>
        <p className="report-admin__hint">
          支持 xlsx、docx、pptx、pdf（按文件内容识别），每个不超过 {REPORT_MAX_BYTES / 1024 / 1024} MB，一次最多 {REPORT_MAX_FILES} 个。
        </p>
        <div>
          <Button primary type="button" loading={upload.state !== 'idle'} disabled={upload.state !== 'idle'} onClick={submitUpload}>
            上传
          </Button>
        </div>
      </section>
      <MakerDialog kind="company" pick={producer} multiple={false} />
      <input ref={replaceInput} type="file" accept={ACCEPT} hidden aria-label="选择替换文件" onChange={submitReplace} />
      <Table celled compact unstackable className="report-page__table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>上传时间</Table.HeaderCell>
            <Table.HeaderCell>厂商名称</Table.HeaderCell>
            <Table.HeaderCell>报告名称</Table.HeaderCell>
            <Table.HeaderCell>月份</Table.HeaderCell>
            <Table.HeaderCell>类型</Table.HeaderCell>
            <Table.HeaderCell>大小</Table.HeaderCell>
            <Table.HeaderCell>操作</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {page.items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>{item.createTime}</Table.Cell>
              <Table.Cell>{item.producerName}</Table.Cell>
              <Table.Cell>
                <a href={reportDownloadHref([item.id])}>{item.name}</a>
                <ReportMineLabel mine={item.mine} />
              </Table.Cell>
              <Table.Cell>{item.month}</Table.Cell>
              <Table.Cell>{REPORT_FILE_TYPES[item.fileType].label}</Table.Cell>
              <Table.Cell>{sizeText(item.fileSize)}</Table.Cell>
              <Table.Cell className="report-admin__row-actions">
                <Button size="mini" type="button" disabled={change.state !== 'idle'} onClick={() => startReplace(item.id)}>
                  替换
                </Button>
                <Button size="mini" type="button" negative basic disabled={change.state !== 'idle'} onClick={() => remove(item.id, item.name)}>
                  删除
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <ReportListMore
        hasMore={page.hasMore}
        onMore={() => setSearchParams(new URLSearchParams({ size: String(size + REPORT_PAGE_SIZE) }), { preventScrollReset: true })}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

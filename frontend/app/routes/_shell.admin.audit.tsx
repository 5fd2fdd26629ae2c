/**
 * 安全日志 (administrators only): the security events, newest first. The filters are a GET form (event
 * kinds as repeated checkboxes, account, address, from / to days), so every view is in the URL and works
 * before JavaScript loads; 下载 is the API's workbook of the same filters (the cookie carries the session).
 */
import { ADMIN_AUDIT, ADMIN_PAGE_SIZE, API_PREFIX, auditDetailText, SECURITY_EVENT_LABELS, SECURITY_EVENT_NAMES, type SecurityEventName } from '@car/contracts';
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useSearchParams } from '@remix-run/react';
import { Button, Table } from 'semantic-ui-react';

import { AdminPager } from '~/components/AdminPager';
import { AdminQueryActions } from '~/components/AdminQueryActions';
import { AdminTable } from '~/components/AdminTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { ApiError, throwAsRouteError, apiGet } from '~/utils/api.server';
import { titled } from '~/utils/meta';
import adminCss from '~/styles/admin.css?url';

export const meta: MetaFunction = () => titled('安全日志');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

/** The API's filters from the page's address: the event checkboxes repeat `events`, the API takes one comma list. */
function auditFilters(params: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = { events: params.getAll('events').join(',') };
  for (const key of ['account', 'address', 'from', 'to']) filters[key] = params.get(key) ?? '';
  return filters;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = auditFilters(params);
  try {
    const page = await apiGet(request, context, ADMIN_AUDIT.list, { ...filters, page: params.get('page') ?? '' });
    const download = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
    return { page, downloadHref: `${API_PREFIX}/${ADMIN_AUDIT.download.path}?${download.toString()}`, failure: null };
  } catch (error) {
    // A filter the API refuses (开始日期不能晚于结束日期) keeps the form on screen with the message, to be corrected.
    if (error instanceof ApiError && error.status === 400) {
      return { page: { items: [], total: 0, totalCapped: false, page: 1, pageSize: ADMIN_PAGE_SIZE }, downloadHref: null, failure: error.toFailure() };
    }
    return throwAsRouteError(error);
  }
}

const label = (event: string) => SECURITY_EVENT_LABELS[event as SecurityEventName] ?? event;

export default function AdminAuditPage() {
  const { page, downloadHref, failure } = useLoaderData<typeof loader>();
  useFailureToast(failure);
  const [searchParams] = useSearchParams();
  const chosen = new Set(searchParams.getAll('events'));

  return (
    <div className="admin-page">
      <h2 className="admin-page__title">安全日志</h2>
      <Form method="get" className="admin-page__filters" aria-label="筛选安全日志">
        <fieldset className="admin-page__field admin-page__fieldset">
          <span>事件类型（不选为全部）</span>
          <div className="admin-page__events">
            {SECURITY_EVENT_NAMES.map((event) => (
              <label key={event}>
                <input type="checkbox" name="events" value={event} defaultChecked={chosen.has(event)} />
                {SECURITY_EVENT_LABELS[event]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="admin-page__field">
          <span>账号</span>
          <input name="account" defaultValue={searchParams.get('account') ?? ''} maxLength={50} />
        </label>
        <label className="admin-page__field">
          <span>地址（前缀）</span>
          <input name="address" defaultValue={searchParams.get('address') ?? ''} maxLength={50} />
        </label>
        <label className="admin-page__field">
          <span>开始日期</span>
          <input type="date" name="from" defaultValue={searchParams.get('from') ?? ''} />
        </label>
        <label className="admin-page__field">
          <span>结束日期</span>
          <input type="date" name="to" defaultValue={searchParams.get('to') ?? ''} />
        </label>
        <AdminQueryActions resetTo="/admin/audit">
          {downloadHref ? (
            <a className="ui button" href={downloadHref} download>
              下载
            </a>
          ) : (
            <Button type="button" disabled>
              下载
            </Button>
          )}
        </AdminQueryActions>
      </Form>
      <AdminTable headers={['时间', '事件', '账号', '地址', '原因', '路径', '详情']}>
        {page.items.map((item) => (
          <Table.Row key={item.id} data-event={item.event}>
            <Table.Cell>{item.time}</Table.Cell>
            <Table.Cell title={item.event}>{label(item.event)}</Table.Cell>
            <Table.Cell>{item.account ?? ''}</Table.Cell>
            <Table.Cell>{item.address}</Table.Cell>
            <Table.Cell>{item.reason ?? ''}</Table.Cell>
            <Table.Cell>{item.path ?? ''}</Table.Cell>
            <Table.Cell>{auditDetailText(item.detail)}</Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {page.items.length === 0 ? <p className="admin-page__empty">没有符合条件的记录</p> : null}
      <AdminPager page={page.page} pageSize={page.pageSize} total={page.total} capped={page.totalCapped} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

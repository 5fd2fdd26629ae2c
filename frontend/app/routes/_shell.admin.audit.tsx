/**
 * 安全日志 (administrators only): the security events, newest first. The filters are a GET form (event
 * kinds as repeated checkboxes, account, address, from / to days), so every view is in the URL and works
 * before JavaScript loads; 下载 is the API's workbook of the same filters (the cookie carries the session).
 */
import { ADMIN_AUDIT, ADMIN_PAGE_SIZE, auditDetailText, SECURITY_EVENT_LABELS, SECURITY_EVENT_NAMES, type SecurityEventName } from '@car/contracts';
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Button, Table } from 'semantic-ui-react';

import { AdminPager } from '~/components/AdminPager';
import { AdminQueryActions } from '~/components/AdminQueryActions';
import { AdminTable } from '~/components/AdminTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { ApiError, throwAsRouteError, apiGet } from '~/utils/api.server';
import { apiDownloadHref } from '~/utils/download';
import { titled } from '~/utils/meta';
import { urlState } from '~/utils/url-state';
import adminCss from '~/styles/admin.css?url';

export const meta: MetaFunction = () => titled('安全日志');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

/** The filters the form shows and the API checks (its message names a wrong date), as the address gives them. */
const FILTER_KEYS = ['account', 'address', 'from', 'to'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = urlState(ADMIN_AUDIT.list.params, request);
  // The event checkboxes repeat `events`; the API takes one comma list.
  const events = url.givenAll('events');
  const form = Object.fromEntries(FILTER_KEYS.map((key) => [key, url.given(key) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const filters: Record<string, string> = { events: events.join(','), ...form };
  try {
    const page = await apiGet(request, context, ADMIN_AUDIT.list, { ...filters, page: url.given('page') ?? '' });
    const download = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
    return { page, form, events, downloadHref: apiDownloadHref(ADMIN_AUDIT.download, download), failure: null };
  } catch (error) {
    // A filter the API refuses (开始日期不能晚于结束日期) keeps the form on screen with the message, to be corrected.
    if (error instanceof ApiError && error.status === 400) {
      const page = { items: [], total: 0, totalCapped: false, page: 1, pageSize: ADMIN_PAGE_SIZE };
      return { page, form, events, downloadHref: null, failure: error.toFailure() };
    }
    return throwAsRouteError(error);
  }
}

const label = (event: string) => SECURITY_EVENT_LABELS[event as SecurityEventName] ?? event;

export default function AdminAuditPage() {
  const { page, form, events, downloadHref, failure } = useLoaderData<typeof loader>();
  useFailureToast(failure);
  const chosen = new Set(events);

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
          <input name="account" defaultValue={form.account} maxLength={50} />
        </label>
        <label className="admin-page__field">
          <span>地址（前缀）</span>
          <input name="address" defaultValue={form.address} maxLength={50} />
        </label>
        <label className="admin-page__field">
          <span>开始日期</span>
          <input type="date" name="from" defaultValue={form.from} />
        </label>
        <label className="admin-page__field">
          <span>结束日期</span>
          <input type="date" name="to" defaultValue={form.to} />
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

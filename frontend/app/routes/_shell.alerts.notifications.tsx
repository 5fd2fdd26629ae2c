/**
 * 我的提醒: the notifications the evaluation of the user's subscriptions wrote after a published month, newest first,
 * with paging in the URL; each with its figure, its change and 查看 (the view at the new month); 标为已读 one by
 * one or 全部已读. The header's bell counts the unread ones (the shell's loader, revalidated after each action).
 */
import { ALERT_PAGES, ALERTS } from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { Button, Label, Table } from 'semantic-ui-react';

import { AdminPager } from '~/components/AdminPager';
import { AdminTable } from '~/components/AdminTable';
import { EmptyState } from '~/components/EmptyState';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPost, failureData, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { titled } from '~/utils/meta';
import { urlState } from '~/utils/url-state';
import adminCss from '~/styles/admin.css?url';

export const meta: MetaFunction = () => titled('我的提醒');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = urlState(ALERTS.notifications.params, request).given('page') ?? '';
  try {
    return await apiGet(request, context, ALERTS.notifications, { page });
  } catch (error) {
    return throwAsRouteError(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    if (formText(form, 'intent') === 'readAll') return await apiPost(request, context, ALERTS.readAll, {});
    return await apiPost(request, context, ALERTS.read, { ids: [formText(form, 'id')] });
  } catch (error) {
    return failureData(error);
  }
}

export default function NotificationsPage() {
  const page = useLoaderData<typeof loader>();
  const act = useFetcher<typeof action>();
  useFailureToast(act.data && 'failure' in act.data && isApiFailure(act.data.failure) ? act.data.failure : null);
  const busy = act.state !== 'idle';

  return (
    <div className="admin-page">
      <h2 className="admin-page__title">我的提醒</h2>
      <div className="admin-page__filters">
        <span>
          共 {page.total} 条，未读 <strong data-testid="unread-total">{page.unread}</strong> 条
        </span>
        <act.Form method="post">
          <input type="hidden" name="intent" value="readAll" />
          <Button type="submit" size="small" disabled={busy || page.unread === 0}>
            全部已读
          </Button>
        </act.Form>
        <Link to={ALERT_PAGES.subscriptions}>管理我的订阅</Link>
      </div>
      {page.items.length === 0 ? (
        <EmptyState icon="bell outline" title="暂无提醒">
          订阅一个视图后，新月份发布时这里会收到提醒。
        </EmptyState>
      ) : (
        <AdminTable headers={['提醒', '指标', '变化', '月份', '时间', '操作']}>
          {page.items.map((n) => (
            <Table.Row key={n.id} data-notification={n.id} className={n.read ? undefined : 'alert-unread'}>
              <Table.Cell>
                {n.read ? null : (
                  <Label size="mini" color="red">
                    未读
                  </Label>
                )}{' '}
                {n.title}
              </Table.Cell>
              <Table.Cell>{n.figureText}</Table.Cell>
              <Table.Cell>{n.changeText || <span className="admin-page__muted">-</span>}</Table.Cell>
              <Table.Cell>{n.month}</Table.Cell>
              <Table.Cell>{new Date(n.createdAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}</Table.Cell>
              <Table.Cell>
                <Link to={n.link}>查看</Link>
                {n.read ? null : (
                  <act.Form method="post" className="admin-page__inline-form">
                    <input type="hidden" name="id" value={n.id} />
                    <Button type="submit" size="mini" basic disabled={busy}>
                      标为已读
                    </Button>
                  </act.Form>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      <AdminPager page={page.page} pageSize={page.pageSize} total={page.total} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

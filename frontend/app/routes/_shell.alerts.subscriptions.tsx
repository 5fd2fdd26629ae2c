/**
 * 我的订阅: the user's subscriptions (a view, and for a condition its figure, comparison and row), with 编辑, 暂停 /
 * 恢复 and 删除, each view named by its title in words; the form of a new one opens from a view's link (订阅此视图 in
 * the header, or 我的视图: `path`, `search`, `name` in the URL; a bell on a card or ranking row adds its condition,
 * decision 279) and an edit from `edit`. The API's Chinese message is the toast of a refusal. A 竞品监控 view's
 * condition is on its set, named here from the user's sets when the link did not name it (decision 298).
 */
import { ALERT_PAGES, ALERTS, COMPETITOR_SETS, intText, ROBOTS } from '@car/contracts';
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import { z } from 'zod';

import { AdminTable, type AskedIntent, ConfirmIntent, RowButton } from '~/components/AdminTable';
import { AlertSubscriptionForm } from '~/components/AlertSubscriptionForm';
import { EmptyState } from '~/components/EmptyState';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useAnswerToasts } from '~/components/Toast';
import { alertBody, alertFormValues } from '~/utils/alert-form';
import { apiGet, apiPost, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { intentAction } from '~/utils/intent-action.server';
import { titled } from '~/utils/meta';
import { urlParams, urlState } from '~/utils/url-state';
import adminCss from '~/styles/admin.css?url';

export const meta: MetaFunction = () => titled('我的订阅');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

/** The page's own keys: the subscription being edited (编辑) and the save just made (the redirect of the action). */
const PAGE_KEYS = z.object({ edit: intText(), saved: z.enum(['create', 'update']) });
const SAVED = { create: '已订阅', update: '已保存' } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = urlState(PAGE_KEYS, request);
  try {
    const [subscriptions, robots] = await Promise.all([apiGet(request, context, ALERTS.subscriptions), apiGet(request, context, ROBOTS.team)]);
    const edit = url.value('edit', { fallback: null });
    const editing = subscriptions.find((s) => s.id === edit);
    const saved = url.value('saved', { fallback: null });
    // The form: the subscription being edited, else the view in the address (a link from a page, or a bell).
    const values = alertFormValues(urlParams(request), editing);
    // 竞品监控's 订阅此视图 names no set: it is named from the user's sets (one they cannot read stays a number).
    if (values?.rowKind === 'competitorSet' && values.rowId && !values.rowName) {
      const sets = await apiGet(request, context, COMPETITOR_SETS.list);
      values.rowName = [...sets.mine, ...sets.shared].find((set) => String(set.id) === values.rowId)?.name ?? '';
    }
    return { subscriptions, robots, values, saved: saved ? SAVED[saved] : null };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

export function action({ request, context }: ActionFunctionArgs) {
  const save = (intent: 'create' | 'update') => async (form: FormData) => {
    await apiPost(request, context, ALERTS[intent], alertBody(form));
    return redirect(`${ALERT_PAGES.subscriptions}?saved=${intent}`);
  };
  return intentAction(request, {
    create: save('create'),
    update: save('update'),
    pause: async (form) => {
      const paused = formText(form, 'paused') === 'true';
      await apiPost(request, context, ALERTS.pause, { id: formText(form, 'id'), paused });
      return { done: paused ? '已暂停' : '已恢复' };
    },
    delete: async (form) => {
      await apiPost(request, context, ALERTS.remove, { id: formText(form, 'id') });
      return { done: '已删除' };
    },
  });
}

export default function SubscriptionsPage() {
  const { subscriptions, robots, values, saved } = useLoaderData<typeof loader>();
  const act = useFetcher<typeof action>();
  const [asked, setAsked] = useState<AskedIntent | null>(null);

  useAnswerToasts(act.data);
  const busy = act.state !== 'idle';

  return (
    <div className="admin-page">
      <h2 className="admin-page__title">我的订阅</h2>
      {saved ? (
        <p role="status" className="admin-page__notice">
          {saved}：新月份发布后将按订阅提醒。
        </p>
      ) : null}
      {values ? (
        <AlertSubscriptionForm
          key={`${values.id ?? 'new'}-${values.path}?${values.search}-${values.rowKind}${values.rowId}-${values.measure}`}
          values={values}
          robots={robots}
        />
      ) : (
        <p className="admin-page__muted">
          在分析页面点击页头的「订阅此视图」，或卡片、排名表行上的铃铛新建订阅；提醒见 <Link to={ALERT_PAGES.notifications}>我的提醒</Link>。
        </p>
      )}
      {subscriptions.length === 0 ? (
        <EmptyState icon="bell outline" title="暂无订阅" />
      ) : (
        <AdminTable headers={['名称', '视图', '数据', '提醒', '群机器人', '已评估至', '状态', '操作']}>
          {subscriptions.map((s) => (
            <Table.Row key={s.id} data-subscription={s.name}>
              <Table.Cell>{s.name}</Table.Cell>
              <Table.Cell>
                <Link to={s.link} title="打开视图" data-testid="subscription-title">
                  {s.title}
                </Link>
              </Table.Cell>
              <Table.Cell>{s.sourceText}</Table.Cell>
              <Table.Cell>{s.conditionText}</Table.Cell>
              <Table.Cell data-testid="subscription-robot">
                {s.robot ? s.robot.name : '-'}
                {s.robotDelivery ? (
                  <div className={s.robotDelivery.state === 'failed' ? 'admin-page__error' : 'admin-page__muted'}>
                    {s.robotDelivery.stateLabel} {s.robotDelivery.createTime}
                    {s.robotDelivery.lastError ? `：${s.robotDelivery.lastError}` : ''}
                  </div>
                ) : null}
              </Table.Cell>
              <Table.Cell>{s.lastMonth ?? '-'}</Table.Cell>
              <Table.Cell>
                <Label size="small" color={s.paused ? 'grey' : 'green'}>
                  {s.paused ? '已暂停' : '生效中'}
                </Label>
              </Table.Cell>
              <Table.Cell>
                <Link to={`?edit=${s.id}`}>编辑</Link>
                <act.Form method="post" className="admin-page__inline-form">
                  <input type="hidden" name="intent" value="pause" />
                  <input type="hidden" name="id" value={s.id} />
                  <input type="hidden" name="paused" value={String(!s.paused)} />
                  <Button type="submit" size="mini" basic disabled={busy}>
                    {s.paused ? '恢复' : '暂停'}
                  </Button>
                </act.Form>
                <RowButton busy={busy} negative onClick={() => setAsked({ intent: 'delete', id: s.id, text: `确定删除订阅「${s.name}」？它的提醒一并删除。` })}>
                  删除
                </RowButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      <ConfirmIntent asked={asked} submit={act.submit} onClose={() => setAsked(null)} header="删除订阅" confirmButton="删除" />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

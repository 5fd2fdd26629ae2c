/**
 * 群机器人 (administrators only: the menu row is the admin role's, every API call @AdminOnly): the team robots
 * (企业微信 / 钉钉 / 飞书) with their last delivery; 登记机器人 and 编辑 as a dialog (URL and secret write-only),
 * 发送测试消息, 删除 after a confirmation; 发送记录 shows a robot's latest deliveries with their failures
 * (`?deliveries=<id>` in the URL). docs/robots.md.
 */
import { ADMIN_ROBOTS, type AdminRobot, type RobotDelivery } from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';

import { AdminRobotDialog } from '~/components/AdminRobotDialog';
import { AdminTable, type AskedIntent, ConfirmIntent, RowActions, RowButton } from '~/components/AdminTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useAnswerToasts } from '~/components/Toast';
import { apiGet, apiPost, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { intentAction } from '~/utils/intent-action.server';
import { titled } from '~/utils/meta';
import { robotBody } from '~/utils/robot-form';
import { urlState } from '~/utils/url-state';
import { useRevalidation } from '~/utils/use-revalidation';
import adminCss from '~/styles/admin.css?url';

export const meta: MetaFunction = () => titled('群机器人');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // 发送记录 of the robot `?deliveries=<id>` names; none for an address that names no robot.
  const deliveriesOf = urlState(ADMIN_ROBOTS.deliveries.params, request).value('id', { from: 'deliveries', fallback: null });
  try {
    const [robots, options, deliveries] = await Promise.all([
      apiGet(request, context, ADMIN_ROBOTS.list),
      apiGet(request, context, ADMIN_ROBOTS.options),
      deliveriesOf ? apiGet(request, context, ADMIN_ROBOTS.deliveries, { id: deliveriesOf }) : null,
    ]);
    return { robots, options, deliveries, deliveriesOf };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

export function action({ request, context }: ActionFunctionArgs) {
  return intentAction(request, {
    create: async (form) => {
      await apiPost(request, context, ADMIN_ROBOTS.create, robotBody(form));
      return { done: '已登记机器人' };
    },
    update: async (form) => {
      const body = robotBody(form);
      const saved = await apiPost(request, context, ADMIN_ROBOTS.update, body);
      // A secret removed (清除密钥, or confirmed on a change to 企业微信) is said, not left to the list's 签名 column.
      return { done: body.clearSecret && !saved.hasSecret ? '已保存，签名密钥已删除' : '已保存' };
    },
    test: async (form) => {
      await apiPost(request, context, ADMIN_ROBOTS.test, { id: formText(form, 'id') });
      return { done: '测试消息已排队发送' };
    },
    delete: async (form) => {
      await apiPost(request, context, ADMIN_ROBOTS.remove, { id: formText(form, 'id') });
      return { done: '已删除机器人' };
    },
  });
}

const STATE_COLOR: Record<RobotDelivery['state'], 'green' | 'red' | 'yellow'> = { sent: 'green', failed: 'red', queued: 'yellow' };

function DeliveryState({ delivery }: { delivery: RobotDelivery | null }) {
  if (!delivery) return <span className="admin-page__muted">尚未发送</span>;
  return (
    <span>
      <Label size="small" color={STATE_COLOR[delivery.state]}>
        {delivery.stateLabel}
      </Label>{' '}
      {delivery.sentTime ?? delivery.createTime}
      {delivery.state === 'failed' && delivery.lastError ? <div className="admin-page__error">{delivery.lastError}</div> : null}
    </span>
  );
}

export default function AdminRobotsPage() {
  const { robots, options, deliveries, deliveriesOf } = useLoaderData<typeof loader>();
  const act = useFetcher<typeof action>();
  const revalidator = useRevalidation();
  const [editing, setEditing] = useState<AdminRobot | null | undefined>(undefined);
  const [asked, setAsked] = useState<AskedIntent | null>(null);

  useAnswerToasts(act.data);
  // While a delivery waits (a send or its retries), read the list again every 2 s.
  const waiting = robots.some((r) => r.lastDelivery?.state === 'queued') || (deliveries ?? []).some((d) => d.state === 'queued');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(revalidator.revalidate, 2000);
    return () => clearInterval(timer);
  }, [waiting, revalidator.revalidate]);

  const busy = act.state !== 'idle';
  const shown = robots.find((r) => r.id === deliveriesOf);

  return (
    <div className="admin-page">
      <h2 className="admin-page__title">群机器人</h2>
      <div className="admin-page__filters">
        <Button type="button" positive onClick={() => setEditing(null)}>
          登记机器人
        </Button>
      </div>
      <AdminTable headers={['名称', '类型', '所属团队', '地址', '签名', '状态', '最近发送', '操作']}>
        {robots.map((robot) => (
          <Table.Row key={robot.id} data-robot={robot.name}>
            <Table.Cell>{robot.name}</Table.Cell>
            <Table.Cell>{robot.serviceLabel}</Table.Cell>
            <Table.Cell>{robot.producerName ?? '所有团队'}</Table.Cell>
            <Table.Cell>{robot.host}</Table.Cell>
            <Table.Cell>{robot.hasSecret ? '已设置' : <span className="admin-page__muted">无</span>}</Table.Cell>
            <Table.Cell>
              <Label size="small" color={robot.enabled ? 'green' : 'grey'}>
                {robot.enabled ? '启用' : '停用'}
              </Label>
            </Table.Cell>
            <Table.Cell>
              <DeliveryState delivery={robot.lastDelivery} />
            </Table.Cell>
            <RowActions>
              <RowButton busy={busy} basic={false} onClick={() => setEditing(robot)}>
                编辑
              </RowButton>
              <RowButton busy={busy} onClick={() => act.submit({ intent: 'test', id: String(robot.id) }, { method: 'post' })}>
                发送测试消息
              </RowButton>
              <Link className="ui mini basic button" to={`?deliveries=${robot.id}`} preventScrollReset>
                发送记录
              </Link>
              <RowButton
                busy={busy}
                negative
                onClick={() => setAsked({ intent: 'delete', id: robot.id, text: `确定删除机器人 ${robot.name}？其发送记录一并删除。` })}
              >
                删除
              </RowButton>
            </RowActions>
          </Table.Row>
        ))}
      </AdminTable>
      {robots.length === 0 ? <p className="admin-page__empty">尚未登记机器人</p> : null}
      {deliveries && deliveriesOf ? (
        <section aria-label="发送记录">
          <h3>发送记录：{shown?.name ?? `#${deliveriesOf}`}</h3>
          <AdminTable headers={['标题', '状态', '次数', '创建时间', '发送时间', '失败原因']}>
            {deliveries.map((d) => (
              <Table.Row key={d.id} data-delivery={d.id}>
                <Table.Cell>{d.title}</Table.Cell>
                <Table.Cell>
                  <Label size="small" color={STATE_COLOR[d.state]}>
                    {d.stateLabel}
                  </Label>
                </Table.Cell>
                <Table.Cell>{d.attempts}</Table.Cell>
                <Table.Cell>{d.createTime}</Table.Cell>
                <Table.Cell>{d.sentTime ?? ''}</Table.Cell>
                <Table.Cell>{d.lastError ?? ''}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
          {deliveries.length === 0 ? <p className="admin-page__empty">没有发送记录</p> : null}
          <Link to="?" preventScrollReset>
            关闭发送记录
          </Link>
        </section>
      ) : null}
      <AdminRobotDialog robot={editing ?? null} producers={options.producers} open={editing !== undefined} onClose={() => setEditing(undefined)} />
      <ConfirmIntent asked={asked} submit={act.submit} onClose={() => setAsked(null)} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

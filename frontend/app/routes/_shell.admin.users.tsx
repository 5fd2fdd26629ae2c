/**
 * 用户管理 (administrators only: the menu row is the admin role's, every API call @AdminOnly): the users
 * with filters (keyword, role, status) and paging in the URL; 新建用户 and 编辑 as dialogs; 停用 / 启用,
 * 重置密码 (the temporary password shown once), 吊销会话 after a confirmation; 绑定 lists the user's
 * mini-program openIds with 解除绑定. The API's Chinese message is the toast of a failure.
 */
import { ADMIN_USERS, MP, USER_STATUS_LABELS, type AdminUser } from '@car/contracts';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';

import { AdminBindingsDialog } from '~/components/AdminBindingsDialog';
import { AdminPager } from '~/components/AdminPager';
import { AdminQueryActions } from '~/components/AdminQueryActions';
import { AdminTable, type AskedIntent, ConfirmIntent, RowActions, RowButton } from '~/components/AdminTable';
import { AdminUserDialog } from '~/components/AdminUserDialog';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TemporaryPasswordDialog } from '~/components/TemporaryPasswordDialog';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { apiGet, apiPost, throwAsRouteError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { intentAction } from '~/utils/intent-action.server';
import { titled } from '~/utils/meta';
import { urlState } from '~/utils/url-state';
import adminCss from '~/styles/admin.css?url';

export const meta: MetaFunction = () => titled('用户管理');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

/** The list's filters and page, passed on as the address gives them: the API names a value it refuses. */
const FILTERS = ['keyword', 'role', 'status', 'page'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = urlState(ADMIN_USERS.list.params, request);
  const query = Object.fromEntries(FILTERS.map((key) => [key, url.given(key) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  // 绑定 of the user `?bindings=<id>` names; none for an address that names no user.
  const bindingsOf = urlState(ADMIN_USERS.bindings.params, request).value('id', { from: 'bindings', fallback: null });
  try {
    const [page, options, bindings] = await Promise.all([
      apiGet(request, context, ADMIN_USERS.list, query),
      apiGet(request, context, ADMIN_USERS.options),
      bindingsOf ? apiGet(request, context, ADMIN_USERS.bindings, { id: bindingsOf }) : null,
    ]);
    return { page, options, bindings, bindingsOf, query };
  } catch (error) {
    return throwAsRouteError(error);
  }
}

/** The body of create and update: the form's fields as the contract names them; an empty producer or brand is none. */
function userBody(form: FormData): Record<string, string> {
  const body: Record<string, string> = {};
  for (const key of ['id', 'account', 'password', 'nickname', 'role', 'producerId', 'brandId']) {
    const value = form.get(key);
    if (typeof value === 'string' && value !== '') body[key] = value;
  }
  return body;
}

export function action({ request, context }: ActionFunctionArgs) {
  const save = (intent: 'create' | 'update') => async (form: FormData) => {
    await apiPost(request, context, ADMIN_USERS[intent], userBody(form));
    return { done: intent === 'create' ? '已创建用户' : '已保存' };
  };
  const byId = (intent: 'disable' | 'enable' | 'revokeSessions', done: string) => async (form: FormData) => {
    await apiPost(request, context, ADMIN_USERS[intent], { id: formText(form, 'id') });
    return { done };
  };
  return intentAction(request, {
    create: save('create'),
    update: save('update'),
    disable: byId('disable', '已停用'),
    enable: byId('enable', '已启用'),
    revokeSessions: byId('revokeSessions', '已吊销该用户的全部会话'),
    resetPassword: async (form) => {
      const reset = await apiPost(request, context, ADMIN_USERS.resetPassword, { id: formText(form, 'id') });
      return { done: '已重置密码', account: reset.user.account, password: reset.password };
    },
    unbind: async (form) => {
      await apiPost(request, context, MP.unbind, { openId: formText(form, 'openId') });
      return { done: '已解除绑定' };
    },
  });
}

type ConfirmedIntent = 'disable' | 'enable' | 'resetPassword' | 'revokeSessions';
const CONFIRM_TEXT: Record<ConfirmedIntent, (u: AdminUser) => string> = {
  disable: (u) => `确定停用 ${u.account}？其登录立即失效，且不能再登录。`,
  enable: (u) => `确定启用 ${u.account}？`,
  resetPassword: (u) => `确定重置 ${u.account} 的密码？其登录立即失效，须用临时密码登录并修改密码。`,
  revokeSessions: (u) => `确定吊销 ${u.account} 的全部会话？其所有已登录的设备都需重新登录。`,
};

export default function AdminUsersPage() {
  const { page, options, bindings, bindingsOf, query } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const act = useFetcher<typeof action>();
  const { show } = useToast();
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const [asked, setAsked] = useState<AskedIntent | null>(null);
  const [password, setPassword] = useState<{ account: string; password: string } | null>(null);

  useFailureToast(act.data && 'failure' in act.data && isApiFailure(act.data.failure) ? act.data.failure : null);
  useEffect(() => {
    if (!act.data || !('done' in act.data)) return;
    if ('password' in act.data && act.data.password) setPassword({ account: act.data.account, password: act.data.password });
    else show('success', act.data.done, 3000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new answer only (the toast hook's `show` is not a reason to show it again)
  }, [act.data]);

  const ask = (intent: ConfirmedIntent, user: AdminUser) => setAsked({ intent, id: user.id, text: CONFIRM_TEXT[intent](user) });
  const openBindings = (id: number | null) =>
    setSearchParams(
      (params) => {
        if (id === null) params.delete('bindings');
        else params.set('bindings', String(id));
        return params;
      },
      { preventScrollReset: true },
    );
  const bindingsUser = page.items.find((u) => u.id === bindingsOf);
  const busy = act.state !== 'idle';

  return (
    <div className="admin-page">
      <h2 className="admin-page__title">用户管理</h2>
      <Form method="get" className="admin-page__filters" aria-label="筛选用户">
        <label className="admin-page__field">
          <span>账号 / 昵称</span>
          <input name="keyword" defaultValue={query.keyword} maxLength={50} />
        </label>
        <label className="admin-page__field">
          <span>角色</span>
          <select name="role" defaultValue={query.role}>
            <option value="">全部</option>
            {options.roles.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-page__field">
          <span>状态</span>
          <select name="status" defaultValue={query.status}>
            <option value="">全部</option>
            {Object.entries(USER_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <AdminQueryActions resetTo="/admin/users">
          <Button type="button" positive onClick={() => setEditing(null)}>
            新建用户
          </Button>
        </AdminQueryActions>
      </Form>
      <AdminTable headers={['账号', '昵称', '角色', '本品厂商', '本品品牌', '状态', '创建时间', '最近登录', '小程序', '操作']}>
        {page.items.map((user) => (
          <Table.Row key={user.id} data-account={user.account}>
            <Table.Cell>{user.account}</Table.Cell>
            <Table.Cell>{user.nickname}</Table.Cell>
            <Table.Cell>{user.roleName}</Table.Cell>
            <Table.Cell>{user.producerName ?? <span className="admin-page__muted">无</span>}</Table.Cell>
            <Table.Cell>{user.brandName ?? <span className="admin-page__muted">无</span>}</Table.Cell>
            <Table.Cell>
              <Label size="small" color={user.enabled ? 'green' : 'grey'}>
                {USER_STATUS_LABELS[user.enabled ? 'enabled' : 'disabled']}
              </Label>
              {user.mustChangePassword ? (
                <Label size="small" color="orange">
                  待改密码
                </Label>
              ) : null}
            </Table.Cell>
            <Table.Cell>{user.createTime}</Table.Cell>
            <Table.Cell>{user.lastLoginTime ?? <span className="admin-page__muted">从未</span>}</Table.Cell>
            <Table.Cell>
              <button type="button" className="admin-page__link" onClick={() => openBindings(user.id)}>
                {user.bindings} 个绑定
              </button>
            </Table.Cell>
            <RowActions>
              <RowButton busy={busy} basic={false} onClick={() => setEditing(user)}>
                编辑
              </RowButton>
              <RowButton busy={busy} negative={user.enabled} onClick={() => ask(user.enabled ? 'disable' : 'enable', user)}>
                {user.enabled ? '停用' : '启用'}
              </RowButton>
              <RowButton busy={busy} onClick={() => ask('resetPassword', user)}>
                重置密码
              </RowButton>
              <RowButton busy={busy} onClick={() => ask('revokeSessions', user)}>
                吊销会话
              </RowButton>
            </RowActions>
          </Table.Row>
        ))}
      </AdminTable>
      {page.items.length === 0 ? <p className="admin-page__empty">没有符合条件的用户</p> : null}
      <AdminPager page={page.page} pageSize={page.pageSize} total={page.total} />
      <AdminUserDialog user={editing ?? null} options={options} open={editing !== undefined} onClose={() => setEditing(undefined)} />
      <ConfirmIntent asked={asked} submit={act.submit} onClose={() => setAsked(null)} />
      {password ? <TemporaryPasswordDialog account={password.account} password={password.password} onClose={() => setPassword(null)} /> : null}
      {bindings && bindingsOf ? (
        <AdminBindingsDialog account={bindingsUser?.account ?? `#${bindingsOf}`} bindings={bindings} onClose={() => openBindings(null)} />
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

/**
 * 新建用户 / 编辑用户: a modal form posted to the users page's action (intent create or update). The
 * producer is a searchable list; the brand offers that producer's brands only (what 本品 marks). The
 * API validates every field with the contracts' schema and its Chinese message comes back as a toast.
 */
import { issueMessage, PASSWORD_RULE_MESSAGE, userCreateSchema, userUpdateSchema, type AdminUser, type UserOptions } from '@car/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Dropdown, Form, Modal } from 'semantic-ui-react';

import { DialogActions } from '~/components/DialogActions';
import { useFailureToast, useToast } from '~/components/Toast';
import { isApiFailure } from '~/utils/api-failure';
import { modalDialogProps } from '~/utils/dialog';
import { useFetcherDone } from '~/utils/use-fetcher-done';

export interface AdminUserDialogProps {
  /** null: a new user; otherwise the user edited. */
  user: AdminUser | null;
  options: UserOptions;
  open: boolean;
  onClose: () => void;
}

export function AdminUserDialog({ user, options, open, onClose }: AdminUserDialogProps) {
  const fetcher = useFetcher<{ done?: string; failure?: unknown }>();
  useFailureToast(isApiFailure(fetcher.data?.failure) ? fetcher.data.failure : null);
  const titleId = useId();
  const [role, setRole] = useState(user?.role ?? 'analyst');
  const [producerId, setProducerId] = useState<number | null>(user?.producerId ?? null);
  const [brandId, setBrandId] = useState<number | null>(user?.brandId ?? null);

  useEffect(() => {
    setRole(user?.role ?? 'analyst');
    setProducerId(user?.producerId ?? null);
    setBrandId(user?.brandId ?? null);
  }, [user, open]);
  const { show } = useToast();
  // A submission of this dialog answered 'done': the list reloads under it, and it closes.
  useFetcherDone(fetcher, (done) => {
    show('success', done, 3000);
    onClose();
  });

  const producers = useMemo(() => [{ key: 0, value: 0, text: '无' }, ...options.producers.map((p) => ({ key: p.id, value: p.id, text: p.name }))], [options]);
  const brands = useMemo(() => {
    const producer = options.producers.find((p) => p.id === producerId);
    return [{ key: 0, value: 0, text: '无' }, ...(producer?.brands ?? []).map((b) => ({ key: b.id, value: b.id, text: b.name }))];
  }, [options, producerId]);
  const busy = fetcher.state !== 'idle';

  // The API's own schema checks the form before it is sent; the API checks it again whatever the client did.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const values: Record<string, string> = {};
    new FormData(event.currentTarget).forEach((value, key) => {
      if (key !== 'intent' && typeof value === 'string' && value !== '') values[key] = value;
    });
    const schema = user ? userUpdateSchema : userCreateSchema;
    const parsed = schema.safeParse(values);
    if (parsed.success) return;
    event.preventDefault();
    show('warning', issueMessage(parsed.error, schema), 3000);
  };

  return (
    <Modal open={open} onClose={onClose} size="small" {...modalDialogProps(titleId)}>
      <Modal.Header id={titleId}>{user ? `编辑用户 ${user.account}` : '新建用户'}</Modal.Header>
      <Modal.Content>
        <fetcher.Form method="post" id="admin-user-form" onSubmit={check} className={`ui form${busy ? ' loading' : ''}`}>
          <input type="hidden" name="intent" value={user ? 'update' : 'create'} />
          {user ? <input type="hidden" name="id" value={user.id} /> : null}
          <input type="hidden" name="role" value={role} />
          <input type="hidden" name="producerId" value={producerId ?? ''} />
          <input type="hidden" name="brandId" value={brandId ?? ''} />
          {user ? null : (
            <Form.Field required>
              <label htmlFor="admin-user-account">账号</label>
              <input id="admin-user-account" name="account" maxLength={32} autoComplete="off" placeholder="3-32位字母、数字或 _ . @ -" />
            </Form.Field>
          )}
          <Form.Field required>
            <label htmlFor="admin-user-nickname">昵称</label>
            <input id="admin-user-nickname" name="nickname" maxLength={32} defaultValue={user?.nickname ?? ''} />
          </Form.Field>
          <Form.Field required>
            <label htmlFor="admin-user-role">角色</label>
            <select id="admin-user-role" className="ui dropdown" value={role} onChange={(e) => setRole(e.target.value)}>
              {options.roles.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field>
            <label htmlFor="admin-user-producer">本品厂商</label>
            <Dropdown
              search
              selection
              searchInput={{ id: 'admin-user-producer' }}
              aria-label="本品厂商"
              options={producers}
              value={producerId ?? 0}
              onChange={(_, { value }) => {
                setProducerId(Number(value) || null);
                setBrandId(null);
              }}
            />
          </Form.Field>
          <Form.Field>
            <label htmlFor="admin-user-brand">本品品牌</label>
            <Dropdown
              search
              selection
              searchInput={{ id: 'admin-user-brand' }}
              aria-label="本品品牌"
              options={brands}
              value={brandId ?? 0}
              disabled={producerId === null}
              onChange={(_, { value }) => setBrandId(Number(value) || null)}
            />
          </Form.Field>
          {user ? null : (
            <Form.Field required>
              <label htmlFor="admin-user-password">初始密码</label>
              <input id="admin-user-password" name="password" type="password" maxLength={20} autoComplete="new-password" />
              <small className="admin-page__hint">{PASSWORD_RULE_MESSAGE}；首次登录须修改密码。</small>
            </Form.Field>
          )}
        </fetcher.Form>
      </Modal.Content>
      <DialogActions busy={busy} onCancel={onClose} form="admin-user-form" holdCancel />
    </Modal>
  );
}

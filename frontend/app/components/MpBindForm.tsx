/**
 * The phone page's one-time bind (销量查询, spec 001 §2.13): an unbound openId signs in once with a
 * platform account; the link's fields ride along hidden, the route's action answers (its failure comes back as a prop).
 */
import { Form, useNavigation } from '@remix-run/react';
import { MP_LINK_FIELDS as LINK_FIELDS } from '@car/contracts';

export interface MpBindFormProps {
  link: { openId: string; ts: string; sign: string };
  /** Why the last bind was refused (the action's answer), if it was. */
  failure?: string | null;
}

export function MpBindForm({ link, failure }: MpBindFormProps) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className="mp-bind">
      <h1>绑定账号</h1>
      <p>首次使用请用车市分析平台的账号绑定微信，绑定后无需再次登录。</p>
      {LINK_FIELDS.map((k) => (
        <input key={k} type="hidden" name={k} value={link[k]} />
      ))}
      <input name="account" placeholder="账号" autoComplete="username" required />
      <input name="password" type="password" placeholder="密码" autoComplete="current-password" required />
      {failure ? (
        <p className="mp-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? '绑定中…' : '绑定并进入'}
      </button>
    </Form>
  );
}

import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';

import { type ChangePasswordErrors, type ChangePasswordField, checkChangePassword, PASSWORD_RULE_MESSAGE, SECURITY } from '@car/contracts';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast, useToast } from '~/components/Toast';
import { apiPost, failureData } from '~/utils/api.server';
import { isApiFailure } from '~/utils/api-failure';
import { titled } from '~/utils/meta';
import type { SessionEndedResult } from '~/utils/navigation';
import { clearedSessionCookie } from '~/utils/session.server';

export const meta: MetaFunction = () => titled('修改密码');

const SUCCESS_MESSAGE = '密码修改成功，请重新登录';
/** How long the success toast stays before the user is taken to /login. */
const SUCCESS_TOAST_MS = 3000;

export async function action({ request, context }: ActionFunctionArgs) {
  const check = checkChangePassword(Object.fromEntries(await request.formData()));
  if (!check.ok) return { fieldErrors: check.errors };

  try {
    const { oldPwd, newPwd } = check.form;
    await apiPost(request, context, SECURITY.changePassword, { oldPwd, newPwd });
  } catch (error) {
    return failureData(error);
  }
  // The API has revoked the old token: drop the cookie now, sign in again after the message.
  const ended: SessionEndedResult = { sessionEnded: true };
  return data(ended, { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
}

const FIELDS: { name: ChangePasswordField; label: string; autoComplete: string }[] = [
  { name: 'oldPwd', label: '旧密码', autoComplete: 'current-password' },
  { name: 'newPwd', label: '新密码', autoComplete: 'new-password' },
  { name: 'confirmPwd', label: '确认密码', autoComplete: 'new-password' },
];

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    values[key] = typeof value === 'string' ? value : '';
  });
  return values;
}

export default function ResetPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { show } = useToast();
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<ChangePasswordField>>(new Set());

  const submitting = navigation.state === 'submitting' && navigation.formAction === '/resetpassword';
  const failure = actionData && 'failure' in actionData && isApiFailure(actionData.failure) ? actionData.failure : null;
  const done = actionData !== undefined && 'sessionEnded' in actionData;
  useFailureToast(failure);

  // The server's verdict on the fields (the same schema) replaces ours.
  useEffect(() => {
    if (actionData && 'fieldErrors' in actionData) setErrors(actionData.fieldErrors);
  }, [actionData]);

  useEffect(() => {
    if (!done) return;
    show('success', SUCCESS_MESSAGE, SUCCESS_TOAST_MS);
    const timer = setTimeout(() => navigate('/login', { replace: true }), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, show]);

  const validate = (form: HTMLFormElement, only?: ReadonlySet<ChangePasswordField>) => {
    const check = checkChangePassword(formValues(form));
    const all = check.ok ? {} : check.errors;
    if (!only) return all;
    const some: ChangePasswordErrors = {};
    for (const field of only) if (all[field]) some[field] = all[field];
    return some;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = validate(event.currentTarget);
    setTouched(new Set(FIELDS.map((f) => f.name)));
    setErrors(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  };

  // After a field is left once, it is re-checked as the user types.
  const onFieldEvent = (field: ChangePasswordField, form: HTMLFormElement | null, leaving: boolean) => {
    if (!form) return;
    const nextTouched = leaving && !touched.has(field) ? new Set(touched).add(field) : touched;
    if (nextTouched !== touched) setTouched(nextTouched);
    if (nextTouched.has(field)) setErrors(validate(form, nextTouched));
  };

  return (
    <div className="page reset-password">
      <h1 className="page__title">修改密码</h1>
      <section className="panel reset-password__panel">
        <Form method="post" noValidate onSubmit={onSubmit} className={`ui form${Object.keys(errors).length ? ' error' : ''}`} aria-describedby="password-rule">
          {FIELDS.map(({ name, label, autoComplete }) => (
            <div key={name} className={`field${errors[name] ? ' error' : ''}`}>
              <label htmlFor={name}>{label}</label>
              <input
                id={name}
                name={name}
                type="password"
                maxLength={64}
                placeholder={`请输入${label}`}
                autoComplete={autoComplete}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${name}-error` : undefined}
                disabled={done}
                onBlur={(e) => onFieldEvent(name, e.currentTarget.form, true)}
                onChange={(e) => onFieldEvent(name, e.currentTarget.form, false)}
              />
              {errors[name] ? (
                <div id={`${name}-error`} className="ui pointing red basic label field-error">
                  {errors[name]}
                </div>
              ) : null}
            </div>
          ))}
          <p id="password-rule" className="form-hint">
            <Icon name="info circle" />
            {PASSWORD_RULE_MESSAGE}（至少包含其中三类）。修改成功后需重新登录。
          </p>
          <Button type="submit" primary loading={submitting} disabled={submitting || done}>
            确认修改
          </Button>
        </Form>
        {failure ? (
          <Message negative size="small" role="alert">
            <Icon name="warning circle" />
            {failure.msg}
          </Message>
        ) : null}
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import { SECURITY } from '@car/contracts';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Button, Icon, Message } from 'semantic-ui-react';
import { z } from 'zod';

import { DemoDataNote } from '~/components/DemoDataNote';
import { Logo } from '~/components/Logo';
import { apiPost, failureData } from '~/utils/api.server';
import { isApiFailure } from '~/utils/api-failure';
import { formText } from '~/utils/form-text';
import { SYSTEM_NAME, titled } from '~/utils/meta';
import { PASSWORD_CHANGE_PAGE, safeRedirectTarget } from '~/utils/navigation';
import { sessionCookie } from '~/utils/session.server';
import { urlState } from '~/utils/url-state';

export const meta: MetaFunction = () => titled('登录');

/** The page's one key: where to go once signed in (checked by safeRedirectTarget: this site's pages only). */
const LOGIN_PAGE_KEYS = z.object({ redirectTo: z.string() });

export function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = urlState(LOGIN_PAGE_KEYS, request).given('redirectTo');
  return { redirectTo: safeRedirectTarget(redirectTo, '') };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const account = formText(form, 'account');
  const password = formText(form, 'password');
  const target = safeRedirectTarget(form.get('redirectTo'));

  try {
    // The spec sets no rules on the login form: the API answers every case with its own message.
    const result = await apiPost(request, context, SECURITY.login, { account, password }, { withToken: false });
    if (!result?.token) {
      return { failure: { msg: '登录失败，请稍后重试', code: -1500, network: false } };
    }
    // A password an administrator set must be changed first (decision 83); the shell holds the user there too.
    return redirect(result.mustChangePassword ? PASSWORD_CHANGE_PAGE : target, { headers: { 'Set-Cookie': sessionCookie(request, result.token) } });
  } catch (error) {
    return failureData(error);
  }
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const failure = isApiFailure(actionData?.failure) ? actionData.failure : null;

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <div className="login-card__brand">
          <Logo size={44} tone="dark" />
          <div>
            <h1 id="login-title" className="login-card__title">
              {SYSTEM_NAME}
            </h1>
            <p className="login-card__subtitle">乘用车市场销量与价格分析</p>
          </div>
        </div>
        <Form method="post" className={`ui form${submitting ? ' loading' : ''}`} replace>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <div className="field">
            <label htmlFor="account">账号</label>
            <div className="ui left icon input">
              <input id="account" name="account" type="text" placeholder="请输入账号" autoComplete="username" autoFocus />
              <Icon name="user" />
            </div>
          </div>
          <div className="field">
            <label htmlFor="password">密码</label>
            <div className="ui left icon input">
              <input id="password" name="password" type="password" placeholder="请输入密码" autoComplete="current-password" />
              <Icon name="lock" />
            </div>
          </div>
          <Button type="submit" primary fluid size="large" loading={submitting} disabled={submitting}>
            登录
          </Button>
        </Form>
        {failure ? (
          <Message negative size="small" role="alert" className="login-card__error">
            <Icon name="warning circle" />
            {failure.msg}
          </Message>
        ) : null}
        <DemoDataNote className="login-card__note" />
      </section>
    </main>
  );
}

/**
 * What a page shows when its loader or rendering failed: the API's message when there is one, a plain
 * Chinese sentence otherwise; never a stack. Inside the shell it also raises the error toast.
 */
import { useMemo } from 'react';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react';
import { Button, Icon } from 'semantic-ui-react';

import { isApiFailure, type ApiFailure } from '~/utils/api-failure';
import { isNetworkFailure, NETWORK_FAILURE_MESSAGE } from '~/utils/network-failure';
import { useFailureToast } from './Toast';

/** The error as a failure the user can read. */
export function describeRouteError(error: unknown): ApiFailure & { notFound: boolean } {
  if (isRouteErrorResponse(error)) {
    if (isApiFailure(error.data)) return { ...error.data, notFound: false };
    if (error.status === 404) return { msg: '页面不存在', code: -1404, network: false, notFound: true };
    return { msg: `请求失败（HTTP ${error.status}），请稍后重试`, code: -1500, network: false, notFound: false };
  }
  // A navigation whose data request never reached the server (offline, server restarting).
  if (isNetworkFailure(error)) {
    return { msg: NETWORK_FAILURE_MESSAGE, code: -1, network: true, notFound: false };
  }
  return { msg: '系统出现错误，请稍后重试', code: -1500, network: false, notFound: false };
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const failure = useMemo(() => describeRouteError(error), [error]);
  useFailureToast(failure.notFound ? null : failure);

  return (
    <div className="route-error" role="alert">
      <Icon name={failure.notFound ? 'compass outline' : 'warning circle'} size="big" />
      <p className="route-error__message">{failure.msg}</p>
      <div className="route-error__actions">
        {failure.notFound ? null : (
          <Button as={Link} to={`${pathname}${search}`} reloadDocument primary size="small">
            重试
          </Button>
        )}
        <Button as={Link} to="/" size="small">
          返回首页
        </Button>
      </div>
    </div>
  );
}

import { data, type MetaFunction } from '@remix-run/node';

import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { titled } from '~/utils/meta';

export const meta: MetaFunction = () => titled('页面不存在');

/** An address no page answers: a 404 inside the shell, so the menu is still there to go elsewhere. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary };

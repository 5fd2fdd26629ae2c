/** 城市零售数据导出 (spec 001 §2.7): the shared export page (`ExportPage`) for the `cityRetail` export. */
import { EXPORT_PAGES } from '@car/contracts';
import type { LinksFunction, MetaFunction } from '@remix-run/node';

import { ExportPage } from '~/components/ExportPage';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { exportPageAction, exportPageLoader } from '~/utils/export-page.server';
import { titled } from '~/utils/meta';
import exportCss from '~/styles/export.css?url';

export const meta: MetaFunction = () => titled(EXPORT_PAGES.cityRetail.title);
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: exportCss }];
export const loader = exportPageLoader('cityRetail');
export const action = exportPageAction('cityRetail');

export default function Page() {
  return <ExportPage />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/**
 * 整体市场价格结构 (/price/totalmarket): the spec's placeholder "total-market" made real (docs/modules.md
 * "Price analysis", decisions 113-115): the whole market's retail volume by price band, its prices, and the
 * bands split by family, brand, producer and producer-brand. Every view is a URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { PriceStructureFilters } from '~/components/PriceStructureFilters';
import { PriceStructurePage } from '~/components/PriceStructurePage';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { loadPriceStructure, type PriceStructureData } from '~/utils/price-structure.server';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import type { ShellHandle } from '~/utils/shell-context';
import priceVolumeCss from '~/styles/pricevolume.css?url';

const TITLE = '整体市场价格结构';

export const meta: MetaFunction = () => titled(TITLE);
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceVolumeCss }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadPriceStructure(request, context, 'total');
export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;
export const handle: ShellHandle = {
  filterPanel: ({ data }: { data: unknown }) => <PriceStructureFilters data={data as PriceStructureData} resetTo="/price/totalmarket" />,
};

export default function TotalMarket() {
  return <PriceStructurePage data={useLoaderData<typeof loader>()} title={TITLE} />;
}

export { RouteErrorBoundary as ErrorBoundary };

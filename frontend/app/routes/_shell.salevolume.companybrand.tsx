/**
 * 厂商品牌表现 (/salevolume/companybrand, spec 000 §2 "Producer/brand page"). Without `id`: the market's
 * cards and the producer or brand ranking (band chart or list), a click on a name opening that producer's
 * or brand's own window and a click elsewhere on the row showing its car-model details below. With `id`
 * and `type`: that producer or brand — cards, trend by year or against other producers or brands, and
 * its car-model details. Everything the page shows follows the URL (utils/company-brand-query.ts); the
 * loader's calls are in utils/company-brand-data.server.ts, the two views in components/CompanyBrandOverview
 * and components/CompanyBrandMakerView.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';

import { CompanyBrandMakerView } from '~/components/CompanyBrandMakerView';
import { CompanyBrandOverview } from '~/components/CompanyBrandOverview';
import { PickerInput } from '~/components/PickerInput';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { areaFilterGroup, SaleVolumeFilterPanel } from '~/components/SaleVolumeFilterPanel';
import { useFailureToast } from '~/components/Toast';
import type { loader as shellLoader } from '~/routes/_shell';
import companyBrandCss from '~/styles/companybrand.css?url';
import { loadCompanyBrandPage, type CompanyBrandData } from '~/utils/company-brand-data.server';
import { keptParams, makerLabel, resetHref } from '~/utils/company-brand-query';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import type { ShellHandle } from '~/utils/shell-context';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyBrandCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => titled(data?.maker ? `${data.maker.name} - 厂商品牌表现` : '厂商品牌表现');

export const loader = ({ request, context }: LoaderFunctionArgs) => loadCompanyBrandPage(request, context);

export const shouldRevalidate = salesPageShouldRevalidate;
// A client-side navigation that cannot reach the server keeps the page as it was, with a toast.
export const clientLoader = keepPageOnNetworkFailure;

/** The signed-in user's own producer and brand (the filter panel sits outside the page's outlet). */
function useOwnMakers(): { producerId: number | null; brandId: number | null } {
  const shell = useRouteLoaderData<typeof shellLoader>('routes/_shell');
  return { producerId: shell?.user.producerId ?? null, brandId: shell?.user.brandId ?? null };
}

function CompanyBrandFilters({ data }: { data: unknown }) {
  const d = data as CompanyBrandData;
  const own = useOwnMakers();
  const label = makerLabel(d.state.type);
  const chosen = d.maker ? [{ id: d.maker.id, name: d.maker.name }] : [];
  const area = d.node ? [{ id: d.node.id, name: d.areaName, level: d.node.level }] : [];
  return (
    <SaleVolumeFilterPanel
      filters={d.filters}
      lookups={d.lookups}
      keep={keptParams(d.state)}
      resetTo={resetHref(d.state.type, d.state.id)}
      extraGroups={[
        {
          title: label,
          summary: d.maker?.name ?? '全部',
          content: (
            <PickerInput
              name="id"
              kind={d.state.type === 0 ? 'currentCompany' : 'currentBrand'}
              value={chosen}
              ownProducerId={own.producerId}
              ownBrandId={own.brandId}
              placeholder={`全部${label}（排名）`}
            />
          ),
        },
        areaFilterGroup(d.filters.source, d.areaName, area),
      ]}
    />
  );
}

export const handle: ShellHandle = { filterPanel: CompanyBrandFilters };

export default function CompanyBrand() {
  const data = useLoaderData<typeof loader>();
  useFailureToast(data.failure);
  return data.state.id === null ? <CompanyBrandOverview data={data} /> : <CompanyBrandMakerView data={data} />;
}

export { RouteErrorBoundary as ErrorBoundary };

/**
 * 归因分析 (/salevolume/attribution, issue 50, decision 302): what moved the month, taken apart exactly. Three tabs —
 * 销量拉动 (a volume change split by a dimension, with the drill), 份额归因 (a share change into market mix, own
 * performance and their interaction) and 价格归因 (a weighted TP or discount change into price, mix, interaction and
 * new/run-out effects) — each with its cards, its waterfall, its table with the 口径 note, its workbook and its deck.
 * State in the URL (`tab`, `compare`, the sales filters, `by` and the drill's steps, `set`, `subjectType`/`subjectId`,
 * `measure`), so a saved view and 复制链接 keep it. The loader is in utils/attribution.server.ts.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Chart, registerables } from 'chart.js';
import { Message } from 'semantic-ui-react';

import { ATTRIBUTION_PAGE, COMPETITOR_SET_MESSAGES, salesSourceKind } from '@car/contracts';
import { AttributionChoice } from '~/components/AttributionChoice';
import { AttributionFilters } from '~/components/AttributionFilters';
import { AttributionPrice } from '~/components/AttributionPrice';
import { AttributionShare } from '~/components/AttributionShare';
import { ATTRIBUTION_TAB_PANEL, AttributionTabs, attributionTabId } from '~/components/AttributionTabs';
import { AttributionVolume } from '~/components/AttributionVolume';
import { HeaderTags } from '~/components/HeaderTags';
import { PageHead } from '~/components/PageHead';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { attributionTags, comparisonOptions } from '~/utils/attribution';
import { loadAttribution } from '~/utils/attribution.server';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import type { ShellHandle } from '~/utils/shell-context';
import { usePendingChange } from '~/utils/use-pending-change';
import attributionCss from '~/styles/attribution.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: attributionCss }];

// chart.js is part of this route's own code, not fetched when the waterfall first asks for it (loadChartJs): the page's
// HTML preloads it with the route's modules, so the chart is drawn as the page hydrates (as 竞品监控's). Registering
// twice changes nothing.
Chart.register(...registerables);

export const meta: MetaFunction = () => titled(ATTRIBUTION_PAGE.name);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadAttribution(request, context);

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;

export const handle: ShellHandle = { filterPanel: AttributionFilters };

export default function Attribution() {
  const data = useLoaderData<typeof loader>();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  // Every choice of the page asks its one call again: the whole tab waits under its veils.
  const loading = pending !== null;
  const { view } = data;
  const retail = data.filters.source === 2;
  const segments = data.lookups?.segments ?? [];
  // Where the tab has no answer, the call's message takes the figures' place (under the tab's own choices).
  const failure = view.answer ? null : (data.failure?.msg ?? null);
  return (
    <div className="sales-page attribution-page">
      <PageHead
        title={ATTRIBUTION_PAGE.name}
        source={view.tab === 'price' ? 'price' : salesSourceKind(data.filters.source)}
        deckHref={view.answer ? data.deckHref : null}
      />
      <HeaderTags tags={attributionTags(view.tab, data.filters.time, data.filters.source, retail && data.node ? data.areaName : null, data.compare)} />
      <AttributionTabs tab={view.tab} />
      <div id={ATTRIBUTION_TAB_PANEL} role="tabpanel" aria-labelledby={attributionTabId(view.tab)} className="attribution-panel">
        <div className="attribution-toolbar">
          <AttributionChoice param="compare" label="对比" options={comparisonOptions(data.filters.time)} value={data.compare} omit={0} />
        </div>
        {view.tab !== 'price' && view.missingSet ? (
          <Message warning size="small" role="status">
            {COMPETITOR_SET_MESSAGES.goneFromLink}，{view.tab === 'share' ? '份额归因以所选对象计算。' : '拆分不限于竞品组。'}
          </Message>
        ) : null}
        {view.tab === 'volume' ? (
          <AttributionVolume
            answer={view.answer}
            open={view.open}
            by={view.by}
            chosen={view.chosen}
            drilled={view.drilled}
            node={data.node}
            compare={data.compare}
            downloadHref={data.downloadHref}
            failure={failure}
            loading={loading}
          />
        ) : view.tab === 'share' ? (
          <AttributionShare
            answer={view.answer}
            open={view.open}
            by={view.by}
            set={view.set}
            segments={segments}
            node={data.node}
            downloadHref={data.downloadHref}
            failure={failure}
            loading={loading}
          />
        ) : (
          <AttributionPrice
            answer={view.answer}
            subjectType={view.subjectType}
            measure={view.measure}
            segments={segments}
            downloadHref={data.downloadHref}
            failure={failure}
            loading={loading}
          />
        )}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

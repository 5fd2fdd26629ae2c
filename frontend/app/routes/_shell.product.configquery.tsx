/**
 * 配置查询 (/product/configquery): up to five sub-series found by typing, their trims on sale or
 * discontinued compared row by row over the configuration sheet, with the market's verdict (the month's
 * retail volume and TP) over each column (spec 001 §2.6, §4, §5). The whole comparison lives in the URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react';
import { CAR_CONFIG, CONFIG_MESSAGES, visibleBlocks } from '@car/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { ConfigAnchorNav } from '~/components/ConfigAnchorNav';
import { categoryAnchorId, ConfigCompareTable } from '~/components/ConfigCompareTable';
import { ConfigConditions } from '~/components/ConfigConditions';
import { ConfigToolbar } from '~/components/ConfigToolbar';
import { EmptyState } from '~/components/EmptyState';
import { PageHead } from '~/components/PageHead';
import { PanelBusy } from '~/components/PanelBusy';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import configCss from '~/styles/configquery.css?url';
import { apiGet } from '~/utils/api.server';
import * as config from '~/utils/config-query';
import { titled } from '~/utils/meta';
import { scrollBehavior } from '~/utils/motion';
import { isReturnAfterNetworkFailure, keepPageOnNetworkFailure } from '~/utils/network-failure';
import { firstFailure, settle } from '~/utils/settle.server';
import { urlParams } from '~/utils/url-state';

export const meta: MetaFunction = () => titled('配置查询');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: configCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = config.readConfigState(urlParams(request));
  // Both calls are read before anything is thrown (a dead session's redirect), so neither is left without a reader.
  const [level1, table] = await Promise.all([
    settle(apiGet(request, context, CAR_CONFIG.level1)),
    state.ids.length > 0 ? settle(apiGet(request, context, CAR_CONFIG.get, config.configApiParams(state))) : null,
  ]);
  // A first load pre-selects trims; the page writes them into the address at once (`adopt`, replacing the entry), so
  // the view is what a bookmark reopens. Not a redirect: that asked for the same comparison a second time, and a
  // sub-series added waited for both (decision 274).
  let adopt: string | null = null;
  if (table?.value && (state.codes === null || state.codes.length === 0)) {
    const codes = table.value.columns.map((c) => c.carJllCode);
    if (state.codes === null || codes.length > 0) adopt = config.configSearch({ ...state, codes });
  }
  return { categories: level1.value ?? [], table: table?.value ?? null, adopt, failure: firstFailure(level1, ...(table ? [table] : [])) };
}

/** The address the page is writing a first load's trims into: the loaded table is that view, so it is not asked again. */
let adopting: string | null = null;

// Removing or moving a column and the two checkboxes need no new data: every column shown is loaded.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (adopting !== null && `${args.nextUrl.pathname}${args.nextUrl.search}` === adopting) {
    adopting = null;
    return false;
  }
  return isReturnAfterNetworkFailure(args) || !config.configNeedsReload(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
};
export const clientLoader = keepPageOnNetworkFailure;

export default function ConfigQuery() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  useFailureToast(data.failure);
  const state = useMemo(() => config.configStateOf(location.search), [location.search]);
  const table = data.table;

  const go = (next: config.ConfigState, replace = false) =>
    navigate({ pathname: location.pathname, search: config.configSearch(next) }, { replace, preventScrollReset: true });

  useEffect(() => {
    if (data.adopt === null || location.search === data.adopt) return;
    adopting = `${location.pathname}${data.adopt}`;
    navigate({ pathname: location.pathname, search: data.adopt }, { replace: true, preventScrollReset: true });
  }, [data.adopt]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadedCodes = useMemo(() => table?.columns.map((c) => c.carJllCode) ?? [], [table]);
  // The columns and the rows shown, kept while nothing they depend on changes: the table (thousands of cells) is
  // not drawn again while a sub-series loads or a picker opens (decision 274).
  const codesKey = config.shownCodes(state, loadedCodes).join(',');
  const codes = useMemo(() => (codesKey === '' ? [] : codesKey.split(',')), [codesKey]);
  const columns = useMemo(() => {
    const byCode = new Map(table?.columns.map((c) => [c.carJllCode, c]) ?? []);
    return codes.map((code) => byCode.get(code)!);
  }, [table, codes]);
  const blocks = useMemo(
    () => (table ? visibleBlocks(table.items, codes, { hideUnequipped: state.hide, onlyDiffering: state.differ }) : []),
    [table, codes, state.hide, state.differ],
  );
  const selectedCodes = state.codes ?? loadedCodes;
  const onePerSub = config.onePerSubSeries(columns);

  const scroller = useRef<HTMLDivElement>(null);
  // A category's rows may still be on their way (ConfigCompareTable draws the first screenful first): a jump
  // asks for every row, then scrolls once they are there.
  const [jumpTo, setJumpTo] = useState<number | null>(null);
  useEffect(() => {
    if (jumpTo === null) return;
    const box = scroller.current;
    const target = box?.querySelector<HTMLElement>(`#${categoryAnchorId(jumpTo)}`);
    const head = box?.querySelector<HTMLElement>('.config-head');
    if (box && target) box.scrollTo({ top: target.offsetTop - (head?.offsetHeight ?? 0), behavior: scrollBehavior() });
    setJumpTo(null);
  }, [jumpTo]);
  // The column buttons read the latest view through a ref, so the table's props stay the same between views.
  const latest = useRef({ state, codes });
  latest.current = { state, codes };
  const onMove = useCallback(
    (code: string, direction: -1 | 1) => go({ ...latest.current.state, codes: config.moveColumn(latest.current.codes, code, direction) }, true),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const onRemove = useCallback(
    (code: string) => go({ ...latest.current.state, codes: config.removeColumn(latest.current.codes, code) }, true),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const loading = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;

  return (
    <div className="sales-page config-page">
      <PageHead title="配置查询" source="retail" />
      <ConfigConditions state={state} table={table} selectedCodes={selectedCodes} go={go} />

      <section className="config-result" aria-label="配置对比">
        <PanelBusy active={loading} />
        {table === null ? (
          <EmptyState icon="search" title={CONFIG_MESSAGES.noSubSeries}>
            {state.ids.length === 0 ? '在上方输入子车系名称，从下拉列表中选择（最多 5 个），即可逐项对比其车型配置。' : (data.failure?.msg ?? '')}
          </EmptyState>
        ) : (
          <>
            <ConfigToolbar state={state} codes={codes} onePerSub={onePerSub} go={go} />
            <div className="config-body">
              <ConfigAnchorNav categories={data.categories} shown={new Set(blocks.map((b) => b.id))} onJump={setJumpTo} />
              <ConfigCompareTable
                ref={scroller}
                columns={columns}
                freezes={table.freezes}
                blocks={blocks}
                canRemove={config.canRemoveColumn(codes)}
                onMove={onMove}
                onRemove={onRemove}
                allRows={jumpTo !== null}
                note={config.configTableNote(columns.length, blocks.length, state.differ)}
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

/**
 * 配置查询 (/product/configquery): up to five sub-series found by typing, their trims on sale or
 * discontinued compared row by row over the configuration sheet, with the market's verdict (the month's
 * retail volume and TP) over each column (spec 001 §2.6, §4, §5). The whole comparison lives in the URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react';
import { CAR_CONFIG, CONFIG_MESSAGES, type IdName, visibleBlocks } from '@car/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Icon, Label } from 'semantic-ui-react';

import { ConfigAnchorNav } from '~/components/ConfigAnchorNav';
import { categoryAnchorId, ConfigCompareTable } from '~/components/ConfigCompareTable';
import { ConfigModelPicker } from '~/components/ConfigModelPicker';
import { ConfigSearchBox } from '~/components/ConfigSearchBox';
import { DataAsOf } from '~/components/DataAsOf';
import { DemoDataNote } from '~/components/DemoDataNote';
import { EmptyState } from '~/components/EmptyState';
import { MultiSelect } from '~/components/MultiSelect';
import { PanelBusy } from '~/components/PanelBusy';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast, useToast } from '~/components/Toast';
import configCss from '~/styles/configquery.css?url';
import { apiGet } from '~/utils/api.server';
import {
  canRemoveColumn,
  CONFIG_FILTER_KEYS,
  configApiParams,
  configDeckHref,
  configDownloadHref,
  configNeedsReload,
  configSearch,
  type ConfigFilterKey,
  type ConfigState,
  moveColumn,
  newSearch,
  onePerSubSeries,
  readConfigState,
  removeColumn,
  shownCodes,
  toggleSubSeries,
  toggleTrim,
  withFilters,
} from '~/utils/config-query';
import { titled } from '~/utils/meta';
import { scrollBehavior } from '~/utils/motion';
import { isReturnAfterNetworkFailure, keepPageOnNetworkFailure } from '~/utils/network-failure';
import { firstFailure, settle } from '~/utils/settle.server';

export const meta: MetaFunction = () => titled('配置查询');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: configCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = readConfigState(url.searchParams);
  // Both calls are read before anything is thrown (a dead session's redirect), so neither is left without a reader.
  const [level1, table] = await Promise.all([
    settle(apiGet(request, context, CAR_CONFIG.level1)),
    state.ids.length > 0 ? settle(apiGet(request, context, CAR_CONFIG.get, configApiParams(state))) : null,
  ]);
  // A first load pre-selects trims; the page writes them into the address at once (`adopt`, replacing the entry), so
  // the view is what a bookmark reopens. Not a redirect: that asked for the same comparison a second time, and a
  // sub-series added waited for both (decision 274).
  let adopt: string | null = null;
  if (table?.value && (state.codes === null || state.codes.length === 0)) {
    const codes = table.value.columns.map((c) => c.carJllCode);
    if (state.codes === null || codes.length > 0) adopt = configSearch({ ...state, codes });
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
  return isReturnAfterNetworkFailure(args) || !configNeedsReload(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
};
export const clientLoader = keepPageOnNetworkFailure;

type Filters = Pick<ConfigState, ConfigFilterKey>;
const pickFilters = (state: ConfigState): Filters => ({ niankuan: state.niankuan, engin: state.engin, energy: state.energy, battery: state.battery });
const FILTER_LABELS: Record<ConfigFilterKey, string> = { niankuan: '年款', engin: '发动机', energy: '能源类型', battery: '电池' };

export default function ConfigQuery() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { show } = useToast();
  useFailureToast(data.failure);
  const state = useMemo(() => readConfigState(new URLSearchParams(location.search)), [location.search]);
  const table = data.table;

  const [conditionsOpen, setConditionsOpen] = useState(true);
  const [filters, setFilters] = useState<Filters>(() => pickFilters(state));
  const filterKey = CONFIG_FILTER_KEYS.map((k) => state[k].join(',')).join('|') + state.ids.join(',');
  useEffect(() => setFilters(pickFilters(state)), [filterKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // Chip names: the table's, and those clicked in the dropdown while the table loads.
  const [clicked, setClicked] = useState<ReadonlyMap<number, string>>(new Map());
  const nameOf = (id: number): string => table?.cars.find((c) => c.id === id)?.name ?? clicked.get(id) ?? String(id);

  const go = (next: ConfigState, replace = false) =>
    navigate({ pathname: location.pathname, search: configSearch(next) }, { replace, preventScrollReset: true });

  useEffect(() => {
    if (data.adopt === null || location.search === data.adopt) return;
    adopting = `${location.pathname}${data.adopt}`;
    navigate({ pathname: location.pathname, search: data.adopt }, { replace: true, preventScrollReset: true });
  }, [data.adopt]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (item: IdName) => {
    const ids = toggleSubSeries(state.ids, item.id);
    if (ids === 'tooMany') {
      show('warning', CONFIG_MESSAGES.tooManySubSeries);
      return;
    }
    setClicked((names) => new Map(names).set(item.id, item.name));
    go(newSearch(state, ids));
  };

  const loadedCodes = useMemo(() => table?.columns.map((c) => c.carJllCode) ?? [], [table]);
  // The columns and the rows shown, kept while nothing they depend on changes: the table (thousands of cells) is
  // not drawn again while a sub-series loads or a picker opens (decision 274).
  const codesKey = shownCodes(state, loadedCodes).join(',');
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
  const onePerSub = onePerSubSeries(columns);

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
    (code: string, direction: -1 | 1) => go({ ...latest.current.state, codes: moveColumn(latest.current.codes, code, direction) }, true),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const onRemove = useCallback(
    (code: string) => go({ ...latest.current.state, codes: removeColumn(latest.current.codes, code) }, true),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const loading = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
  const filtering = () => {
    if (state.ids.length === 0) {
      show('warning', CONFIG_MESSAGES.noSubSeries);
      return;
    }
    go(withFilters(state, filters));
  };

  return (
    <div className="sales-page config-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">配置查询</h2>
        <DemoDataNote />
        <DataAsOf source="retail" />
      </div>

      <section className="config-conditions" aria-label="查询条件">
        <div className="config-conditions__row">
          <span className="config-conditions__label">子车系</span>
          <ConfigSearchBox selectedIds={state.ids} onToggle={toggle} />
          <span className="config-conditions__hint">最多选择 5 个子车系对比</span>
          <Button
            type="button"
            basic
            size="mini"
            className="config-conditions__fold"
            onClick={() => setConditionsOpen((o) => !o)}
            aria-expanded={conditionsOpen}
          >
            <Icon name={conditionsOpen ? 'angle up' : 'angle down'} />
            {conditionsOpen ? '收起条件' : '展开条件'}
          </Button>
        </div>
        <div className="config-conditions__row">
          <span className="config-conditions__label">已选</span>
          <div className="config-chips" aria-label="已选子车系">
            {state.ids.length === 0 ? <span className="config-conditions__hint">未选择</span> : null}
            {state.ids.map((id) => (
              <Label key={id} basic color="blue" className="config-chip">
                {nameOf(id)}
                <Icon
                  name="delete"
                  aria-label={`移除 ${nameOf(id)}`}
                  role="button"
                  onClick={() =>
                    go(
                      newSearch(
                        state,
                        state.ids.filter((x) => x !== id),
                      ),
                    )
                  }
                />
              </Label>
            ))}
          </div>
        </div>
        {conditionsOpen ? (
          <div className="config-conditions__more">
            <div className="config-conditions__row">
              <span className="config-conditions__label">车型</span>
              <ConfigModelPicker
                cars={table?.cars ?? []}
                codes={selectedCodes}
                onToggle={(code) => go({ ...state, codes: toggleTrim(selectedCodes, code) }, true)}
              />
            </div>
            <div className="config-conditions__row config-filters">
              {CONFIG_FILTER_KEYS.map((key) => {
                const options =
                  (key === 'niankuan' ? table?.niankuan : key === 'engin' ? table?.engines : key === 'energy' ? table?.energies : table?.batteries) ?? [];
                return (
                  <label key={key} className="config-filter">
                    <span className="config-conditions__label">{FILTER_LABELS[key]}</span>
                    <MultiSelect
                      label={FILTER_LABELS[key]}
                      options={options}
                      value={filters[key].filter((v) => options.some((o) => o.value === v))}
                      onChange={(value) => setFilters((f) => ({ ...f, [key]: value }))}
                      compact
                    />
                  </label>
                );
              })}
              <Button type="button" primary size="small" onClick={filtering}>
                筛选
              </Button>
            </div>
          </div>
        ) : null}
      </section>

      <section className="config-result" aria-label="配置对比">
        <PanelBusy active={loading} />
        {table === null ? (
          <EmptyState icon="search" title={CONFIG_MESSAGES.noSubSeries}>
            {state.ids.length === 0 ? '在上方输入子车系名称，从下拉列表中选择（最多 5 个），即可逐项对比其车型配置。' : (data.failure?.msg ?? '')}
          </EmptyState>
        ) : (
          <>
            <div className="config-toolbar">
              <Checkbox id="config-hide-empty" label="隐藏未配置项" checked={state.hide} onChange={() => go({ ...state, hide: !state.hide }, true)} />
              <Checkbox id="config-differ-only" label="仅显示差异项" checked={state.differ} onChange={() => go({ ...state, differ: !state.differ }, true)} />
              <Button
                type="button"
                basic
                size="small"
                title="每个子车系只留一款：当月零售量最高的车型（都无销量时留第一款）"
                disabled={onePerSub.length === columns.length}
                onClick={() => go({ ...state, codes: onePerSub }, true)}
              >
                每个子车系一款
              </Button>
              <span className="config-legend">● 标配　○ 选配　- 无</span>
              <span className="config-toolbar__spacer" />
              {/* The view as files: 下载 Excel, and 导出PPT (decision 219), with the same parameters. */}
              {[
                { content: '下载 Excel', icon: 'download', className: 'config-download', href: configDownloadHref({ ...state, codes }) },
                { content: '导出PPT', icon: 'file powerpoint outline', className: 'config-deck', href: configDeckHref({ ...state, codes }) },
              ].map((file) => (
                <Button key={file.className} as="a" basic size="small" {...file} download disabled={columns.length === 0} />
              ))}
            </div>
            <div className="config-body">
              <ConfigAnchorNav categories={data.categories} shown={new Set(blocks.map((b) => b.id))} onJump={setJumpTo} />
              <ConfigCompareTable
                ref={scroller}
                columns={columns}
                freezes={table.freezes}
                blocks={blocks}
                canRemove={canRemoveColumn(codes)}
                onMove={onMove}
                onRemove={onRemove}
                allRows={jumpTo !== null}
                note={
                  columns.length === 0
                    ? '所选车型均不符合筛选条件，请在“车型选择”中勾选车型。'
                    : blocks.length === 0
                      ? `所选车型的配置没有${state.differ ? '差异' : '可显示的项目'}。`
                      : null
                }
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

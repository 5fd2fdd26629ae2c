/**
 * 厂商品牌表现 (/salevolume/companybrand, spec 000 §2 "Producer/brand page"). Without `id`: the market's
 * cards and the producer or brand ranking (band chart or list), a click on a name opening that producer's
 * or brand's own window and a click elsewhere on the row showing its car-model details below. With `id`
 * and `type`: that producer or brand — cards, trend by year or against other producers or brands, and
 * its car-model details. Everything the page shows follows the URL (utils/company-brand-query.ts).
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation, useNavigate, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import { Button, Icon } from 'semantic-ui-react';

import { ACCUMULATE_OPTIONS, COMPARE_MODES, type CompareType, MAKER_TYPES, type MakerType, MAX_COMPARED, SEARCH, type TableRow, type TendencyRow } from '@car/contracts';
import { CarDetailsTable } from '~/components/CarDetailsTable';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { MakerDialog } from '~/components/MakerDialog';
import { PickerInput } from '~/components/PickerInput';
import { usePickList } from '~/components/PickListDialog';
import { RankBandSelect } from '~/components/RankBandSelect';
import { RankingTable } from '~/components/RankingTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { SaleVolumeFilterPanel } from '~/components/SaleVolumeFilterPanel';
import { SummaryCards } from '~/components/SummaryCards';
import { useFailureToast, useToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import type { loader as shellLoader } from '~/routes/_shell';
import { apiGet } from '~/utils/api.server';
import { nodeName, provinceCodeOfCity, readAreaNode, type AreaNode } from '~/utils/area-drill';
import companyBrandCss from '~/styles/companybrand.css?url';
import { comparedMakers } from '~/utils/company-brand-details';
import { loadMakerView, loadOverview } from '~/utils/company-brand-data.server';
import { compareModeChanges, keptParams, makerLabel, makerPageHref, makerTypeChanges, overviewHref, readCompanyBrandState, resetHref, TOP_COUNTS, YEAR_COUNTS } from '~/utils/company-brand-query';
import { filterTags } from '~/utils/filter-tags';
import { titled } from '~/utils/meta';
import { idsKey, selectionOf, sameSelection } from '~/utils/pick-list';
import { FILTER_PARAMS, readFilters, withParams, withShownMonth } from '~/utils/sale-volume-query';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { loadLookups } from '~/utils/sale-volume-lookups.server';
import { firstFailure, settle } from '~/utils/settle.server';
import { useShell, type ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyBrandCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  titled(data?.maker ? `${data.maker.name} - 厂商品牌表现` : '厂商品牌表现');

const CHART_HEIGHT = 400;

/** The chosen region, province or city as the API's `area` and `level` (spec 000 §3 companybrandsearchForm). */
function areaParams(node: AreaNode | null): Record<string, number> {
  return node ? { area: node.id, level: node.level } : {};
}

/** A city's name (regions and provinces are named by the shared geography): its province's cities, looked up. */
async function areaNameOf(request: Request, context: LoaderFunctionArgs['context'], node: AreaNode | null): Promise<string> {
  if (node?.level !== 3) return nodeName(node);
  const cities = await settle(apiGet(request, context, SEARCH.cities, { provinceId: provinceCodeOfCity(node.id) }));
  return nodeName(node, cities.value?.find((c) => c.id === node.id || Number(c.code) === node.id)?.name);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const state = readCompanyBrandState(params);
  // This page's panel has month, data source, fuels and the region: the market is never narrowed by the others.
  const filters = { ...readFilters(params), detailId: -1, producerProperty: -1 };
  // Wholesale has no geography: a region, province or city narrows retail volume only (as on the area page).
  const node = filters.source === 2 ? readAreaNode(params) : null;
  const area = areaParams(node);
  const lookupsCall = loadLookups(request, context);
  const areaNameCall = areaNameOf(request, context, node);

  if (state.id !== null) {
    const [lookups, view, areaName] = await Promise.all([lookupsCall, loadMakerView(request, context, filters, state, state.id, area), areaNameCall]);
    const details = view.details.value;
    return {
      state,
      node,
      areaName,
      filters: withShownMonth(filters, view.summary.value?.time, lookups.value?.months),
      lookups: lookups.value,
      maker: details ? { id: details.id, name: details.name } : null,
      summary: view.summary.value,
      chart: view.chart.value,
      details,
      detailsDownload: details ? view.detailsDownload : null,
      list: null,
      bandChart: null,
      listDownload: null,
      failure: firstFailure(lookups, view.details, view.summary, view.chart),
    };
  }

  const [lookups, view, areaName] = await Promise.all([lookupsCall, loadOverview(request, context, filters, state, area), areaNameCall]);
  return {
    state,
    node,
    areaName,
    filters: withShownMonth(filters, view.summary.value?.time, lookups.value?.months),
    lookups: lookups.value,
    maker: null,
    summary: view.summary.value,
    chart: null,
    details: view.details.value,
    detailsDownload: view.detailsDownload,
    list: view.list.value,
    bandChart: view.bandChart?.value ?? null,
    listDownload: view.listDownload,
    failure: firstFailure(lookups, view.summary, view.list, ...(view.bandChart ? [view.bandChart] : []), view.details),
  };
}

export type CompanyBrandData = Awaited<ReturnType<typeof loader>>;

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
        {
          title: '区域',
          summary: d.areaName,
          content:
            d.filters.source === 2 ? (
              <PickerInput name="area" levelName="level" kind="area" label="区域" value={area} placeholder="全国" />
            ) : (
              <p className="filter-hint">批发量数据没有地区维度，选择零售量后可选区域。</p>
            ),
        },
      ]}
    />
  );
}

export const handle: ShellHandle = { filterPanel: CompanyBrandFilters };

export default function CompanyBrand() {
  const data = useLoaderData<typeof loader>();
  useFailureToast(data.failure);
  return data.state.id === null ? <Overview data={data} /> : <MakerView data={data} />;
}

/** Params that change what every panel shows. */
const PAGE_PARAMS = [...FILTER_PARAMS, 'area', 'level', 'type', 'id'];

// ---------- the overview: ranking and the clicked row's details ----------

function Overview({ data }: { data: CompanyBrandData }) {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePendingChange();
  const { state } = data;
  const label = makerLabel(state.type);
  const rows = useMemo(() => data.list?.list ?? [], [data.list]);
  const detailsRef = useRef<HTMLDivElement>(null);
  const scrollToDetails = useRef(false);
  const pageChanging = touches(pending, PAGE_PARAMS);

  // After a row click, bring its details into view once they have arrived.
  useEffect(() => {
    if (!scrollToDetails.current || !data.details) return;
    scrollToDetails.current = false;
    detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [data.details]);

  const places = useMemo(() => new Map(rows.map((r: TendencyRow) => [r.id, r.ranking])), [rows]);

  const tools = (
    <>
      <Button.Group size="mini" basic className="maker-switch">
        {MAKER_TYPES.map((t) => (
          <Button key={t.value} as={Link} to={withParams(location.search, makerTypeChanges(t.value))} preventScrollReset active={state.type === t.value} aria-pressed={state.type === t.value}>
            {t.label}
          </Button>
        ))}
      </Button.Group>
      <Button.Group size="mini" basic>
        {ACCUMULATE_OPTIONS.map((o) => (
          <Button
            key={o.value}
            as={Link}
            to={withParams(location.search, { listAccumulate: o.value || null, page: null })}
            preventScrollReset
            active={state.listAccumulate === o.value}
            aria-pressed={state.listAccumulate === o.value}
          >
            {o.label}
          </Button>
        ))}
      </Button.Group>
      <Button.Group size="mini" basic className="view-switch">
        <Button as={Link} to={withParams(location.search, { view: 'chart' })} preventScrollReset active={state.view === 'chart'} aria-pressed={state.view === 'chart'} title="图表" aria-label="图表">
          <Icon name="chart bar" />
          图
        </Button>
        <Button as={Link} to={withParams(location.search, { view: null })} preventScrollReset active={state.view === 'list'} aria-pressed={state.view === 'list'} title="列表" aria-label="列表">
          <Icon name="list" />
          表
        </Button>
      </Button.Group>
    </>
  );

  const tendencyLoading = pageChanging || touches(pending, ['view', 'rank', 'listAccumulate', 'page']);
  const chosenId = data.details?.id ?? null;

  return (
    <div className="sales-page company-brand">
      <div className="sales-page__head">
        <h2 className="sales-page__title">厂商品牌表现</h2>
        <DemoDataNote />
      </div>
      <HeaderTags tags={[...filterTags(data.filters, data.lookups), { label: '区域', value: data.areaName }, { label: '排名', value: label }]} />
      <SummaryCards summary={data.summary} loading={pageChanging} />
      {state.view === 'chart' ? (
        <TrendChart
          title={`${label}销量排名`}
          chart={data.bandChart}
          height={CHART_HEIGHT}
          showGranularity={false}
          fileName={`${label}销量排名_${data.filters.time ?? ''}_${state.rank * 10 - 9}-${state.rank * 10}`}
          loading={tendencyLoading}
          extra={
            <>
              {tools}
              <RankBandSelect rank={state.rank} />
            </>
          }
        />
      ) : (
        <RankingTable
          title={`${label}销量排名`}
          rows={rows}
          total={data.list?.total ?? 0}
          dimensions={[]}
          dimension={state.type === 0 ? 5 : 3}
          nameHeader={label}
          paged
          page={state.page}
          downloadHref={data.listDownload ?? '#'}
          loading={tendencyLoading}
          extra={tools}
          chosenRowId={chosenId}
          renderName={(row: TableRow) => (
            <>
              <span className="tendency-rank">{places.get(row.id) ?? ''}</span>
              <a
                href={makerPageHref(location.search, state.type, row.id)}
                target="_blank"
                rel="noopener"
                className="maker-link"
                title={`在新窗口查看${row.name}`}
                onClick={(event) => event.stopPropagation()}
              >
                {row.name}
                <Icon name="external alternate" size="small" />
              </a>
            </>
          )}
          onRowClick={(row) => {
            scrollToDetails.current = true;
            navigate(withParams(location.search, { foreignId: row.id }), { preventScrollReset: true });
          }}
        />
      )}
      <div ref={detailsRef} className="company-brand__details">
        <CarDetailsTable
          title={data.details ? `${data.details.name} 车型明细` : '车型明细'}
          details={data.details}
          accumulate={state.accumulate}
          downloadHref={data.detailsDownload}
          loading={pageChanging || touches(pending, ['foreignId', 'accumulate', 'listAccumulate', ...(chosenId === null ? ['page', 'rank', 'view'] : [])])}
          emptyText={`点击排名中的${label}，查看其车型明细`}
          extra={
            data.details ? (
              <a className="ui mini basic button" href={makerPageHref(location.search, state.type, data.details.id)} target="_blank" rel="noopener">
                <Icon name="external alternate" />
                {label}详情
              </a>
            ) : null
          }
        />
      </div>
    </div>
  );
}

// ---------- one producer or brand ----------

function CompareControls({ mode, compared, main, top }: { mode: CompareType; compared: Array<{ id: number; name: string }>; main: { type: MakerType; id: number }; top: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useShell();
  // The user's own producer or brand is offered first, unless it is the one this window is about.
  const ownProducerId = main.type === 0 && main.id === user.producerId ? null : user.producerId;
  const ownBrandId = main.type === 1 && main.id === user.brandId ? null : user.brandId;
  const { show } = useToast();
  const incoming = useMemo(() => selectionOf(compared), [idsKey(compared)]); // eslint-disable-line react-hooks/exhaustive-deps
  const pick = usePickList(incoming);
  const { replace } = pick;
  const confirmedRef = useRef(pick.state.confirmed);
  confirmedRef.current = pick.state.confirmed;
  useEffect(() => {
    if (!sameSelection(incoming, confirmedRef.current)) replace(incoming);
  }, [incoming, replace]);

  const onConfirm = (items: readonly { id: number | string }[]) => {
    const ids = items.map((item) => Number(item.id)).filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length > MAX_COMPARED) show('warning', `最多对比 ${MAX_COMPARED} 个，已保留前 ${MAX_COMPARED} 个`);
    navigate(withParams(location.search, { foreignIds: ids.slice(0, MAX_COMPARED).join(',') || null }), { preventScrollReset: true });
  };

  const kindLabel = mode === 1 ? '厂商' : '品牌';
  return (
    <>
      <Button.Group size="mini" basic className="compare-modes">
        {COMPARE_MODES.map((m) => (
          <Button key={m.value} as={Link} to={withParams(location.search, compareModeChanges(mode, m.value))} preventScrollReset active={mode === m.value} aria-pressed={mode === m.value}>
            {m.label}
          </Button>
        ))}
      </Button.Group>
      {mode !== 0 ? (
        <>
          <Button size="mini" primary basic type="button" onClick={() => pick.open()} className="compare-pick" title={compared.map((c) => c.name).join('、') || undefined}>
            <Icon name="list alternate outline" />
            {compared.length ? `已选${compared.length}个${kindLabel}` : `选择${kindLabel}`}
          </Button>
          <select
            className="trend-chart__count compare-top"
            aria-label={`Top 对比${kindLabel}`}
            title={`与销量前 N 名的${kindLabel}对比（本月，当前筛选与区域内）`}
            value={top}
            onChange={(event) => navigate(withParams(location.search, { count: Number(event.target.value) || null }), { preventScrollReset: true })}
          >
            {TOP_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'Top' : `Top ${n}`}
              </option>
            ))}
          </select>
          {mode === 1 ? (
            <MakerDialog key="company" kind="company" pick={pick} title="选择对比厂商" ownId={ownProducerId} onConfirm={(s) => onConfirm(s.items)} />
          ) : (
            <MakerDialog key="brand" kind="brand" pick={pick} title="选择对比品牌" ownId={ownBrandId} onConfirm={(s) => onConfirm(s.items)} />
          )}
        </>
      ) : null}
    </>
  );
}

function MakerView({ data }: { data: CompanyBrandData }) {
  const location = useLocation();
  const pending = usePendingChange();
  const { state } = data;
  const label = makerLabel(state.type);
  const name = data.maker?.name ?? `${label} ${state.id ?? ''}`;
  const pageChanging = touches(pending, PAGE_PARAMS);
  // The picked ones (foreignIds); the Top select's best sellers are compared too but are not picks.
  const compared = comparedMakers(data.details).filter((m) => state.foreignIds.includes(m.id));

  return (
    <div className="sales-page company-brand">
      <div className="sales-page__head">
        <h2 className="sales-page__title">
          <span className="maker-name">{name}</span>
          <span className="ui tiny basic label maker-kind">{label}</span>
        </h2>
        <Link to={overviewHref(location.search, state.type)} className="company-brand__back">
          <Icon name="list ol" />
          全部{label}排名
        </Link>
        <DemoDataNote />
      </div>
      <HeaderTags tags={[...filterTags(data.filters, data.lookups), { label: '区域', value: data.areaName }, { label, value: name }]} />
      <SummaryCards summary={data.summary} loading={pageChanging} />
      <TrendChart
        title={state.compareType === 0 ? `${name}销量走势` : `${name}与${state.compareType === 1 ? '厂商' : '品牌'}对比`}
        chart={data.chart}
        height={CHART_HEIGHT}
        granularity={state.granularity}
        countOptions={state.compareType === 0 ? YEAR_COUNTS : undefined}
        count={state.count}
        fileName={`${name}销量走势_${data.filters.time ?? ''}`}
        loading={pageChanging || touches(pending, ['timeDimensionality', 'count', 'compareType', 'foreignIds'])}
        extra={<CompareControls mode={state.compareType} compared={compared} main={{ type: state.type, id: state.id ?? 0 }} top={state.compareType === 0 ? 0 : state.count} />}
      />
      <CarDetailsTable
        title={`${name} 车型明细`}
        details={data.details}
        accumulate={state.accumulate}
        downloadHref={data.detailsDownload}
        loading={pageChanging || touches(pending, ['accumulate', 'compareType', 'foreignIds', 'count'])}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

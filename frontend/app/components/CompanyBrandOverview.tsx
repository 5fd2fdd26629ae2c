/**
 * 厂商品牌表现's overview (no `id`): the market's cards, the producer or brand ranking as a band chart or a
 * list, and the car-model details of the row clicked. A click on a name opens that producer's or brand's
 * own window (CompanyBrandMakerView); a click elsewhere on the row shows its details below.
 */
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import { Button, Icon } from 'semantic-ui-react';

import { ACCUMULATE_OPTIONS, MAKER_TYPES, type TableRow, type TendencyRow, salesSourceKind } from '@car/contracts';
import { CarDetailsTable } from '~/components/CarDetailsTable';
import { DataAsOf } from '~/components/DataAsOf';
import { DeckLink } from '~/components/DeckLink';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { NewYearToggle } from '~/components/NewYearToggle';
import { RankBandSelect } from '~/components/RankBandSelect';
import { RankingTable } from '~/components/RankingTable';
import { SummaryCards } from '~/components/SummaryCards';
import { TrendChart } from '~/components/TrendChart';
import type { CompanyBrandData } from '~/utils/company-brand-data.server';
import { companyBrandDeckHref } from '~/utils/company-brand-details';
import { CHART_HEIGHT, makerLabel, makerPageHref, makerTypeChanges, PAGE_PARAMS } from '~/utils/company-brand-query';
import { filterTags } from '~/utils/filter-tags';
import { scrollBehavior } from '~/utils/motion';
import { withParams } from '~/utils/sale-volume-query';
import { touches, usePendingChange } from '~/utils/use-pending-change';

export function CompanyBrandOverview({ data }: { data: CompanyBrandData }) {
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
    detailsRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest' });
  }, [data.details]);

  const places = useMemo(() => new Map(rows.map((r: TendencyRow) => [r.id, r.ranking])), [rows]);

  const tools = (
    <>
      <Button.Group size="mini" basic className="maker-switch">
        {MAKER_TYPES.map((t) => (
          <Button
            key={t.value}
            as={Link}
            to={withParams(location.search, makerTypeChanges(t.value))}
            preventScrollReset
            active={state.type === t.value}
            aria-pressed={state.type === t.value}
          >
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
        <Button
          as={Link}
          to={withParams(location.search, { view: 'chart' })}
          preventScrollReset
          active={state.view === 'chart'}
          aria-pressed={state.view === 'chart'}
          title="图表"
          aria-label="图表"
        >
          <Icon name="chart bar" />图
        </Button>
        <Button
          as={Link}
          to={withParams(location.search, { view: null })}
          preventScrollReset
          active={state.view === 'list'}
          aria-pressed={state.view === 'list'}
          title="列表"
          aria-label="列表"
        >
          <Icon name="list" />表
        </Button>
      </Button.Group>
    </>
  );

  const tendencyLoading = pageChanging || touches(pending, ['view', 'rank', 'listAccumulate', 'page', 'sort']);
  const chosenId = data.details?.id ?? null;

  return (
    <div className="sales-page company-brand">
      <div className="sales-page__head">
        <h2 className="sales-page__title">厂商品牌表现</h2>
        <DemoDataNote />
        <DataAsOf source={salesSourceKind(data.filters.source)} />
        <DeckLink href={companyBrandDeckHref(data.deckParams, location.search)} />
      </div>
      <HeaderTags tags={[...filterTags(data.filters, data.lookups), { label: '区域', value: data.areaName }, { label: '排名', value: label }]} />
      <NewYearToggle time={data.filters.time} on={data.filters.newYear} />
      <SummaryCards summary={data.summary} loading={pageChanging} newYear={data.filters.newYear} why={{ scope: { ...data.filters, area: data.node } }} />
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
          newYear={data.filters.newYear}
          monthly={state.listAccumulate === 0}
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

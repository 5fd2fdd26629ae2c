/**
 * 厂商品牌表现 for one producer or brand (`id` and `type`, opened in a new window from the overview): its
 * cards, its trend by year or against other producers or brands, and its car-model details.
 */
import { Link, useLocation } from '@remix-run/react';
import { Icon } from 'semantic-ui-react';

import { CarDetailsTable } from '~/components/CarDetailsTable';
import { CompanyBrandCompareControls } from '~/components/CompanyBrandCompareControls';
import { salesSourceKind } from '@car/contracts';
import { DataAsOf } from '~/components/DataAsOf';
import { DeckLink } from '~/components/DeckLink';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { NewYearToggle } from '~/components/NewYearToggle';
import { SummaryCards } from '~/components/SummaryCards';
import { TrendChart } from '~/components/TrendChart';
import type { CompanyBrandData } from '~/utils/company-brand-data.server';
import { companyBrandDeckHref } from '~/utils/company-brand-details';
import { comparedMakers } from '~/utils/company-brand-details';
import { CHART_HEIGHT, makerLabel, overviewHref, PAGE_PARAMS, YEAR_COUNTS } from '~/utils/company-brand-query';
import { filterTags } from '~/utils/filter-tags';
import { touches, usePendingChange } from '~/utils/use-pending-change';

export function CompanyBrandMakerView({ data }: { data: CompanyBrandData }) {
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
        <DataAsOf source={salesSourceKind(data.filters.source)} />
        <DeckLink href={companyBrandDeckHref(data.deckParams, location.search)} />
      </div>
      <HeaderTags tags={[...filterTags(data.filters, data.lookups), { label: '区域', value: data.areaName }, { label, value: name }]} />
      <NewYearToggle time={data.filters.time} on={data.filters.newYear} />
      <SummaryCards
        summary={data.summary}
        loading={pageChanging}
        newYear={data.filters.newYear}
        subscribeRow={data.maker && state.id ? { rowKind: state.type === 0 ? 'producer' : 'brand', rowId: state.id, rowName: data.maker.name } : null}
        why={state.id ? { scope: { ...data.filters, area: data.node }, maker: { type: state.type === 0 ? 'producer' : 'brand', id: state.id } } : null}
      />
      <TrendChart
        title={state.compareType === 0 ? `${name}销量走势` : `${name}与${state.compareType === 1 ? '厂商' : '品牌'}对比`}
        chart={data.chart}
        height={CHART_HEIGHT}
        granularity={state.granularity}
        countOptions={state.compareType === 0 ? YEAR_COUNTS : undefined}
        count={state.count}
        fileName={`${name}销量走势_${data.filters.time ?? ''}`}
        loading={pageChanging || touches(pending, ['timeDimensionality', 'count', 'compareType', 'foreignIds'])}
        extra={
          <CompanyBrandCompareControls
            mode={state.compareType}
            compared={compared}
            main={{ type: state.type, id: state.id ?? 0 }}
            top={state.compareType === 0 ? 0 : state.count}
          />
        }
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

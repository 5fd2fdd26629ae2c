/**
 * 看板 (spec 001 §2.12), the signed-in home: its own layout (top menu, no side menu or filter panel). The
 * month, 单月 / 累计, the brand type of the brand and city tables, the model table's type and the city page
 * live in the URL; one loader asks the six dashboard calls (the NEV trend among them), the menus, the user and the calendar at once.
 */
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import { Icon } from 'semantic-ui-react';
import { DASHBOARD, DASHBOARD_MODES, DASHBOARD_SIZES, JLL_TABS, NEW_YEAR_LABEL, type DashboardVolume, SEARCH, SECURITY } from '@car/contracts';

import { DashboardGrowthSplits } from '~/components/DashboardGrowthSplits';
import { DashboardTable } from '~/components/DashboardTable';
import { DashboardTopMenu } from '~/components/DashboardTopMenu';
import { DataAsOf } from '~/components/DataAsOf';
import { DefinedLabel } from '~/components/DefinedLabel';
import { DemoDataNote } from '~/components/DemoDataNote';
import { Gauge } from '~/components/Gauge';
import { Growth } from '~/components/Growth';
import { MonthPicker } from '~/components/MonthPicker';
import { NevTrendChart } from '~/components/NevTrendChart';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ViewNotice } from '~/components/ViewNotice';
import { apiGet, throwAsRouteError } from '~/utils/api.server';
import { dashboardRowHref, type DashboardPeriod, type DashboardRowKind } from '~/utils/dashboard-links';
import { dashboardDeckHref, dashboardQuery, dashboardHref, type DashboardQuery } from '~/utils/dashboard-query';
import { titled } from '~/utils/meta';
import { allowsNewYear } from '~/utils/sale-volume-query';
import { loginHref } from '~/utils/navigation';
import { loadMenus } from '~/utils/security.server';
import { readToken } from '~/utils/session.server';
import { urlParams } from '~/utils/url-state';
import { usePendingChange, touches } from '~/utils/use-pending-change';
import { takeNotice } from '~/utils/view-notice.server';
import dashboardCss from '~/styles/dashboard.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: dashboardCss }];
export const meta: MetaFunction = () => titled('看板');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!readToken(request)) throw redirect(loginHref(url));
  const q = dashboardQuery(urlParams(request));
  const period = { ...(q.time ? { time: q.time } : {}), accumulate: q.accumulate, ...(q.newYear ? { newYear: 1 } : {}) };
  const [whole, brands, models, cities, nevTrend, menus, user, months, dataStatus] = await Promise.all([
    apiGet(request, context, DASHBOARD.whole, period),
    apiGet(request, context, DASHBOARD.brands, { ...period, jllType: q.brandType }),
    apiGet(request, context, DASHBOARD.modelSubs, { ...period, jllType: q.modelType }),
    apiGet(request, context, DASHBOARD.cities, { ...period, jllType: q.brandType, currentPage: q.cityPage }),
    apiGet(request, context, DASHBOARD.nevTrend, q.time ? { time: q.time } : {}),
    loadMenus(request, context),
    apiGet(request, context, SECURITY.me),
    apiGet(request, context, SEARCH.calendar),
    apiGet(request, context, SEARCH.dataStatus),
  ]).catch(throwAsRouteError);
  // The same menus as the side menu of every other page (one source: the menus call through loadMenus).
  // An opened view's notice (decision 188), shown once.
  const { notice, headers } = takeNotice(request);
  return data({ q, whole, brands, models, cities, nevTrend, menus, nickname: user.nickname, months, notice, dataStatus }, { headers });
}

function Figure({ title, volume, className }: { title: string; volume: DashboardVolume; className?: string }) {
  return (
    <div className={`dashboard-figure ${className ?? ''}`}>
      <div className="dashboard-figure__title">
        <DefinedLabel label={title} />
      </div>
      <div className="dashboard-figure__value">
        {volume.qtyStr}
        <small>千辆</small>
      </div>
      <div className="dashboard-figure__growth">
        <DefinedLabel label="同比" /> <Growth value={volume.yoy} text={volume.yoys} />
      </div>
    </div>
  );
}

function TypeTabs({ q, param, current }: { q: DashboardQuery; param: 'brandType' | 'modelType'; current: number }) {
  return (
    <div className="ui mini buttons dashboard-tabs" role="tablist">
      {JLL_TABS.map((t) => (
        <Link
          key={t.value}
          role="tab"
          aria-selected={t.value === current}
          preventScrollReset
          replace
          className={`ui button${t.value === current ? ' primary' : ''}`}
          // A new brand type starts the city table again at page 1 (spec §4).
          to={dashboardHref(q, param === 'brandType' ? { brandType: t.value, cityPage: 1 } : { modelType: t.value })}
        >
          {t.label}
        </Link>
      ))}
    </div>
  );
}

export default function Dashboard() {
  const { q, whole, brands, models, cities, nevTrend, menus, nickname, months, notice, dataStatus } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const pending = usePendingChange();
  const periodBusy = touches(pending, ['time', 'accumulate', 'newYear']);
  const month = q.time ?? whole.time;
  // Rows open their page at the month and mode the dashboard answered for (decision 177).
  const period: DashboardPeriod = { time: whole.time, accumulate: whole.accumulate, newYear: q.newYear };
  const rowHref = (kind: DashboardRowKind) => (id: number) => dashboardRowHref(kind, id, period);
  const cityPages = Math.min(DASHBOARD_SIZES.cityPages, Math.max(1, Math.ceil(cities.total / DASHBOARD_SIZES.cities)));
  return (
    <div className="dashboard">
      <DashboardTopMenu groups={menus} nickname={nickname} />
      <main className={`dashboard-body${periodBusy ? ' is-busy' : ''}`}>
        <ViewNotice notice={notice} />
        <div className="dashboard-bar">
          <h1>
            乘用车零售看板 <DemoDataNote />
          </h1>
          <DataAsOf source="retail" status={dataStatus.retail} />
          <MonthPicker
            name="time"
            value={month}
            months={months}
            onChange={(time) => navigate(dashboardHref(q, { time, cityPage: 1 }), { preventScrollReset: true })}
          />
          <div className="ui mini buttons" role="group" aria-label="单月或累计">
            {DASHBOARD_MODES.map((m) => (
              <Link
                key={m.value}
                preventScrollReset
                className={`ui button${m.value === q.accumulate && !q.newYear ? ' primary' : ''}`}
                to={dashboardHref(q, { accumulate: m.value, newYear: false, cityPage: 1 })}
              >
                {m.label}
              </Link>
            ))}
            {/* 春节口径 (decision 197): a third mode, offered only with a January or February month. */}
            {allowsNewYear(month) ? (
              <Link
                preventScrollReset
                className={`ui button${q.newYear ? ' primary' : ''}`}
                to={dashboardHref(q, { accumulate: 0, newYear: true, time: month, cityPage: 1 })}
              >
                {NEW_YEAR_LABEL}
              </Link>
            ) : null}
          </div>
          {/* 导出PPT (decision 220): the deck of what the dashboard shows, at the end of its bar of period controls. */}
          <a className="ui mini basic button dashboard-deck" href={dashboardDeckHref(q)} download>
            <Icon name="file powerpoint outline" />
            导出PPT
          </a>
        </div>

        <section className="dashboard-panels">
          <Figure title="新能源" volume={whole.xinnengyuan} className="is-green" />
          <Figure title="整体市场" volume={whole.all} />
          <div className="dashboard-figure">
            <div className="dashboard-figure__title">
              <DefinedLabel label="渗透率" />
            </div>
            <div className="dashboard-figure__value">{whole.shentoulvStr}</div>
            <div className="dashboard-figure__growth">
              较去年同期 <Growth value={whole.yoyShentoulv} text={whole.yoyShentoulvStr} />
            </div>
          </div>
          <div className="dashboard-gauges">
            <Gauge label="BEV" percent={whole.bevPer} color="#21ba45">
              {whole.bev.qtyStr} 千辆 · 同比 <Growth value={whole.bev.yoy} text={whole.bev.yoys} />
            </Gauge>
            <Gauge label="PHEV" percent={whole.phevPer} color="#2185d0">
              {whole.phev.qtyStr} 千辆 · 同比 <Growth value={whole.phev.yoy} text={whole.phev.yoys} />
            </Gauge>
          </div>
          <NevTrendChart trend={nevTrend} loading={touches(pending, ['time'])} />
          <div className="dashboard-types">
            <Figure title="新创" volume={whole.xinchuang} />
            <Figure title="自主" volume={whole.zizhu} />
            <Figure title="合资" volume={whole.hezi} />
          </div>
        </section>

        <section className="dashboard-grid">
          <div className="dashboard-card">
            <h2>厂商 TOP{whole.producers.length}</h2>
            <DashboardTable rows={whole.producers} nameHeader="厂商" hrefOf={rowHref('producer')} />
          </div>
          <div className="dashboard-card" data-testid="brand-table">
            <h2>
              品牌 TOP{DASHBOARD_SIZES.brands} <TypeTabs q={q} param="brandType" current={q.brandType} />
            </h2>
            <DashboardTable rows={brands.list} nameHeader="品牌" busy={touches(pending, ['brandType'])} hrefOf={rowHref('brand')} />
          </div>
          <div className="dashboard-card" data-testid="model-table">
            <h2>
              车型 TOP{DASHBOARD_SIZES.modelSubs} <TypeTabs q={q} param="modelType" current={q.modelType} />
            </h2>
            <DashboardTable rows={models.list} nameHeader="车型" busy={touches(pending, ['modelType'])} hrefOf={rowHref('modelSub')} />
          </div>
          <div className="dashboard-card" data-testid="city-table">
            <h2>城市（{JLL_TABS.find((t) => t.value === q.brandType)?.label}）</h2>
            <DashboardTable
              rows={cities.list}
              nameHeader="城市"
              firstRank={(cities.currentPage - 1) * cities.pageSize + 1}
              busy={touches(pending, ['brandType', 'cityPage'])}
              hrefOf={rowHref('city')}
            />
            <div className="ui mini buttons dashboard-pages">
              {Array.from({ length: cityPages }, (_, i) => i + 1).map((page) => (
                <Link
                  key={page}
                  preventScrollReset
                  replace
                  className={`ui button${page === cities.currentPage ? ' primary' : ''}`}
                  to={dashboardHref(q, { cityPage: page })}
                >
                  {(page - 1) * 10 + 1}~{page * 10}
                </Link>
              ))}
            </div>
          </div>
        </section>

        <section className="dashboard-briefs" aria-label="数据简报">
          {whole.briefs.map((b) => (
            <article key={b.title} className="dashboard-brief">
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </article>
          ))}
        </section>
        {/* 归因分析 (issue 50): each growth of the market split into 新能源's and 燃油车's 拉动. */}
        <DashboardGrowthSplits splits={whole.growthSplits} time={whole.time} />
      </main>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

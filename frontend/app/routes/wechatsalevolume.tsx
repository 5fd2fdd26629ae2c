/**
 * 销量查询 (spec 001 §2.13), the one page without a web session: the mini-program opens it with a signed
 * link (openId, ts, sign) that starts an mp session (car-mp cookie); an unbound openId binds once with an
 * account and password. Tab, chosen maker, province and city, the month (`time`, default the latest) and 1-2月合计
 * (`newYear=1`, only with a January or February month; decision 204) live in the URL; suggestions come through
 * the `suggest` resource route. Phone-first: the root font scales with the viewport up to 750 px.
 */
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import {
  MP,
  MP_LINK_FIELDS as LINK_FIELDS,
  MP_PERIOD_FIELDS,
  MP_PLACE_FIELDS,
  MP_TABS,
  type MpRetailChart,
  type MpType,
  mpTitles,
  newYearPeriodText,
  parseMonth,
  yearOf,
} from '@car/contracts';

import { DataAsOf } from '~/components/DataAsOf';
import { DefinedLabel } from '~/components/DefinedLabel';
import { Growth } from '~/components/Growth';
import { MpBindForm } from '~/components/MpBindForm';
import { MpChart } from '~/components/MpChart';
import { MpCityBox } from '~/components/MpCityBox';
import { MpNewYearToggle } from '~/components/MpNewYearToggle';
import { MpSearch } from '~/components/MpSearch';
import { MpTabs, MP_TAB_PANEL, mpTabId } from '~/components/MpTabs';
import { apiGet, apiPost, ApiError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { titled } from '~/utils/meta';
import { mpSessionCookie, readMpSession } from '~/utils/mp.server';
import { allowsNewYear } from '~/utils/sale-volume-query';
import { urlParams, urlState } from '~/utils/url-state';
import mobileCss from '~/styles/wechat.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: mobileCss }];
/** No Semantic UI on the phone page (root Layout): it paints before 1.5 s on a throttled phone. */
export const handle = { semanticUi: false };
/** The root's viewport (width=device-width, initial-scale=1): the phone may zoom (WCAG 1.4.4, decision 266). */
export const meta: MetaFunction = () => titled('销量查询');

/** The page's own keys beside the chart call's: the place as the city picker writes it (ids and names) and the period. */
const PAGE_KEYS = z.object({
  provinceId: z.string(),
  provinceName: z.string(),
  provincecityId: z.string(),
  provincecityName: z.string(),
  time: z.string(),
  newYear: z.string(),
});

function linkOf(request: Request) {
  const url = urlState(MP.session.params, request);
  const [openId, ts, sign] = LINK_FIELDS.map((k) => url.given(k) ?? '');
  return openId && ts && sign ? { openId, ts, sign } : null;
}

/** The address without the link's fields, once its session is open. */
function withoutLink(request: Request): string {
  const next = urlParams(request);
  for (const k of LINK_FIELDS) next.delete(k);
  const search = next.toString();
  const { pathname } = new URL(request.url);
  return search ? `${pathname}?${search}` : pathname;
}

/** What the page shows of its address: the tab, the place and period a new tab keeps (spec §4), the place's name. */
function tabsOf(request: Request) {
  const page = urlState(PAGE_KEYS, request);
  const given = urlState(MP.retailChart.params, request).given('type');
  const kept = [...MP_PLACE_FIELDS, ...MP_PERIOD_FIELDS].flatMap((k) => {
    const value = page.given(k);
    return value ? [[k, value] as const] : [];
  });
  return {
    type: MP_TABS.find((t) => String(t.value) === given)?.value ?? 1,
    kept: Object.fromEntries(kept),
    placeName: page.given('provincecityName') ?? page.given('provinceName') ?? '全国',
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const link = linkOf(request);
  if (link) {
    try {
      const opened = await apiPost(request, context, MP.session, link, { mpSession: null });
      if (!opened.bound || !opened.session) return { view: 'bind' as const, link, message: null, result: null };
      throw redirect(withoutLink(request), { headers: { 'Set-Cookie': mpSessionCookie(request, opened.session, opened.expiresIn) } });
    } catch (error) {
      if (error instanceof ApiError) return { view: 'refused' as const, link: null, message: error.message, result: null };
      throw error;
    }
  }
  const session = readMpSession(request);
  if (!session) return { view: 'refused' as const, link: null, message: '请从小程序打开销量查询', result: null };
  const url = urlState(MP.retailChart.params, request);
  const tabs = tabsOf(request);
  const id = url.given('id');
  if (!id) return { view: 'query' as const, link: null, message: null, result: null, newYear: false, tabs };
  // 1-2月合计 applies to a January or February month only; with any other month the URL's newYear is ignored (decision 197).
  const time = url.given('time');
  const newYear = url.given('newYear') === '1' && allowsNewYear(time);
  try {
    const result: MpRetailChart = await apiGet(
      request,
      context,
      MP.retailChart,
      {
        type: url.given('type') ?? '1',
        id,
        provinceId: url.given('provinceId'),
        cityId: url.given('cityId', 'provincecityId'),
        time,
        newYear: newYear ? 1 : null,
      },
      { mpSession: session },
    );
    return { view: 'query' as const, link: null, message: null, result, newYear, tabs };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A session that ended (-1009, -1008, -1012) cannot query any more: say so instead of an empty page.
    if (error.code <= -1008 && error.code >= -1012) return { view: 'refused' as const, link: null, message: error.message, result: null };
    return { view: 'query' as const, link: null, message: error.message, result: null, newYear: false, tabs };
  }
}

/** The one-time bind: the link's fields and the account's password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = (k: string) => formText(form, k);
  try {
    const opened = await apiPost(
      request,
      context,
      MP.bind,
      {
        openId: field('openId'),
        ts: field('ts'),
        sign: field('sign'),
        account: field('account'),
        password: field('password'),
      },
      { mpSession: null },
    );
    return redirect(withoutLink(request), { headers: { 'Set-Cookie': mpSessionCookie(request, opened.session ?? '', opened.expiresIn) } });
  } catch (error) {
    if (error instanceof ApiError) return { failure: error.message };
    throw error;
  }
}

export default function WechatSaleVolume() {
  const data = useLoaderData<typeof loader>();
  const bind = useActionData<typeof action>();
  if (data.view === 'bind')
    return (
      <main className="mp">
        <MpBindForm link={data.link} failure={bind?.failure} />
      </main>
    );
  if (data.view === 'refused')
    return (
      <main className="mp">
        <p className="mp-refused" role="alert">
          {data.message}
        </p>
      </main>
    );
  const r = data.result;
  const newYear = 'newYear' in data && data.newYear;
  const titles = mpTitles(newYear);
  const { type, kept, placeName } = data.tabs;
  // A new tab clears the result and the search (spec §4); the place and the period stay.
  const tabHref = (value: MpType) => `?${new URLSearchParams({ ...kept, type: String(value) })}`;
  return (
    <main className="mp">
      <MpTabs type={type} hrefOf={tabHref} />
      <div className="mp-panel" role="tabpanel" id={MP_TAB_PANEL} aria-labelledby={mpTabId(type)}>
        <div className="mp-bar">
          <MpCityBox />
          <MpSearch key={type} type={type} />
        </div>
        {data.message ? (
          <p className="mp-error" role="alert">
            {data.message}
          </p>
        ) : null}
        {r ? (
          <>
            <header className="mp-head">
              <h1>{r.name}</h1>
              <span>
                {r.areaName} · {newYear ? newYearPeriodText(yearOf(parseMonth(r.time))) : r.time}
              </span>
              <DataAsOf source="retail" status={r.dataAsOf} className="mp-as-of" />
            </header>
            <MpNewYearToggle time={r.time} on={newYear} />
            <section className="mp-cards">
              <div>
                <DefinedLabel label={titles.sales} className="mp-cards__label" />
                <b>{r.salesStr}</b>
              </div>
              <div>
                <DefinedLabel label={titles.yoy} className="mp-cards__label" />
                <b>
                  <Growth value={r.yoy} text={r.yoys} />
                </b>
              </div>
              <div>
                <DefinedLabel label={titles.lj} className="mp-cards__label" />
                <b>{r.ljSalesStr}</b>
              </div>
              <div>
                <DefinedLabel label={titles.ljYoy} className="mp-cards__label" />
                <b>
                  <Growth value={r.ljYoy} text={r.ljYoys} />
                </b>
              </div>
            </section>
            <MpChart title={titles.chart} chart={r.chart} height={400} />
          </>
        ) : (
          <p className="mp-hint">搜索厂商、品牌或车型，查看{placeName}的零售销量</p>
        )}
      </div>
    </main>
  );
}

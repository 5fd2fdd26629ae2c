/**
 * 销量查询 (spec 001 §2.13), the one page without a web session: the mini-program opens it with a signed
 * link (openId, ts, sign) that starts an mp session (car-mp cookie); an unbound openId binds once with an
 * account and password. Tab, chosen maker, province and city live in the URL; suggestions come through
 * the `suggest` resource route. Phone-first: the root font scales with the viewport up to 750 px.
 */
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { MP, MP_LINK_FIELDS as LINK_FIELDS, MP_PLACE_FIELDS, MP_SUGGEST_MIN, MP_TABS, type MpCity, type MpRetailChart, type MpType, PROVINCES } from '@car/contracts';

import { Growth } from '~/components/Growth';
import { MpChart } from '~/components/MpChart';
import { cityGroups } from '~/utils/city-groups';
import { apiGet, apiPost, ApiError } from '~/utils/api.server';
import { formText } from '~/utils/form-text';
import { titled } from '~/utils/meta';
import { mpSessionCookie, readMpSession } from '~/utils/mp.server';
import mobileCss from '~/styles/wechat.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: mobileCss }];
/** No Semantic UI on the phone page (root Layout): it paints before 1.5 s on a throttled phone. */
export const handle = { semanticUi: false };
export const meta: MetaFunction = () => [...titled('销量查询'), { name: 'viewport', content: 'width=device-width, initial-scale=1, maximum-scale=1' }];

function linkOf(url: URL) {
  const [openId, ts, sign] = LINK_FIELDS.map((k) => url.searchParams.get(k) ?? '');
  return openId && ts && sign ? { openId, ts, sign } : null;
}

/** The address without the link's fields, once its session is open. */
function withoutLink(url: URL): string {
  const next = new URLSearchParams(url.searchParams);
  for (const k of LINK_FIELDS) next.delete(k);
  const search = next.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const link = linkOf(url);
  if (link) {
    try {
      const opened = await apiPost(request, context, MP.session, link, { mpSession: null });
      if (!opened.bound || !opened.session) return { view: 'bind' as const, link, message: null, result: null };
      throw redirect(withoutLink(url), { headers: { 'Set-Cookie': mpSessionCookie(request, opened.session, opened.expiresIn) } });
    } catch (error) {
      if (error instanceof ApiError) return { view: 'refused' as const, link: null, message: error.message, result: null };
      throw error;
    }
  }
  const session = readMpSession(request);
  if (!session) return { view: 'refused' as const, link: null, message: '请从小程序打开销量查询', result: null };
  const id = url.searchParams.get('id');
  if (!id) return { view: 'query' as const, link: null, message: null, result: null };
  try {
    const result: MpRetailChart = await apiGet(request, context, MP.retailChart, {
      type: url.searchParams.get('type') ?? '1', id,
      provinceId: url.searchParams.get('provinceId'), cityId: url.searchParams.get('provincecityId'),
    }, { mpSession: session });
    return { view: 'query' as const, link: null, message: null, result };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A session that ended (-1009, -1008, -1012) cannot query any more: say so instead of an empty page.
    if (error.code <= -1008 && error.code >= -1012) return { view: 'refused' as const, link: null, message: error.message, result: null };
    return { view: 'query' as const, link: null, message: error.message, result: null };
  }
}

/** The one-time bind: the link's fields and the account's password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = (k: string) => formText(form, k);
  try {
    const opened = await apiPost(request, context, MP.bind, {
      openId: field('openId'), ts: field('ts'), sign: field('sign'), account: field('account'), password: field('password'),
    }, { mpSession: null });
    return redirect(withoutLink(new URL(request.url)), { headers: { 'Set-Cookie': mpSessionCookie(request, opened.session ?? '', opened.expiresIn) } });
  } catch (error) {
    if (error instanceof ApiError) return { failure: error.message };
    throw error;
  }
}

function BindForm({ link }: { link: { openId: string; ts: string; sign: string } }) {
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className="mp-bind">
      <h1>绑定账号</h1>
      <p>首次使用请用车市分析平台的账号绑定微信，绑定后无需再次登录。</p>
      {LINK_FIELDS.map((k) => <input key={k} type="hidden" name={k} value={link[k]} />)}
      <input name="account" placeholder="账号" autoComplete="username" required />
      <input name="password" type="password" placeholder="密码" autoComplete="current-password" required />
      {data?.failure ? <p className="mp-error" role="alert">{data.failure}</p> : null}
      <button type="submit" disabled={busy}>{busy ? '绑定中…' : '绑定并进入'}</button>
    </Form>
  );
}

/**
 * The search box (spec §5): suggestions while typing from MP_SUGGEST_MIN characters; Enter or 🔍 searches
 * whatever the length, and an exact match of the text (or the only match) opens its chart at once, else
 * the matches are listed to choose from.
 */
function Search({ type }: { type: MpType }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get('name') ?? '');
  const [open, setOpen] = useState(false);
  /** The text Enter or 🔍 searched, until its answer has come. */
  const [searched, setSearched] = useState<string | null>(null);
  const suggest = useFetcher<{ name: string; list: Array<{ id: number; name: string }>; failure: string | null }>();
  const key = text.trim();
  const ask = (name: string) => suggest.load(`/wechatsalevolume/suggest?${new URLSearchParams({ type: String(type), name })}`);
  useEffect(() => setText(params.get('name') ?? ''), [params]);
  useEffect(() => {
    if ([...key].length < MP_SUGGEST_MIN) return;
    const timer = setTimeout(() => ask(key), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, type]);
  const hrefOf = (id: number, name: string) => {
    const next = new URLSearchParams(params);
    next.set('type', String(type));
    next.set('id', String(id));
    next.set('name', name);
    return `?${next}`;
  };
  // The answer to what Enter searched: its exact match, or its only match, opens the chart.
  const answer = suggest.data && suggest.data.name === key ? suggest.data : null;
  useEffect(() => {
    if (searched === null || suggest.state !== 'idle' || suggest.data?.name !== searched) return;
    setSearched(null);
    const { list } = suggest.data;
    const match = list.find((s) => s.name.toLowerCase() === searched.toLowerCase()) ?? (list.length === 1 ? list[0] : undefined);
    if (match) {
      setOpen(false);
      navigate(hrefOf(match.id, match.name), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched, suggest.state, suggest.data]);
  const list = answer?.list ?? [];
  return (
    <div className="mp-search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (key === '') return;
          setSearched(key);
          ask(key);
          setOpen(true);
        }}
      >
        <input value={text} placeholder="请输入名称搜索" aria-label="搜索" onChange={(e) => { setText(e.target.value); setOpen(true); }} />
        <button type="submit" aria-label="搜索">🔍</button>
      </form>
      {open && list.length > 0 ? (
        <ul className="mp-suggestions" role="listbox">
          {list.map((s) => (
            <li key={s.id} role="option" aria-selected={false}>
              <Link to={hrefOf(s.id, s.name)} replace onClick={() => setOpen(false)}>{s.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {open && answer?.failure ? <p className="mp-error" role="alert">{answer.failure}</p> : null}
      {open && answer && !answer.failure && list.length === 0 && suggest.state === 'idle' ? <p className="mp-empty">没有找到“{key}”</p> : null}
    </div>
  );
}

/** The provinces as the picker's search groups them: matched by full name, headed by short name. */
const PICKER_PROVINCES = PROVINCES.map((p) => ({ id: p.code, name: p.name, province: p }));

/**
 * The city box. Inside the mini-program it would open the mini-program's own province-city page; in a
 * browser it opens this in-page picker: provinces (and 全国), then the chosen province's cities (and 全省);
 * its search box finds cities by their name or their province's, grouped by province (spec §2.11, the same
 * rule as the export pages' city dialog, `cityGroups`). The choice goes to the address as the spec's
 * parameters provinceId, provinceName, provincecityId and provincecityName, so a result shown re-queries
 * for the new place.
 */
function CityBox() {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [province, setProvince] = useState<(typeof PROVINCES)[number] | null>(null);
  const [key, setKey] = useState('');
  const cities = useFetcher<{ provinceId: string; list: MpCity[]; failure: string | null }>();
  const everyCity = useFetcher<{ provinceId: string; list: MpCity[]; failure: string | null }>();
  const name = params.get('provincecityName') ?? params.get('provinceName') ?? '全国';
  const close = () => {
    setOpen(false);
    setProvince(null);
    setKey('');
  };
  const choose = (place: { provinceId?: number; provinceName?: string; provincecityId?: number; provincecityName?: string }) => {
    const next = new URLSearchParams(params);
    for (const k of MP_PLACE_FIELDS) next.delete(k);
    for (const k of MP_PLACE_FIELDS) if (place[k] !== undefined) next.set(k, String(place[k]));
    close();
    setParams(next, { replace: true });
  };
  const pickProvince = (p: (typeof PROVINCES)[number]) => {
    setProvince(p);
    cities.load(`/wechatsalevolume/cities?${new URLSearchParams({ provinceId: String(p.code) })}`);
  };
  const searching = province === null && key.trim() !== '';
  // Every city, once, when the search box is first used.
  useEffect(() => {
    if (searching && everyCity.state === 'idle' && !everyCity.data) everyCity.load('/wechatsalevolume/cities');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searching]);
  const loaded = province && cities.data?.provinceId === String(province.code) && cities.state === 'idle' ? cities.data : null;
  const found = searching && everyCity.data && !everyCity.data.failure ? cityGroups(PICKER_PROVINCES, everyCity.data.list, key) : null;
  return (
    <>
      <button type="button" className="mp-city" aria-haspopup="dialog" aria-label={`选择城市，当前${name}`} onClick={() => setOpen(true)}>
        <span>📍 {name}</span>
      </button>
      {open ? (
        <div className="mp-picker" role="dialog" aria-modal="true" aria-label={province ? `选择${province.shortName}的城市` : '选择省份'}>
          <header>
            {province ? <button type="button" onClick={() => setProvince(null)}>‹ 省份</button> : <span />}
            <b>{province ? province.name : '选择省份'}</b>
            <button type="button" aria-label="关闭" onClick={close}>✕</button>
          </header>
          {province === null ? (
            <div className="mp-picker__search">
              <input
                type="search"
                value={key}
                placeholder="搜索城市或省份"
                aria-label="搜索城市"
                enterKeyHint="search"
                onChange={(e) => setKey(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              />
            </div>
          ) : null}
          {searching ? (
            everyCity.data?.failure ? (
              <p className="mp-error" role="alert">{everyCity.data.failure}</p>
            ) : found === null ? (
              <p className="mp-empty">加载中…</p>
            ) : found.length === 0 ? (
              <p className="mp-empty">没有找到“{key.trim()}”</p>
            ) : (
              <div className="mp-picker__groups">
                {found.map(({ province: { province: p }, cities: list }) => (
                  <section key={p.code} className="mp-picker__group">
                    <h2>{p.shortName}</h2>
                    <ul>
                      {list.map((c) => (
                        <li key={c.id}>
                          <button type="button" onClick={() => choose({ provinceId: p.code, provinceName: p.shortName, provincecityId: c.id, provincecityName: c.name })}>{c.name}</button>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )
          ) : province === null ? (
            <ul>
              <li><button type="button" onClick={() => choose({})}>全国</button></li>
              {PROVINCES.map((p) => <li key={p.code}><button type="button" onClick={() => pickProvince(p)}>{p.shortName}</button></li>)}
            </ul>
          ) : loaded === null ? (
            <p className="mp-empty">加载中…</p>
          ) : loaded.failure ? (
            <p className="mp-error" role="alert">{loaded.failure}</p>
          ) : (
            <ul>
              <li><button type="button" onClick={() => choose({ provinceId: province.code, provinceName: province.shortName })}>全省</button></li>
              {loaded.list.map((c) => (
                <li key={c.id}>
                  <button type="button" onClick={() => choose({ provinceId: province.code, provinceName: province.shortName, provincecityId: c.id, provincecityName: c.name })}>{c.name}</button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}

export default function WechatSaleVolume() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const type = MP_TABS.find((t) => String(t.value) === params.get('type'))?.value ?? 1;
  if (data.view === 'bind' && data.link) return <main className="mp"><BindForm link={data.link} /></main>;
  if (data.view === 'refused') return <main className="mp"><p className="mp-refused" role="alert">{data.message}</p></main>;
  const r = data.result;
  const tabHref = (value: MpType) => {
    // A new tab clears the result and the search (spec §4); the place stays.
    const next = new URLSearchParams();
    for (const k of MP_PLACE_FIELDS) if (params.get(k)) next.set(k, params.get(k)!);
    next.set('type', String(value));
    return `?${next}`;
  };
  return (
    <main className="mp">
      <nav className="mp-tabs" role="tablist">
        {MP_TABS.map((t) => (
          <Link key={t.value} role="tab" aria-selected={t.value === type} className={t.value === type ? 'is-active' : ''} to={tabHref(t.value)} replace>{t.label}</Link>
        ))}
      </nav>
      <div className="mp-bar">
        <CityBox />
        <Search key={type} type={type} />
      </div>
      {data.message ? <p className="mp-error" role="alert">{data.message}</p> : null}
      {r ? (
        <>
          <header className="mp-head"><h1>{r.name}</h1><span>{r.areaName} · {r.time}</span></header>
          <section className="mp-cards">
            <div><small>单月（千辆）</small><b>{r.salesStr}</b></div>
            <div><small>同比</small><b><Growth value={r.yoy} text={r.yoys} /></b></div>
            <div><small>年累计（千辆）</small><b>{r.ljSalesStr}</b></div>
            <div><small>同比</small><b><Growth value={r.ljYoy} text={r.ljYoys} /></b></div>
          </section>
          <MpChart title="近13个月销量" chart={r.chart} height={400} />
        </>
      ) : (
        <p className="mp-hint">搜索厂商、品牌或车型，查看{params.get('provincecityName') ?? params.get('provinceName') ?? '全国'}的零售销量</p>
      )}
    </main>
  );
}

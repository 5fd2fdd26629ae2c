import { useFetcher, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { MP_PLACE_FIELDS, type MpCity, PROVINCES } from '@car/contracts';

import { cityGroups } from '~/utils/city-groups';
import { MpIcon } from './MpIcon';

/** The provinces as the picker's search groups them: matched by full name, headed by short name. */
const PICKER_PROVINCES = PROVINCES.map((p) => ({ id: p.code, name: p.name, province: p }));

/**
 * The phone page's city box (销量查询). Inside the mini-program it would open the mini-program's own
 * province-city page; in a browser it opens this in-page picker: provinces (and 全国), then the chosen
 * province's cities (and 全省); its search box finds cities by their name or their province's, grouped by
 * province (spec §2.11, the same rule as the export pages' city dialog, `cityGroups`). The choice goes to
 * the address as the spec's parameters provinceId, provinceName, provincecityId and provincecityName, so
 * a result shown re-queries for the new place.
 */
export function MpCityBox() {
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
        <MpIcon name="pin" />
        <span>{name}</span>
      </button>
      {open ? (
        <div className="mp-picker" role="dialog" aria-modal="true" aria-label={province ? `选择${province.shortName}的城市` : '选择省份'}>
          <header>
            {province ? (
              <button type="button" aria-label="返回省份" onClick={() => setProvince(null)}>
                <MpIcon name="back" />
                省份
              </button>
            ) : (
              <span />
            )}
            <b>{province ? province.name : '选择省份'}</b>
            <button type="button" aria-label="关闭" onClick={close}>
              <MpIcon name="close" />
            </button>
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
              <p className="mp-error" role="alert">
                {everyCity.data.failure}
              </p>
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
                          <button
                            type="button"
                            onClick={() => choose({ provinceId: p.code, provinceName: p.shortName, provincecityId: c.id, provincecityName: c.name })}
                          >
                            {c.name}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )
          ) : province === null ? (
            <ul>
              <li>
                <button type="button" onClick={() => choose({})}>
                  全国
                </button>
              </li>
              {PROVINCES.map((p) => (
                <li key={p.code}>
                  <button type="button" onClick={() => pickProvince(p)}>
                    {p.shortName}
                  </button>
                </li>
              ))}
            </ul>
          ) : loaded === null ? (
            <p className="mp-empty">加载中…</p>
          ) : loaded.failure ? (
            <p className="mp-error" role="alert">
              {loaded.failure}
            </p>
          ) : (
            <ul>
              <li>
                <button type="button" onClick={() => choose({ provinceId: province.code, provinceName: province.shortName })}>
                  全省
                </button>
              </li>
              {loaded.list.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => choose({ provinceId: province.code, provinceName: province.shortName, provincecityId: c.id, provincecityName: c.name })}
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}

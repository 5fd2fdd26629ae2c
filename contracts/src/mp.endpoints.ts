import { z } from 'zod';
import * as mp from './mp';
import { endpoint } from './endpoint';

/** The mini-program's phone page and its binding (backend/src/mp). */

export const MP = {
  session: endpoint({
    method: 'POST',
    path: 'mp/session',
    tag: 'mp',
    access: 'public',
    params: mp.mpLinkSchema,
    result: mp.mpSessionResultSchema,
    summary: '小程序签名链接（openId, ts, sign）→ mp 会话；未绑定的 openId 答 -1013',
  }),
  bind: endpoint({
    method: 'POST',
    path: 'mp/bind',
    tag: 'mp',
    access: 'public',
    params: mp.mpBindSchema,
    result: mp.mpSessionResultSchema,
    summary: '一次性绑定：签名链接加账号、密码，绑定 openId 并开始 mp 会话',
  }),
  unbind: endpoint({
    method: 'POST',
    path: 'mp/unbind',
    tag: 'mp',
    access: 'session',
    params: mp.mpUnbindSchema,
    result: z.object({ unbound: z.boolean() }),
    summary: '管理员解除 openId 的绑定',
  }),
  retailChart: endpoint({
    method: 'GET',
    path: 'mp/retail/getRetailChart',
    tag: 'mp',
    access: 'mp',
    params: mp.mpRetailChartSchema,
    result: mp.mpRetailChartResultSchema,
    summary: '移动端销量：type 1 厂商 / 0 品牌 / 2 厂商品牌 / 4 车型，id，provinceId，cityId → 单月、同比、年累计、同比与近 13 个月柱线图',
  }),
  searchCar: endpoint({
    method: 'GET',
    path: 'mp/retail/searchCar',
    tag: 'mp',
    access: 'mp',
    params: mp.mpSearchCarSchema,
    result: z.array(mp.mpSuggestionSchema),
    summary: '移动端搜索 [{id, name}]：type, name（任意长度；页面输入时从 2 个字符起请求建议，回车或 🔍 时总是搜索）',
  }),
  cities: endpoint({
    method: 'GET',
    path: 'mp/retail/getCities',
    tag: 'mp',
    access: 'mp',
    params: mp.mpCitiesSchema,
    result: z.array(mp.mpCitySchema),
    summary: '移动端城市选择：provinceId → 该省城市，无 provinceId → 全部城市（搜索框用）[{id, name, provinceId}]（6 位行政区划代码）',
  }),
  searchAll: endpoint({
    method: 'GET',
    path: 'mp/retail/searchAll',
    tag: 'mp',
    access: 'mp',
    params: mp.mpSearchAllSchema,
    result: z.array(mp.mpTabMatchesSchema),
    summary: '移动端跨页签搜索：name → 厂商、品牌、厂商品牌、车型四个页签各自的匹配 [{type, label, list: [{id, name}]}]（按页签顺序）',
  }),
};

import type JSZip from 'jszip';
import request from 'supertest';
import {
  type DashboardCityPage,
  type DashboardCityRow,
  type DashboardList,
  type DashboardNevTrend,
  type DashboardRow,
  type DashboardWhole,
  growthDirection,
} from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { chartData, decode, openDeck, part, slide, slideCount } from '../support/deck-zip';
import { signedInApi } from '../support/signed-in-api';

/*
 * 导出PPT of 看板 (decision 220) on the demo data: the deck for the page's period, tabs and city page, read as
 * its zip of XML — every figure, the trend's values, every cell of the four lists and the briefs against the
 * dashboard's own calls for the same parameters.
 */
const API = '/car/api';

describe('导出PPT of 看板 (dashboard/ppt)', () => {
  const { get, result, app } = signedInApi({ address: `10.93.${process.pid % 250}.1`, base: API });

  async function deckOf(query: Record<string, string>): Promise<{ zip: JSZip; disposition: string }> {
    const response = await get('dashboard/ppt', query).buffer(true).parse(binaryBody);
    expect({ status: response.status, type: response.headers['content-type'] }).toEqual({
      status: 200,
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    return { zip: await openDeck(response.body as Buffer), disposition: String(response.headers['content-disposition']) };
  }

  /** A growth as a card shows it: its text, after its arrow when it shows one. */
  const card = (value: number | null, text: string): string => {
    const direction = growthDirection(value);
    return direction ? `${direction === 'up' ? '↑' : '↓'} ${text}` : text;
  };

  /** A list as the page's DashboardTable shows it: rank, name, 千辆, share, growth (cities add their flags). */
  const listed = (rows: ReadonlyArray<DashboardRow | DashboardCityRow>, nameHeader: string, firstRank = 1): string[][] => {
    const cities = rows.some((r) => 'xianxing' in r);
    const flags = (r: DashboardRow | DashboardCityRow) =>
      ['xianxing' in r && r.xianxing ? '限行' : '', 'xiangou' in r && r.xiangou ? '限购' : ''].filter((f) => f !== '').join('、') || '-';
    return [
      ['排名', nameHeader, ...(cities ? ['限行、限购'] : []), '销量（千辆）', '份额', '同比'],
      ...rows.map((r, i) => [String(firstRank + i), r.name, ...(cities ? [flags(r)] : []), r.qtyStr, r.perStr, r.yoys]),
    ];
  };

  test.each([
    [{}, '单月', '新创', '新创', 1],
    [{ accumulate: '1', brandType: '1', modelType: '0', cityPage: '2' }, '累计', '自主', '合资', 2],
  ] as const)('%o: every slide equals the dashboard’s calls for the same period, tabs and city page', async (query, mode, brandTab, modelTab, page) => {
    const { zip, disposition } = await deckOf({ ...query });
    const period = { accumulate: 'accumulate' in query ? query.accumulate : '0' };
    const brandType = 'brandType' in query ? query.brandType : '2';
    const modelType = 'modelType' in query ? query.modelType : '2';
    const [whole, brands, models, cities, trend] = await Promise.all([
      result<DashboardWhole>('dashboard/whole', period),
      result<DashboardList>('dashboard/brands', { ...period, jllType: brandType }),
      result<DashboardList>('dashboard/modelSubs', { ...period, jllType: modelType }),
      result<DashboardCityPage>('dashboard/cities', { ...period, jllType: brandType, currentPage: String(page) }),
      result<DashboardNevTrend>('dashboard/nevTrend', {}),
    ]);
    const [year, month] = whole.time.split('-').map(Number);
    const periodText = mode === '累计' && month > 1 ? `${year}年1-${month}月` : `${year}年${month}月`;
    expect(disposition).toContain(encodeURIComponent(`乘用车零售看板-${periodText}.pptx`));

    const first = (page - 1) * 10 + 1;
    expect((await slide(zip, 1)).texts).toEqual(
      expect.arrayContaining([
        '乘用车零售看板',
        `时间：${periodText}    统计：${mode}    数据来源：零售量    品牌、城市：${brandTab}    车型：${modelTab}    城市排名：${first}~${first + 9}`,
      ]),
    );

    // The cards: six figures a slide, labels then values, as the page shows them.
    expect((await slide(zip, 2)).texts.slice(0, 13)).toEqual([
      '新能源与整体市场',
      '新能源（千辆）',
      '新能源同比',
      '整体市场（千辆）',
      '整体市场同比',
      '渗透率',
      '渗透率较去年同期(百分点)',
      whole.xinnengyuan.qtyStr,
      card(whole.xinnengyuan.yoy, whole.xinnengyuan.yoys),
      whole.all.qtyStr,
      card(whole.all.yoy, whole.all.yoys),
      whole.shentoulvStr,
      whole.yoyShentoulvStr.replace('个百分点', ''),
    ]);
    expect((await slide(zip, 3)).texts.slice(7, 13)).toEqual([
      whole.bev.qtyStr,
      card(whole.bev.yoy, whole.bev.yoys),
      `${whole.bevPer?.toFixed(1)}%`,
      whole.phev.qtyStr,
      card(whole.phev.yoy, whole.phev.yoys),
      `${whole.phevPer?.toFixed(1)}%`,
    ]);
    expect((await slide(zip, 4)).texts.slice(7, 13)).toEqual([whole.xinchuang, whole.zizhu, whole.hezi].flatMap((v) => [v.qtyStr, card(v.yoy, v.yoys)]));

    // The trend: one line of the thirteen months' penetration, in percents.
    expect((await slide(zip, 5)).texts[0]).toBe('新能源渗透率走势（近13个月）');
    const chartPart = Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))!;
    const caches = chartData(await part(zip, chartPart));
    expect(caches.categories).toEqual(trend.chart.xAxis[0].categories);
    expect(caches.series).toEqual(trend.chart.series.map((s) => s.data.map((v) => (v === null ? '' : String(v)))));

    const lists = await Promise.all([6, 7, 8, 9].map((n) => slide(zip, n)));
    expect(lists.map((s) => s.texts[0])).toEqual([
      `厂商 TOP${whole.producers.length}`,
      `品牌 TOP7（${brandTab}）`,
      `车型 TOP10（${modelTab}）`,
      `城市（${brandTab}）`,
    ]);
    expect(lists[0].table).toEqual(listed(whole.producers, '厂商'));
    expect(lists[1].table).toEqual(listed(brands.list, '品牌'));
    expect(lists[2].table).toEqual(listed(models.list, '车型'));
    expect(lists[3].table).toEqual(listed(cities.list, '城市', first));

    const briefs = await slide(zip, 10);
    expect(briefs.texts.slice(0, 1 + 2 * whole.briefs.length)).toEqual(['数据简报', ...whole.briefs.flatMap((b) => [b.title, b.text])]);
    expect(slideCount(zip)).toBe(10);
  });

  test('the notes define what the cards name', async () => {
    const { zip } = await deckOf({});
    const notes = decode(await part(zip, 'ppt/notesSlides/notesSlide2.xml'));
    expect(notes).toMatch(/渗透率：/);
    expect(notes).toMatch(/同比：/);
  });

  test('guarded as the dashboard’s calls: a session, nothing more; bad input refused in Chinese', async () => {
    const anonymous = await request(app().getHttpServer()).get(`${API}/dashboard/ppt`);
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: -1009 });
    const bad = await get('dashboard/ppt', { cityPage: '4' });
    expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: -1400 });
    expect(bad.body.msg).toContain('cityPage');
  });
});

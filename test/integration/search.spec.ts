import { Client } from 'pg';
import request from 'supertest';
import { DICTIONARY_TYPES, type IdName, type LetterGroup } from '@car/contracts';
import { DICTIONARIES } from '../../backend/src/reference/data/dictionaries';
import { sharedApp, type SharedApp } from '../support/shared-app';
import { testEnv } from '../support/test-env';

const API = '/car/api/search';
const byPinyin = new Intl.Collator('zh-CN');

/** The letter groups are A-Z, each letter once, each list sorted by pinyin. */
function expectWellFormedGroups(groups: LetterGroup<IdName>[]): void {
  const letters = groups.map((g) => g.letter);
  expect(letters).toEqual([...letters].sort());
  expect(new Set(letters).size).toBe(letters.length);
  for (const group of groups) {
    expect(group.letter).toMatch(/^[A-Z]$/);
    expect(group.list.length).toBeGreaterThan(0);
    const names = group.list.map((e) => e.name);
    expect(names).toEqual([...names].sort(byPinyin.compare));
    for (const e of group.list) expect(e).toEqual({ id: expect.any(Number), name: expect.any(String) });
  }
}

const idsOf = (groups: LetterGroup<IdName>[]): number[] => groups.flatMap((g) => g.list.map((e) => e.id)).sort((a, b) => a - b);

describe('the search calls', () => {
  const env = testEnv();
  let app: SharedApp;
  let db: Client;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: `10.77.${process.pid % 250}.1` }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  function get(path: string, query: Record<string, string> = {}) {
    return request(app.getHttpServer()).get(`${API}/${path}`).query(query).set('token', token);
  }

  async function result<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await get(path, query);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: 1 });
    return response.body.result as T;
  }

  async function column(sql: string, params: unknown[] = []): Promise<number[]> {
    const rows = await db.query(sql, params);
    return rows.rows.map((row) => Number(Object.values(row)[0])).sort((a, b) => a - b);
  }

  describe('access', () => {
    test.each(['calendar', 'getProducers', 'getCars?modelSubIds=1', 'dictionary?type=dicFuel', 'complexBPs?type=0'])(
      '%s without a token is a 401 with code -1009',
      async (path) => {
        const response = await request(app.getHttpServer()).get(`${API}/${path}`).expect(401);
        expect(response.body).toEqual({ code: -1009, msg: '请先登录', result: null });
      },
    );
  });

  describe('calendar', () => {
    test('lists the 94 retail months newest first, 2026-10 the default', async () => {
      const months = await result<string[]>('calendar');
      expect(months).toHaveLength(94);
      expect(months[0]).toBe('2026-10');
      expect(months[93]).toBe('2019-01');
      expect(months).toEqual([...months].sort().reverse());
      for (const month of months) expect(month).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    });

    test.each(['1', '2', '3'])('category %s lists its months newest first', async (category) => {
      const months = await result<string[]>('calendar', { category });
      expect(months[0]).toBe('2026-10');
      expect(months).toHaveLength(94);
    });

    test('each category follows its own flag of data_month', async () => {
      const flagged = async (flag: string) =>
        (await db.query(`SELECT to_char(to_date(month::text, 'YYYYMM'), 'YYYY-MM') AS m FROM data_month WHERE ${flag} ORDER BY month DESC`)).rows.map(
          (r) => r.m as string,
        );
      expect(await result('calendar', { category: '1' })).toEqual(await flagged('has_price'));
      expect(await result('calendar', { category: '2' })).toEqual(await flagged('has_retail'));
      expect(await result('calendar', { category: '3' })).toEqual(await flagged('has_rebate'));
    });
  });

  describe('segments and dictionaries', () => {
    test('getDetailMarket starts with 整体市场 (-1), then the segments', async () => {
      const segments = await result<IdName[]>('getDetailMarket');
      expect(segments[0]).toEqual({ id: -1, name: '整体市场' });
      expect(segments.slice(1).map((s) => s.id)).toEqual(await column('SELECT id FROM segment'));
    });

    test('a category narrows to its segments; getAllDetailMarket has no 整体市场 entry', async () => {
      const suvs = await result<IdName[]>('getDetailMarket', { category: '2' });
      expect(suvs.slice(1).map((s) => s.id)).toEqual(await column('SELECT id FROM segment WHERE category = 2'));
      expect(suvs.slice(1).every((s) => s.name.includes('SUV'))).toBe(true);
      const all = await result<IdName[]>('getAllDetailMarket');
      expect(all).toHaveLength(13);
      expect(all.some((s) => s.id === -1)).toBe(false);
      expect((await result<IdName[]>('getAllDetailMarket', { category: '4' })).map((s) => s.name)).toEqual(['跑车']);
    });

    test('the fixed lists answer their dictionaries as {key, value}', async () => {
      const asList = (type: string) => DICTIONARIES[type].map(([key, value]) => ({ key, value }));
      expect(await result('getFuels')).toEqual(asList('dicFuel'));
      expect(await result('getProducerProperties')).toEqual(asList('dicProducerProperty'));
      expect(await result('getBrandProperties')).toEqual(asList('dicBoundProperty'));
      expect(await result('getBodyShapes')).toEqual(asList('dicBodyShape'));
      expect(await result('getWholes')).toEqual([{ key: -1, value: '全部' }, ...asList('dicProducerProperty')]);
    });

    test('every dictionary type of the spec answers, spelling variants included', async () => {
      for (const type of DICTIONARY_TYPES) {
        const entries = await result<Array<{ key: unknown; value: string }>>('dictionary', { type });
        expect(entries.length).toBeGreaterThan(0);
      }
      expect(await result('dictionary', { type: 'gearbox' })).toEqual(await result('dictionary', { type: 'dicGearBox' }));
      expect(await result('dictionary', { type: 'driving' })).toEqual(await result('dictionary', { type: 'dicDriving' }));
      expect(await result('dictionary', { type: 'colour' })).toEqual(DICTIONARIES.colour.map(([key, value]) => ({ key, value })));
      const engines = await result<Array<{ key: string; value: string }>>('dictionary', { type: 'dicEngine' });
      for (const engine of engines) expect(engine.key).toBe(engine.value);
      expect(engines.map((e) => e.key)).toContain('1.5T');
    });

    test('an unknown dictionary type is a 400', async () => {
      const response = await get('dictionary', { type: 'dicSecret' }).expect(400);
      expect(response.body).toEqual({ code: -1400, msg: '参数 type 为未知的字典类型', result: null });
    });
  });

  describe('maker pick-lists', () => {
    test('getProducers groups every producer A-Z by initial, names in pinyin order', async () => {
      const groups = await result<LetterGroup<IdName>[]>('getProducers');
      expectWellFormedGroups(groups);
      expect(idsOf(groups)).toEqual(await column('SELECT DISTINCT producer_id FROM sub_series'));
      const initials = await db.query('SELECT id, initial FROM producer');
      const initialOf = new Map(initials.rows.map((r) => [r.id as number, r.initial as string]));
      for (const group of groups) for (const e of group.list) expect(initialOf.get(e.id)).toBe(group.letter);
    });

    test('getBrands and getProducerBrands are grouped the same way', async () => {
      const brands = await result<LetterGroup<IdName>[]>('getBrands');
      expectWellFormedGroups(brands);
      expect(idsOf(brands)).toEqual(await column('SELECT DISTINCT brand_id FROM sub_series'));
      const producerBrands = await result<LetterGroup<IdName>[]>('getProducerBrands');
      expectWellFormedGroups(producerBrands);
      expect(idsOf(producerBrands)).toEqual(await column('SELECT DISTINCT producer_brand_id FROM sub_series'));
    });

    test('key is a case-insensitive substring of the name', async () => {
      const groups = await result<LetterGroup<IdName>[]>('getProducers', { key: '大众' });
      const names = groups.flatMap((g) => g.list.map((e) => e.name));
      expect(names).toEqual(expect.arrayContaining(['一汽-大众', '上汽大众']));
      expect(names.every((n) => n.includes('大众'))).toBe(true);
      const latin = await column(`SELECT id FROM brand WHERE name ~ '[A-Za-z]' ORDER BY id LIMIT 1`);
      const { rows } = await db.query('SELECT name FROM brand WHERE id = $1', [latin[0]]);
      const name = rows[0].name as string;
      const swapped = name.replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
      const found = await result<LetterGroup<IdName>[]>('getBrands', { key: swapped });
      expect(found.flatMap((g) => g.list.map((e) => e.id))).toContain(latin[0]);
    });

    test('a key with % or _ or SQL is matched literally and finds nothing', async () => {
      for (const key of ['%', '_', '%%', "' OR '1'='1", "大众'; DROP TABLE producer; --", '\\']) {
        expect(await result<LetterGroup<IdName>[]>('getProducers', { key })).toEqual([]);
        expect(await result<IdName[]>('getSubModels', { key })).toEqual([]);
      }
      expect(await column('SELECT count(*) FROM producer')).not.toEqual([0]);
    });

    test('letter keeps one group', async () => {
      const groups = await result<LetterGroup<IdName>[]>('getBrands', { letter: 'b' });
      expect(groups.map((g) => g.letter)).toEqual(['B']);
      expect(idsOf(groups)).toEqual(await column(`SELECT DISTINCT b.id FROM brand b JOIN sub_series s ON s.brand_id = b.id WHERE b.initial = 'B'`));
    });

    test('detailId keeps the makers with a sub-series in that segment; -1 keeps all', async () => {
      const segment = await result<LetterGroup<IdName>[]>('getProducers', { detailId: '13' });
      expect(idsOf(segment)).toEqual(await column('SELECT DISTINCT producer_id FROM sub_series WHERE segment_id = 13'));
      expect(idsOf(segment).length).toBeLessThan(idsOf(await result<LetterGroup<IdName>[]>('getProducers')).length);
      expect(await result('getProducers', { detailId: '-1' })).toEqual(await result('getProducers'));
    });

    test('producerProperties and brandProperties narrow every maker list consistently', async () => {
      const jointVentures = await result<LetterGroup<IdName>[]>('getProducers', { producerProperties: '2' });
      expect(idsOf(jointVentures)).toEqual(
        await column('SELECT id FROM producer p WHERE property = 2 AND EXISTS (SELECT 1 FROM sub_series s WHERE s.producer_id = p.id)'),
      );
      const luxuryBrands = await result<LetterGroup<IdName>[]>('getBrands', { brandProperties: '1', detailId: '8' });
      expect(idsOf(luxuryBrands)).toEqual(
        await column('SELECT DISTINCT b.id FROM brand b JOIN sub_series s ON s.brand_id = b.id WHERE b.property = 1 AND s.segment_id = 8'),
      );
      const mixed = await result<LetterGroup<IdName>[]>('getProducerBrands', { producerProperties: '1,4', brandProperties: '1' });
      expect(idsOf(mixed)).toEqual(
        await column(
          `SELECT DISTINCT s.producer_brand_id FROM sub_series s JOIN producer p ON p.id = s.producer_id JOIN brand b ON b.id = s.brand_id
           WHERE p.property IN (1, 4) AND b.property = 1`,
        ),
      );
      expect(await result('getProducers', { producerProperties: '-1' })).toEqual(await result('getProducers'));
    });

    test('getReportProducers lists only producers that have a report everyone sees (not a user’s own deck, decision 299)', async () => {
      const groups = await result<LetterGroup<IdName>[]>('getReportProducers');
      expectWellFormedGroups(groups);
      const withReports = await column('SELECT DISTINCT producer_id FROM report WHERE owner_id IS NULL');
      expect(withReports.length).toBeGreaterThan(0);
      expect(idsOf(groups)).toEqual(withReports);
      const joint = await result<LetterGroup<IdName>[]>('getReportProducers', { producerProperties: '2' });
      expect(idsOf(joint)).toEqual(
        await column('SELECT DISTINCT r.producer_id FROM report r JOIN producer p ON p.id = r.producer_id WHERE p.property = 2 AND r.owner_id IS NULL'),
      );
    });
  });

  describe('series, sub-series and trims', () => {
    type SeriesGroup = LetterGroup<IdName & { subList: IdName[] }>;

    test('getSeries groups series by letter, each with its sub-series', async () => {
      const groups = await result<SeriesGroup[]>('getSeries');
      expect(groups.map((g) => g.letter)).toEqual([...groups.map((g) => g.letter)].sort());
      const subIds = groups.flatMap((g) => g.list.flatMap((s) => s.subList.map((sub) => sub.id))).sort((a, b) => a - b);
      expect(subIds).toEqual(await column('SELECT id FROM sub_series'));
      for (const group of groups) {
        expect(group.list.map((s) => s.name)).toEqual([...group.list.map((s) => s.name)].sort(byPinyin.compare));
        for (const series of group.list) expect(series.subList.length).toBeGreaterThan(0);
      }
    });

    test('getSeries narrows by brandIds, producerIds and key', async () => {
      const [brandId] = await column(`SELECT id FROM brand WHERE name = '比亚迪'`);
      const groups = await result<SeriesGroup[]>('getSeries', { brandIds: String(brandId) });
      const subIds = groups.flatMap((g) => g.list.flatMap((s) => s.subList.map((sub) => sub.id))).sort((a, b) => a - b);
      expect(subIds).toEqual(await column('SELECT id FROM sub_series WHERE brand_id = $1', [brandId]));
      const [producerId] = await column(`SELECT id FROM producer WHERE name = '上汽大众'`);
      const lavida = await result<SeriesGroup[]>('getSeries', { key: '朗逸', producerIds: String(producerId) });
      expect(lavida.map((g) => g.letter)).toEqual(['L']);
      expect(lavida[0].list.map((s) => s.name)).toEqual(['朗逸']);
    });

    test('getSubModels finds sub-series containing the key, at most 50', async () => {
      const found = await result<IdName[]>('getSubModels', { key: '秦' });
      expect(found.length).toBeGreaterThan(0);
      for (const sub of found) expect(sub.name).toContain('秦');
      expect(found.every((s) => Object.keys(s).sort().join() === 'id,name')).toBe(true);
      expect((await result<IdName[]>('getSubModels', { key: 'e' })).length).toBeLessThanOrEqual(50);
    });

    test('getCars lists the trims on sale in the latest month by MSRP, with shares that add up to 100 %', async () => {
      const { rows } = await db.query(
        `SELECT c.sub_series_id AS id FROM retail_fact f JOIN car c ON c.id = f.car_id WHERE f.month = 202610
         GROUP BY 1 HAVING count(DISTINCT c.id) >= 3 ORDER BY sum(f.qty) DESC LIMIT 3`,
      );
      const ids = rows.map((r) => r.id as number);
      const answer = await result<Array<IdName & { cars: Array<IdName & { msrp: string; mix: string }> }>>('getCars', {
        modelSubIds: ids.join(','),
      });
      expect(answer.map((s) => s.id)).toEqual(ids);
      for (const sub of answer) {
        expect(sub.cars.length).toBeGreaterThan(0);
        const prices = sub.cars.map((car) => {
          expect(car.msrp).toMatch(/^\d{1,3}(,\d{3})+$/);
          return Number(car.msrp.replace(/,/g, ''));
        });
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        for (const car of sub.cars) expect(car.mix).toMatch(/^(\d{1,3}\.\d%|-)$/);
        const total = sub.cars.reduce((sum, car) => sum + (car.mix === '-' ? 0 : Number(car.mix.slice(0, -1))), 0);
        expect(Math.abs(total - 100)).toBeLessThanOrEqual(0.1 * sub.cars.length);
        const onSale = await column(`SELECT id FROM car WHERE sub_series_id = $1 AND launch_month <= 202610 AND (end_month IS NULL OR end_month >= 202610)`, [
          sub.id,
        ]);
        for (const id of onSale) expect(sub.cars.map((c) => c.id)).toContain(id);
      }
    });

    test('getCars takes id for one sub-series and time for another month', async () => {
      const single = await result<Array<{ id: number; cars: unknown[] }>>('getCars', { id: '1' });
      expect(single.map((s) => s.id)).toEqual([1]);
      const earlier = await result<Array<{ id: number; cars: Array<{ id: number }> }>>('getCars', { id: '1', time: '2020-06' });
      const onSale = await column(`SELECT id FROM car WHERE sub_series_id = 1 AND launch_month <= 202006 AND (end_month IS NULL OR end_month >= 202006)`);
      expect(earlier[0].cars.map((c) => c.id).sort((a, b) => a - b)).toEqual(expect.arrayContaining(onSale));
      const unknown = await get('getCars', { id: '1', time: '2031-01' }).expect(400);
      expect(unknown.body).toEqual({
        code: -1400,
        msg: expect.stringMatching(/^参数 time 没有 2031-01 的零售数据，应在 \d{4}-\d{2} 至 \d{4}-\d{2} 之间$/),
        result: null,
      });
    });
  });

  describe('regions, provinces and cities', () => {
    test('getAreas lists the seven big regions', async () => {
      const areas = await result<Array<Record<string, unknown>>>('getAreas');
      expect(areas.map((a) => a.name)).toEqual(['华北', '东北', '华东', '华中', '华南', '西南', '西北']);
      expect(areas[0]).toEqual({ id: 1, name: '华北', code: '1', dimensionality: 1 });
    });

    test('getProvinces lists all 31 or those of one region', async () => {
      expect(await result<unknown[]>('getProvinces')).toHaveLength(31);
      const south = await result<Array<Record<string, unknown>>>('getProvinces', { areaId: '5' });
      expect(south.map((p) => p.name)).toEqual(['广东省', '广西壮族自治区', '海南省']);
      expect(south[0]).toEqual({ id: 440000, name: '广东省', shortName: '广东', code: '440000', dimensionality: 2, areaId: 5 });
    });

    test('getCities by province, with provinceCode and tier, narrowed by condition', async () => {
      const guangdong = await result<Array<Record<string, unknown>>>('getCities', { provinceId: '440000' });
      expect(guangdong.map((c) => c.id)).toEqual(await column('SELECT id FROM city WHERE province_id = 440000'));
      expect(guangdong[0]).toEqual({ id: 440100, name: '广州市', code: '440100', dimensionality: 3, provinceId: 440000, provinceCode: '440000', tier: 1 });
      const two = await result<Array<{ provinceId: number }>>('getCities', { provinceIds: '440000,110000' });
      expect(new Set(two.map((c) => c.provinceId))).toEqual(new Set([110000, 440000]));
      const zhou = await result<Array<{ name: string }>>('getCities', { provinceId: '440000', condition: '州' });
      expect(zhou.length).toBeGreaterThan(0);
      expect(zhou.every((c) => c.name.includes('州'))).toBe(true);
    });

    test('getProvinceCities groups cities under their province', async () => {
      const all = await result<Array<IdName & { cities: IdName[] }>>('getProvinceCities');
      expect(all).toHaveLength(31);
      expect(all.reduce((n, p) => n + p.cities.length, 0)).toBe((await column('SELECT count(*) FROM city'))[0]);
      const south = await result<Array<IdName & { cities: IdName[] }>>('getProvinceCities', { areaIds: '5' });
      expect(south.map((p) => p.name)).toEqual(['广东省', '广西壮族自治区', '海南省']);
      const guang = await result<Array<IdName & { cities: IdName[] }>>('getProvinceCities', { condition: '广东' });
      expect(guang.map((p) => p.name)).toEqual(['广东省']);
      expect(guang[0].cities).toHaveLength(all.find((p) => p.id === 440000)!.cities.length);
    });
  });

  describe('complexBPs, the cascading pick-list of the export pages', () => {
    test('types 0-2 are letter-grouped brands, producers and producer-brands', async () => {
      expectWellFormedGroups(await result<LetterGroup<IdName>[]>('complexBPs', { type: '0' }));
      expectWellFormedGroups(await result<LetterGroup<IdName>[]>('complexBPs', { type: '1' }));
      expectWellFormedGroups(await result<LetterGroup<IdName>[]>('complexBPs', { type: '2' }));
    });

    test('each level is narrowed by the ids chosen above it', async () => {
      const [brandId] = await column(`SELECT id FROM brand WHERE name = '宝马'`);
      const producers = await result<LetterGroup<IdName>[]>('complexBPs', { type: '1', brandIds: String(brandId) });
      expect(idsOf(producers)).toEqual(await column('SELECT DISTINCT producer_id FROM sub_series WHERE brand_id = $1', [brandId]));
      const producerBrands = await result<LetterGroup<IdName>[]>('complexBPs', { type: '2', brandIds: String(brandId) });
      expect(idsOf(producerBrands)).toEqual(await column('SELECT DISTINCT producer_brand_id FROM sub_series WHERE brand_id = $1', [brandId]));
      const [pbId] = idsOf(producerBrands);
      const series = await result<IdName[]>('complexBPs', { type: '3', producerBrands: String(pbId) });
      expect(series.map((s) => s.id).sort((a, b) => a - b)).toEqual(await column('SELECT id FROM series WHERE producer_brand_id = $1', [pbId]));
      const subs = await result<IdName[]>('complexBPs', { type: '4', modelIds: String(series[0].id) });
      expect(subs.map((s) => s.id).sort((a, b) => a - b)).toEqual(await column('SELECT id FROM sub_series WHERE series_id = $1', [series[0].id]));
      const trims = await result<Array<IdName & { msrp: string; modelSubId: number; modelSubName: string }>>('complexBPs', {
        type: '5',
        modelSubIds: String(subs[0].id),
      });
      expect(trims.map((t) => t.id).sort((a, b) => a - b)).toEqual(await column('SELECT id FROM car WHERE sub_series_id = $1', [subs[0].id]));
      for (const trim of trims) {
        expect(trim.msrp).toMatch(/^\d{1,3}(,\d{3})+$/);
        expect(trim).toMatchObject({ modelSubId: subs[0].id, modelSubName: subs[0].name });
      }
    });

    test('condition narrows by name; unbounded trims stop at 1000', async () => {
      const series = await result<IdName[]>('complexBPs', { type: '3', condition: '海豹' });
      expect(series.length).toBeGreaterThan(0);
      expect(series.every((s) => s.name.includes('海豹'))).toBe(true);
      expect(await result<unknown[]>('complexBPs', { type: '5' })).toHaveLength(1000);
    });
  });

  describe('bad parameters are 400s with code -1400 and a Chinese message naming the field', () => {
    test.each([
      { path: 'getProducers', query: { detailId: 'abc' }, msg: '参数 detailId 应为整数' },
      { path: 'getProducers', query: { detailId: '0' }, msg: '参数 detailId 应为 -1 或细分市场 id' },
      { path: 'getBrands', query: { letter: 'AB' }, msg: '参数 letter 应为 A-Z 中的一个字母' },
      { path: 'getProducerBrands', query: { key: 'x'.repeat(51) }, msg: '参数 key 不能超过 50 个字符' },
      { path: 'getProducers', query: { producerProperties: '1 OR 1=1' }, msg: '参数 producerProperties 应为逗号分隔的整数' },
      { path: 'getSeries', query: { producerIds: '1,abc' }, msg: '参数 producerIds 应为逗号分隔的正整数' },
      { path: 'getSeries', query: { brandIds: Array.from({ length: 501 }, (_, i) => i + 1).join(',') }, msg: '参数 brandIds 最多 500 个' },
      { path: 'getCars', query: {}, msg: '参数 modelSubIds 不能为空' },
      { path: 'getCars', query: { modelSubIds: '1', time: '2026/10' }, msg: '参数 time 应为 YYYY-MM 格式的月份' },
      { path: 'calendar', query: { category: '9' }, msg: '参数 category 应为 1、2 或 3' },
      { path: 'getDetailMarket', query: { category: '5' }, msg: '参数 category 应为 1 到 4 的整数' },
      { path: 'getProvinces', query: { areaId: 'x' }, msg: '参数 areaId 应为正整数' },
      { path: 'getCities', query: { provinceIds: '440000;DROP' }, msg: '参数 provinceIds 应为逗号分隔的正整数' },
      { path: 'complexBPs', query: { type: '6' }, msg: '参数 type 应为 0 到 5 的整数' },
      { path: 'complexBPs', query: {}, msg: '参数 type 应为 0 到 5 的整数' },
      { path: 'getFuels', query: { type: '1' }, msg: '参数 type 不是可用的参数' },
      { path: 'getProducers', query: { producerId: '1' }, msg: '参数 producerId 不是可用的参数' },
    ])('$path: $msg', async ({ path, query, msg }) => {
      const response = await get(path, query as Record<string, string>).expect(400);
      expect(response.body).toEqual({ code: -1400, msg, result: null });
    });

    test('a repeated parameter is refused, not joined', async () => {
      const response = await request(app.getHttpServer()).get(`${API}/getProducers?key=a&key=b`).set('token', token).expect(400);
      expect(response.body).toEqual({ code: -1400, msg: '参数 key 应为文本', result: null });
    });
  });
});

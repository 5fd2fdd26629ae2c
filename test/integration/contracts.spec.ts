import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { API_PREFIX, ApiCode, ENDPOINTS, envelopeSchema, MP_SESSION_HEADER, type Endpoint } from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { demoMpSession } from '../support/mp-link';
import { createAdmin, createAnalyst } from '../support/users';
import { layoutProblems } from '../support/workbook-table';

const ADMIN_PASSWORD = 'Contracts#2026a';

/**
 * The contracts (@car/contracts) against the running API: every route has a contract and every contract
 * a route; every endpoint, called with an ordinary request, answers in the envelope with a result its
 * schema accepts (the app also checks every answer of every other test: CHECK_RESULTS); the OpenAPI
 * description lists every call with its parameters and its result.
 */

/** One ordinary request per endpoint; a new endpoint without one here fails the coverage test. */
const EXAMPLES: Record<string, Record<string, string>> = {
  'security/login': {},
  'security/logout': {},
  'security/changePwd': {},
  'security/menus': {},
  'security/me': {},
  health: {},
  'search/calendar': { category: '1' },
  'search/getDetailMarket': { category: '2' },
  'search/getAllDetailMarket': {},
  'search/getFuels': {},
  'search/getProducerProperties': {},
  'search/getWholes': {},
  'search/getBrandProperties': {},
  'search/getBodyShapes': {},
  'search/dictionary': { type: 'dicEngine' },
  'search/getProducers': { key: '汽车' },
  'search/getBrands': { letter: 'B' },
  'search/getProducerBrands': { detailId: '3' },
  'search/getReportProducers': {},
  'search/getSeries': { producerProperties: '1' },
  'search/getSubModels': { key: '宋' },
  'search/getCars': { modelSubIds: '1,2' },
  'search/getAreas': {},
  'search/getProvinces': { areaId: '5' },
  'search/getCities': { provinceId: '440000' },
  'search/getProvinceCities': { areaIds: '5' },
  'search/dataStatus': {},
  'search/complexBPs': { type: '0' },
  'saleVolume/wholeMarket/whole': {},
  'saleVolume/wholeMarket/highCharts': { timeDimensionality: '1', count: '2' },
  'saleVolume/wholeMarket/detail': { time: '2026-02', newYear: '1' },
  'saleVolume/wholeMarket/series': { source: '1' },
  'saleVolume/wholeMarket/bound': { pageSize: '20', sort: 'yoy.desc' },
  'saleVolume/wholeMarket/producer': { fuels: '4,5,6' },
  'saleVolume/wholeMarket/modelSub': { detailId: '3' },
  'saleVolume/wholeMarket/area': { dimensionality: '2' },
  'saleVolume/wholeMarket/download': { type: '1' },
  'saleVolume/wholeMarket/ppt': { type: '2', pageSize: '20', timeDimensionality: '0', count: '1' },
  'saleVolume/areaMarket/whole': { area: '440000', level: '2' },
  'saleVolume/areaMarket/highCharts': { area: '5', level: '1' },
  'saleVolume/areaMarket/detail': { area: '440100', level: '3' },
  'saleVolume/areaMarket/series': {},
  'saleVolume/areaMarket/bound': { area: '440000', level: '2', time: '2026-01', newYear: '1' },
  'saleVolume/areaMarket/producer': { sort: 'mixChange.asc' },
  'saleVolume/areaMarket/area': {},
  'saleVolume/areaMarket/download': { type: '3' },
  'saleVolume/areaMarket/ppt': { type: '3', area: '5', level: '1', tags: '2,5,9', sort: 'sales.asc' },
  'saleVolume/companyBrand/whole': { type: '0', foreignId: '1' },
  'saleVolume/companyBrand/list': { type: '1', accumulate: '1', sort: 'ljRanking.asc' },
  'saleVolume/companyBrand/list2chart': { rank: '2' },
  'saleVolume/companyBrand/highCharts': { type: '0', foreignId: '1', compareType: '1', foreignIds: '2,3' },
  'saleVolume/companyBrand/carDetails': { type: '0', foreignId: '1', foreignIds: '2', time: '2026-02', newYear: '1' },
  'saleVolume/companyBrand/download': {},
  'saleVolume/companyBrand/downloadCarDetails': { type: '1', foreignId: '1' },
  'saleVolume/companyBrand/ppt': { type: '0', view: 'list', pageSize: '20', sort: 'yoy.desc', detailSort: 'sales.asc' },
  'pricevolume/priceQtyDetail/highCharts': { data2: '1', accumulate: '1' },
  'pricevolume/priceQtyDetail/table': { type: '1', data1: '1' },
  'pricevolume/priceQtyDetail/download': { type: '4', priceLow: '10', priceHigh: '30', segment: '2.5' },
  'pricevolume/priceQtyDetail/ppt': { type: '1', rows: '0', chart: '1' },
  'pricevolume/modelPrice/singleChart': { data2: '1' },
  'pricevolume/modelPrice/compareCharts': { modelSubIds: '1,2', accumulate: '1' },
  'pricevolume/modelPrice/singleTable': { data2: '2' },
  'pricevolume/modelPrice/compareTable': { modelSubIds: '2', data2: '3' },
  'pricevolume/modelPrice/downloadSingleTable': { data1: '1' },
  'pricevolume/modelPrice/downloadCompareTable': { modelSubIds: '3', accumulate: '1' },
  'pricevolume/modelPrice/ppt': { modelSubIds: '2,3', singleType: '1', singleCount: '2', compareView: '2', tableAccumulate: '1' },
  'carConfig/searchCar': { name: '朗' },
  'carConfig/get': { ids: '545,546' },
  'carConfig/level1': {},
  'carConfig/download': { ids: '545,546', hide: '1', differ: '1' },
  'carConfig/ppt': { ids: '545,546', differ: '1' },
  // Data exports: the POST is sent as a form; EXPORT_ID stands for a finished export made in beforeAll.
  'dataExport/cityRetail': { yyyyMm: '2026-10 - 2026-10', city: '440100', titleKeys: 'fuel' },
  'dataExport/mix': { yyyyMm: '2026-09 - 2026-10', producerId: '1', titleKeys: 'producer', segment: '5' },
  'dataExport/price': { yyyyMm: '2026-10 - 2026-10', modelSubId: '1', carId: '1', city: '110000', titleKeys: 'car,city' },
  'dataExport/fandian': { yyyyMm: '2026-10 - 2026-10', dicFuel: '6', titleKeys: 'fuel' },
  'dataExport/job': { id: 'EXPORT_ID' },
  'dataExport/jobs': {},
  'dataExport/file': { id: 'EXPORT_ID' },
  'price/marketPriceWhole/whole': { detailId: '3' },
  'price/marketPriceWhole/highCharts': { type: '1', bigArea: '5' },
  'price/marketPriceWhole/detailTable': { type: '1', type2: '0' },
  'price/marketPriceWhole/downloadDetailTable': { type: '2', type2: '1' },
  'price/marketPriceWhole/map': { composite: '1' },
  'price/marketPriceWhole/ppt': { dataType: '1', type: '1', type2: '0' },
  'price/cabmodelpricetrace/whole': { modelSubId: '1' },
  'price/cabmodelpricetrace/highCharts': { modelSubId: '1', modelSubIds: '2,3', measure: '1' },
  'price/cabmodelpricetrace/tpGap': { modelSubId: '1', modelSubIds: '2,3' },
  'price/cabmodelpricetrace/nationwide': { modelSubId: '2' },
  'price/cabmodelpricetrace/cityTable': { modelSubId: '1', type: '1' },
  'price/cabmodelpricetrace/downloadCityTable': { modelSubId: '1' },
  'price/cabmodelpricetrace/ppt': { modelSubId: '1', modelSubIds: '2', measure: '1', type: '0' },
  'price/totalMarket/highCharts': { view: '2', data2: '1', averageMonth: '1' },
  'price/totalMarket/table': { tab: '2', bodyShapes: '1,4', priceLow: '10', priceHigh: '30', segment: '2.5' },
  'price/totalMarket/download': { tab: '0', data1: '1' },
  'price/priceDetailMarket/highCharts': { view: '0', families: '1' },
  'price/priceDetailMarket/table': { tab: '3', detailId: '3', data2: '1' },
  'price/priceDetailMarket/download': { tab: '4', orderBy: '0' },
  'price/totalMarket/ppt': { view: '1', chart: '1', tab: '0', sort: 'mix.desc' },
  'price/priceDetailMarket/ppt': { view: '2', tab: '1', data2: '1', sort: 'name.asc' },
  'dashboard/whole': { accumulate: '1' },
  'dashboard/producers': { pageSize: '5', time: '2026-01', newYear: '1' },
  'dashboard/brands': { jllType: '2' },
  'dashboard/modelSubs': { jllType: '0' },
  'dashboard/cities': { jllType: '1', currentPage: '2' },
  'dashboard/nevTrend': {},
  'dashboard/ppt': { accumulate: '1', brandType: '1', cityPage: '2' },
  'mp/session': {},
  'mp/bind': {},
  'mp/unbind': {},
  'mp/retail/getRetailChart': { type: '1', id: '1', provinceId: '440000' },
  'mp/retail/searchCar': { type: '0', name: '大众' },
  'mp/retail/getCities': { provinceId: '440000' },
  'mp/retail/searchAll': { name: '大众' },
  // Reports: 32 and 115 are two of the demo set's workbooks; BUNDLE_ID stands for a finished bundle made in beforeAll.
  'reportDownload/list': { pageSize: '5', startDate: '2020-01' },
  // A workbook: the monthly job lists each producer's workbook, then its deck (odd ids workbooks, even ids decks).
  'reportDownload/download': { ids: '31' },
  'reportDownload/bundle': { ids: '32,115' },
  'reportDownload/bundleJob': { id: 'BUNDLE_ID' },
  'reportDownload/bundleFile': {},
  'reportDownload/upload': {},
  'reportDownload/replace': {},
  'reportDownload/delete': {},
  // Administration, called with an administrator's token; TARGET_ID is an analyst made in beforeAll.
  'admin/users/list': { keyword: 'demo', status: 'enabled' },
  'admin/users/options': {},
  'admin/users/bindings': { id: 'TARGET_ID' },
  'admin/users/create': { account: `contracts_${process.pid}`, password: 'Contract#2026', nickname: '契约测试', role: 'analyst' },
  'admin/users/update': { id: 'TARGET_ID', nickname: '契约改名', role: 'analyst' },
  'admin/users/disable': { id: 'TARGET_ID' },
  'admin/users/enable': { id: 'TARGET_ID' },
  'admin/users/resetPassword': { id: 'TARGET_ID' },
  'admin/users/revokeSessions': { id: 'TARGET_ID' },
  'admin/audit/list': { events: 'login.success', pageSize: '5' },
  'admin/audit/download': { events: 'login.success' },
  // The job monitor (administrators: called with ADMIN_TOKEN); the finished example export is among its jobs.
  'admin/jobs/list': { state: 'completed', kind: 'exports.data', pageSize: '5' },
  'admin/jobs/summary': {},
  'admin/jobs/retry': {},
  // Group robots (administrators: ADMIN_TOKEN); registering, editing, testing and deleting need a receiver: robots.spec.ts.
  'admin/robots/list': {},
  'admin/robots/options': {},
  'admin/robots/deliveries': {},
  'admin/robots/create': {},
  'admin/robots/update': {},
  'admin/robots/delete': {},
  'admin/robots/test': {},
  'robots/team': {},
  // Data imports (administrators: called with ADMIN_TOKEN); IMPORT_ID stands for an import with an error, waiting in review, made in beforeAll.
  'dataImport/upload': {},
  'dataImport/job': { id: 'IMPORT_ID' },
  'dataImport/jobs': {},
  'dataImport/problems': { id: 'IMPORT_ID', limit: '10' },
  'dataImport/report': { id: 'IMPORT_ID' },
  'dataImport/template': { kind: 'retail' },
  'dataImport/confirm': {},
  'dataImport/cancel': {},
  // 我的视图: the list and the colleague lookup here; the writes and opening a view in views.spec.ts.
  'views/list': {},
  'views/save': {},
  'views/rename': {},
  'views/delete': {},
  'views/share': {},
  'views/copy': {},
  'views/open': {},
  'views/colleagues': { keyword: 'admin' },
  // 竞品组: the list and the suggestions here; the writes in competitor-sets.spec.ts; 竞品监控 reads a set of the caller's,
  // so competitor-monitor.spec.ts calls it (its answers checked against the contract by CHECK_RESULTS).
  'competitorSets/list': {},
  'competitorSets/suggestions': {},
  'competitorSets/monitor': {},
  'competitorSets/ppt': {},
  'competitorSets/save': {},
  'competitorSets/update': {},
  'competitorSets/delete': {},
  'competitorSets/share': {},
  'competitorSets/copy': {},
  // 归因分析: the demo analyst's own maker's share by default; every split worked by hand in attribution.spec.ts.
  'attribution/volume': { by: 'fuel', compare: '2' },
  'attribution/share': { by: 'segment' },
  'attribution/price': { subjectType: 'segment', subjectId: '3', compare: '1' },
  // Their workbooks and decks (attribution-files.spec.ts opens each): the same parameters.
  'attribution/volume/download': { by: 'fuel', compare: '2' },
  'attribution/volume/ppt': { by: 'fuel', compare: '2' },
  'attribution/share/download': { by: 'segment' },
  'attribution/share/ppt': { by: 'segment' },
  'attribution/price/download': { subjectType: 'segment', subjectId: '3', compare: '1' },
  'attribution/price/ppt': { subjectType: 'segment', subjectId: '3', compare: '1' },
  'alerts/subscriptions': {},
  'alerts/rows': { kind: 'brand' },
  'alerts/subscriptions/create': {},
  'alerts/subscriptions/update': {},
  'alerts/subscriptions/pause': {},
  'alerts/subscriptions/delete': {},
  'alerts/notifications': {},
  'alerts/notifications/unread': {},
  'alerts/notifications/read': {},
  'alerts/notifications/readAll': {},
};

/**
 * A zip and the administrator's multipart and state-changing calls: report-download.spec.ts and
 * data-import.spec.ts exercise them; the retry needs a failed job: admin-jobs.spec.ts.
 */
const CHECKED_ELSEWHERE = new Set([
  'reportDownload/bundleFile',
  'reportDownload/upload',
  'reportDownload/replace',
  'reportDownload/delete',
  'dataImport/upload',
  'dataImport/confirm',
  'dataImport/cancel',
  'admin/jobs/retry',
  'views/save',
  'views/rename',
  'views/delete',
  'views/share',
  'views/copy',
  'views/open',
  'competitorSets/save',
  'competitorSets/update',
  'competitorSets/delete',
  'competitorSets/share',
  'competitorSets/copy',
  'competitorSets/monitor',
  // A set's deck needs a set: competitor-monitor.spec.ts.
  'competitorSets/ppt',
  'admin/robots/deliveries',
  'admin/robots/create',
  'admin/robots/update',
  'admin/robots/delete',
  'admin/robots/test',
  // JSON bodies with numbers and flags, and state a subscription must exist for: alerts.spec.ts.
  'alerts/subscriptions/create',
  'alerts/subscriptions/update',
  'alerts/subscriptions/pause',
  'alerts/subscriptions/delete',
  'alerts/notifications/read',
]);

/** Calls that end or change the session are exercised by the security tests, not replayed here. */
const SESSION_CHANGING = new Set(['security/login', 'security/logout', 'security/changePwd', 'mp/session', 'mp/bind', 'mp/unbind']);

describe('the contracts', () => {
  let app: NestExpressApplication;
  let token: string;
  /** An administrator's token, for the @AdminOnly calls; TARGET_ID is an analyst made here for the user calls. */
  let adminToken = '';
  let targetId = '';

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.90' }));
    adminToken = await adminSignIn();
    importId = await reviewedImport();
    const target = await createAnalyst('contracts_target', 'Contract#Target1', '契约对象');
    targetId = String(
      (await request(app.getHttpServer()).get(`${API_PREFIX}/admin/users/list`).query({ keyword: target }).set('token', adminToken).expect(200)).body.result
        .items[0].id,
    );
    exportId = await finishedExport();
    bundleId = (await request(app.getHttpServer()).get(`${API_PREFIX}/reportDownload/bundle`).query({ ids: '32,115' }).set('token', token).expect(200)).body
      .result.id as string;
  });
  let bundleId = '';
  let importId = '';

  /** An administrator of this file's own (the demo admin's sign-ins are left alone). */
  async function adminSignIn(): Promise<string> {
    const account = await createAdmin('contracts_admin', ADMIN_PASSWORD, '契约管理员');
    const login = await request(app.getHttpServer())
      .post(`${API_PREFIX}/security/login`)
      .set('X-Forwarded-For', '203.0.113.91')
      .send({ account, password: ADMIN_PASSWORD })
      .expect(200);
    return login.body.result.token as string;
  }

  /** A retail file whose one row names an unknown city: checked, it waits in review and writes nothing. */
  async function reviewedImport(): Promise<string> {
    const file = Buffer.from('月份,城市代码,车型代码,使用性质,所有权,颜色,销量\n2026-10,999999,X,1,1,1,1\n', 'utf8');
    const accepted = await request(app.getHttpServer())
      .post(`${API_PREFIX}/dataImport/upload`)
      .set('token', adminToken)
      .field('kind', 'retail')
      .field('from', '2026-10')
      .field('to', '2026-10')
      .attach('file', file, 'contracts.csv')
      .expect(200);
    const id = accepted.body.result.id as string;
    for (let i = 0; i < 300; i++) {
      const job = await request(app.getHttpServer()).get(`${API_PREFIX}/dataImport/job`).query({ id }).set('token', adminToken);
      if (job.body.result?.state === 'review') return id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the example import was not checked');
  }

  let exportId = '';
  /** An export of one city and month, run to its end, for the job and file examples. */
  async function finishedExport(): Promise<string> {
    const accepted = await request(app.getHttpServer())
      .post(`${API_PREFIX}/dataExport/cityRetail`)
      .set('token', token)
      .type('form')
      .send('yyyyMm=2026-10 - 2026-10&city=110000')
      .expect(200);
    const id = accepted.body.result.id as string;
    for (let i = 0; i < 300; i++) {
      const job = await request(app.getHttpServer()).get(`${API_PREFIX}/dataExport/job`).query({ id }).set('token', token);
      if (job.body.result?.status === 'done') return id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the example export did not finish');
  }
  const example = (path: string) =>
    Object.fromEntries(
      Object.entries(EXAMPLES[path]).map(([k, v]) => [
        k,
        v === 'EXPORT_ID' ? exportId : v === 'BUNDLE_ID' ? bundleId : v === 'TARGET_ID' ? targetId : v === 'IMPORT_ID' ? importId : v,
      ]),
    );

  afterAll(async () => {
    await app?.close();
  });

  test('every route the API serves has a contract, and every contract a route', () => {
    type Router = { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    const express = app.getHttpAdapter().getInstance() as unknown as { router?: Router; _router?: Router };
    const router = (express.router ?? express._router)!;
    const served = router.stack
      .filter((layer) => layer.route?.path.startsWith(`${API_PREFIX}/`) || layer.route?.path === API_PREFIX)
      .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path.slice(API_PREFIX.length + 1)}`))
      // The description itself (Swagger UI and its JSON) is no call of the API.
      .filter((route) => !/^GET docs(-json|-yaml|\/|$)/.test(route))
      .sort();
    const declared = ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort();
    expect(served).toEqual(declared);
  });

  test('every endpoint has an example request here', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ENDPOINTS.map((e) => e.path).sort());
  });

  test.each(ENDPOINTS.filter((e) => !SESSION_CHANGING.has(e.path) && !CHECKED_ELSEWHERE.has(e.path)).map((e): [string, Endpoint] => [e.path, e]))(
    '%s answers what its contract says',
    async (path, endpoint) => {
      const caller = endpoint.adminOnly ? adminToken : token;
      const call =
        endpoint.method === 'POST'
          ? request(app.getHttpServer()).post(`${API_PREFIX}/${path}`).type('form').send(example(path)).set('token', caller)
          : request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(example(path)).set('token', caller);
      // The mini-program's calls read an mp session (the demo openId's) instead of the web token.
      if (endpoint.access === 'mp') call.set(MP_SESSION_HEADER, await demoMpSession(app));
      if (typeof endpoint.result === 'string') {
        const response = await call.buffer(true).parse(binaryBody);
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toContain(endpoint.result === 'pptx' ? 'presentationml' : 'spreadsheetml');
        expect((response.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
        return;
      }
      const response = await call;
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: ApiCode.Success });
      const parsed = envelopeSchema(endpoint.result).safeParse(response.body);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      expect(response.body.result).not.toBeNull();
    },
  );

  /** The workbooks without a header block or without 数据截至 (the others have both): the import template is read back in; the audit log and an import's problems are no market figures. */
  const LAYOUT: Record<string, { head: boolean; asOf: boolean }> = {
    'dataImport/template': { head: false, asOf: false },
    'admin/audit/download': { head: true, asOf: false },
    'dataImport/report': { head: true, asOf: false },
  };

  test.each(ENDPOINTS.filter((e) => e.result === 'xlsx' && !CHECKED_ELSEWHERE.has(e.path)).map((e): [string, Endpoint] => [e.path, e]))(
    '%s: its workbook opens with the header block, an autofilter on the frozen header row, prints landscape one page wide with the header repeated, in one face (decisions 267, 281)',
    async (path, endpoint) => {
      const response = await request(app.getHttpServer())
        .get(`${API_PREFIX}/${path}`)
        .query(example(path))
        .set('token', endpoint.adminOnly ? adminToken : token)
        .buffer(true)
        .parse(binaryBody);
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.body);
      expect(layoutProblems(workbook, LAYOUT[path] ?? { head: true, asOf: true })).toEqual([]);
    },
  );

  test('a drifted answer is caught: a result schema refuses what the API does not send', () => {
    const summary = ENDPOINTS.find((e) => e.path === 'saleVolume/wholeMarket/whole')!;
    if (typeof summary.result === 'string') throw new Error('the summary is JSON');
    expect(summary.result.safeParse({ qty: 1, qtyStr: '1' }).success).toBe(false);
  });

  test('the OpenAPI description lists every call with its parameters and its result', async () => {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/docs-json`).expect(200);
    const document = response.body as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const endpoint of ENDPOINTS) {
      const operation = document.paths[`${API_PREFIX}/${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation.responses['200']).toBeDefined();
    }
    const whole = document.paths[`${API_PREFIX}/saleVolume/wholeMarket/whole`].get;
    expect(whole.parameters?.map((p) => p.name).sort()).toEqual(['detailId', 'fuels', 'newYear', 'producerProperty', 'source', 'time']);
    const result = JSON.stringify(whole.responses['200']);
    for (const field of ['qtyStr', 'yoys', 'yearYoy', 'ljTb']) expect(result).toContain(field);
    // The area tree's rows are recursive: described once among the components and referred to.
    const tree = JSON.stringify(document.paths[`${API_PREFIX}/saleVolume/areaMarket/area`].get.responses['200']);
    const row = /#\/components\/schemas\/([^"]+)/.exec(tree)![1];
    expect(JSON.stringify(document.components.schemas[row])).toContain('dimensionality');
  });
});

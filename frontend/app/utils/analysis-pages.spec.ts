/**
 * ANALYSIS_PAGES (contracts/src/views.ts) lists the URL keys each analysis page reads, so opening a saved view
 * drops only what the page no longer reads (decision 188). Each page's loader runs here over several addresses
 * (its branches read different keys) with every API call failing, and every key it reads must be listed.
 */
import { ANALYSIS_PAGES, DASHBOARD_PATH } from '@car/contracts';

jest.mock('~/utils/pages.server', () => ({ pageExists: () => true }));

type Loader = (args: { request: Request; context: { apiBase: string }; params: Record<string, string> }) => Promise<unknown>;

const ROUTES: Record<string, () => Promise<{ loader: Loader }>> = {
  '/salevolume/wholemarket': () => import('../routes/_shell.salevolume.wholemarket'),
  '/salevolume/areamarket': () => import('../routes/_shell.salevolume.areamarket'),
  '/salevolume/companybrand': () => import('../routes/_shell.salevolume.companybrand'),
  '/salevolume/competitormonitor': () => import('../routes/_shell.salevolume.competitormonitor'),
  '/salevolume/attribution': () => import('../routes/_shell.salevolume.attribution'),
  '/price/marketpricetendency': () => import('../routes/_shell.price.marketpricetendency'),
  '/price/cabmodelpricetrace': () => import('../routes/_shell.price.cabmodelpricetrace'),
  '/price/totalmarket': () => import('../routes/_shell.price.totalmarket'),
  '/pricedetailmarket': () => import('../routes/_shell.pricedetailmarket'),
  '/pricevolume/pricedimension': () => import('../routes/_shell.pricevolume.pricedimension'),
  '/pricevolume/cabmodelprice': () => import('../routes/_shell.pricevolume.cabmodelprice'),
  '/product/configquery': () => import('../routes/_shell.product.configquery'),
  [DASHBOARD_PATH]: () => import('../routes/dashboard.7c1f3a9e5b2d4806'),
};

/** Addresses that take the loaders down their branches: each table dimension, each mode and view. */
const VARIANTS = [
  '',
  ...[1, 2, 3, 4, 5, 6].map((d) => `dimension=${d}`),
  'source=1',
  'type=0',
  'type=1&id=1',
  'type=2&id=1&view=chart',
  'compareType=1&foreignId=1',
  'ids=1&carJllCodes=A',
  'set=1&chart=1&price=3&suggest=1',
  'tab=share&by=fuel&subjectType=brand&subjectId=1',
  'tab=price&subjectType=subSeries&subjectId=1&measure=discount&compare=1',
];

const read = new Set<string>();
// The prototype's own functions, put back after the run (Object.getOwnPropertyDescriptors keeps them unbound).
const original = Object.getOwnPropertyDescriptors(URLSearchParams.prototype);
const call = (name: 'get' | 'getAll' | 'has', self: URLSearchParams, args: unknown[]): unknown =>
  (original[name].value as (...a: unknown[]) => unknown).apply(self, args);

beforeAll(() => {
  URLSearchParams.prototype.get = function (this: URLSearchParams, name: string) {
    read.add(name);
    return call('get', this, [name]) as string | null;
  };
  URLSearchParams.prototype.getAll = function (this: URLSearchParams, name: string) {
    read.add(name);
    return call('getAll', this, [name]) as string[];
  };
  URLSearchParams.prototype.has = function (this: URLSearchParams, name: string, value?: string) {
    read.add(name);
    return call('has', this, value === undefined ? [name] : [name, value]) as boolean;
  };
  // Every API call fails: the loaders read their whole address before they call.
  globalThis.fetch = () => Promise.resolve(Response.json({ code: -1500, msg: '服务器内部错误', result: null }, { status: 500 }));
});

afterAll(() => Object.defineProperties(URLSearchParams.prototype, original));

test('every analysis page has its route here', () => {
  expect(Object.keys(ROUTES).sort()).toEqual(ANALYSIS_PAGES.map((p) => p.path).sort());
});

test.each(ANALYSIS_PAGES.map((page): [string, readonly string[]] => [page.path, page.keys]))('%s reads no URL key its entry lacks', async (path, keys) => {
  const { loader } = await ROUTES[path]();
  const seen = new Set<string>();
  for (const variant of VARIANTS) {
    read.clear();
    const request = new Request(`http://localhost${path}${variant ? `?${variant}` : ''}`, { headers: { cookie: 'car-token=t' } });
    await loader({ request, context: { apiBase: 'http://127.0.0.1:9/car/api' }, params: {} }).catch(() => undefined);
    for (const key of read) seen.add(key);
  }
  expect(seen.size).toBeGreaterThan(0);
  expect([...seen].filter((key) => !keys.includes(key))).toEqual([]);
});

/**
 * The fixed, varied calls of the benchmark: every endpoint of the search and sales-volume pages, each
 * with a list of query strings that walk months across 2019-2026, both data sources, segments, fuels,
 * producer properties, regions, provinces, cities, producers, brands and paging. The first
 * COMPARED_VARIANTS of each are also answered on the raw facts (PostgreSQL and DuckDB).
 */

export type EndpointGroup =
  'search' | 'wholeMarket' | 'areaMarket' | 'companyBrand' | 'priceVolume' | 'carConfig' | 'price' | 'dashboard' | 'mp' | 'account' | 'attribution';

export interface BenchEndpoint {
  group: EndpointGroup;
  /** The path under /car/api. */
  path: string;
  /** One call each: the query string (without '?'). */
  variants: string[];
  /** 'mp': called with the mini-program's mp session (the mp-session header) instead of the web token. */
  access?: 'mp';
  /** Reads facts outside the analytics layer: the same aggregate on the raw facts, for the comparison. */
  rawAggregate?: (variant: string) => RawAggregate;
  /** Its own p95 budget in ms, where its issue or a decision sets one other than its kind's (budget.ts BUDGET_MS). */
  targetMs?: number;
}

/** Stands in a variant for the id of the bench user's 竞品组, made before the cases run (bench-set.ts). */
export const BENCH_SET = 'BENCH_SET';

export interface RawAggregate {
  sql: string;
  params: unknown[];
}

/**
 * The shared filters of the sales-volume pages (time, source, detailId, fuels, producerProperty): the
 * latest month first, then months across the range. Segments: 3 A级轿车, 7 A级SUV, 8 B级SUV, 10 A级MPV,
 * 13 跑车; fuels: 1 petrol, 4 PHEV, 5 EREV, 6 BEV; producer property 1 自主, 2 合资, 3 外资独资.
 */
export const MARKET_FILTERS: readonly string[] = [
  '',
  'time=2026-09&fuels=4,5,6',
  'time=2025-12&source=1',
  'time=2024-09&detailId=7',
  'time=2023-07&producerProperty=2',
  'time=2022-04&detailId=3&fuels=1',
  'time=2021-12&source=1&detailId=10',
  'time=2020-02&fuels=6',
  'time=2019-12&producerProperty=1&detailId=8',
  'time=2025-06&detailId=13',
  'time=2024-01&source=1&fuels=4,5',
  'time=2026-03&producerProperty=3',
];

/**
 * 1-2月合计 (春节口径, decision 197): January and February months with newYear=1, timed beside the single-month
 * cases above; a January reads February's year-to-date sums, one month, as a single month does.
 */
const NEW_YEAR_FILTERS: readonly string[] = [
  'time=2026-02&newYear=1',
  'time=2026-01&newYear=1&fuels=4,5,6',
  'time=2025-02&newYear=1&source=1',
  'time=2025-01&newYear=1&detailId=7',
  'time=2024-02&newYear=1&producerProperty=2',
  'time=2023-01&newYear=1',
];
const NEW_YEAR_RETAIL = NEW_YEAR_FILTERS.filter((f) => !f.includes('source=1'));

/** The same without the wholesale ones: geography exists for retail only. */
const RETAIL_FILTERS = MARKET_FILTERS.filter((f) => !f.includes('source=1'));

/** Nodes of the area tree: the nation, regions (华南, 华东, 西南), provinces (广东, 四川, 江苏), cities (广州, 北京, 成都). */
const AREA_NODES: readonly string[] = [
  '',
  'area=5&level=1',
  'area=440000&level=2',
  'area=440100&level=3',
  'area=3&level=1',
  'area=510000&level=2',
  'area=110000&level=3',
  'area=6&level=1',
  'area=320000&level=2',
  'area=510100&level=3',
];

const PAGES: readonly string[] = ['currentPage=1&pageSize=10', 'currentPage=2&pageSize=20', 'currentPage=1&pageSize=50', 'currentPage=3&pageSize=10'];

/** Joins non-empty query-string parts. */
function qs(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('&');
}

/** Each of `base` with the next of `extras`, cycling. */
function vary(base: readonly string[], extras: readonly string[]): string[] {
  return base.map((b, i) => qs(b, extras[i % extras.length]));
}

/** Area-market variants: wholesale only for the nation (wholesale has no geography). */
function areaVariants(extras: readonly string[] = ['']): string[] {
  const out: string[] = [];
  let retail = 0;
  MARKET_FILTERS.forEach((filter, i) => {
    const node = filter.includes('source=1') ? '' : AREA_NODES[retail++ % AREA_NODES.length];
    out.push(qs(filter, node, extras[i % extras.length]));
  });
  return out;
}

/** Producers 1 比亚迪汽车, 42 上汽大众, 52 上汽通用, 6 长安汽车; brands 64 大众, 76 丰田, 1 比亚迪, 71 宝马. */
const MAKERS: readonly string[] = [
  'type=0&foreignId=1',
  'type=1&foreignId=64',
  'type=0&foreignId=42',
  'type=1&foreignId=76',
  'type=0&foreignId=52',
  'type=1&foreignId=1',
  'type=0&foreignId=6',
  'type=1&foreignId=71',
];
const COMPARISONS: readonly string[] = ['', 'foreignIds=42,52&compareType=1', '', 'foreignIds=64,1,71&compareType=2'];

const CHARTS: readonly string[] = [
  'timeDimensionality=0&count=1',
  'timeDimensionality=1&count=2',
  'timeDimensionality=2&count=0',
  'timeDimensionality=0&count=3',
  'timeDimensionality=1&count=10',
  'timeDimensionality=0&count=2',
];
const AREA_CHARTS: readonly string[] = [
  'timeDimensionality=0&count=2',
  'timeDimensionality=1&count=3',
  'timeDimensionality=2&count=10',
  'timeDimensionality=0&count=1',
];

const CAR_MONTHS = ['', 'time=2025-12', 'time=2023-07', 'time=2021-03', 'time=2019-06'];
const SUB_SERIES = ['modelSubIds=1,2,3', 'id=5', 'modelSubIds=100,200,300,400', 'modelSubIds=10', 'modelSubIds=7,8,9,11,12,13,14,15'];

/**
 * 价量交叉: months across 2019-2026, segments (3 A级轿车, 7 A级SUV, 8 B级SUV), producer properties (1, 2),
 * brand properties (1 豪华, 2 主流), bands (the defaults 5-40万 by 5, 10-30万 by 2.5, 0-100万 by 10, 15-25万 by 1),
 * TP and MSRP, single month and January to date, both orders.
 */
const BAND_FILTERS: readonly string[] = [
  '',
  'time=2026-09&accumulate=1',
  'time=2025-12&data1=1&detailId=7',
  'time=2024-06&priceLow=10&priceHigh=30&segment=2.5&orderBy=0',
  'time=2023-03&producerProperties=1&accumulate=1&data1=1',
  'time=2022-11&brandProperties=1&priceLow=0&priceHigh=100&segment=10',
  'time=2021-07&detailId=3&priceLow=15&priceHigh=25&segment=1',
  'time=2020-10&producerProperties=2',
  'time=2019-12&detailId=8&data1=1',
  'time=2026-05&brandProperties=2&accumulate=1&orderBy=0',
];
/** Own sub-series by id across the catalog, TP or MSRP, and compared series (single month or January to date). */
const MODEL_FILTERS: readonly string[] = [
  '',
  'time=2026-09&modelSubId=1',
  'time=2025-12&modelSubId=5&data1=1',
  'time=2024-06&modelSubId=100',
  'time=2023-03&modelSubId=10&data1=1',
  'time=2022-11&modelSubId=200',
  'time=2021-07&modelSubId=7',
  'time=2026-03&modelSubId=300&data1=1',
];
const COMPARED_SERIES: readonly string[] = ['modelSubIds=2,3', 'modelSubIds=6,7,8&accumulate=1', 'modelSubIds=101,102', 'modelSubIds=11,12,13,14&accumulate=1'];
/**
 * 配置查询: the catalog's trims of a sub-series have consecutive ids (JLL + the id in seven digits).
 * Five sub-series with every trim: 英朗, 宝马5系, 缤瑞, 帕萨特, 速腾 (42 + 42 + 40 + 38 + 38 = 200 columns);
 * 宝马3系, 逸动, 卡罗拉, 探岳, 奔驰GLC (185).
 */
const trimCodes = (first: number, last: number): string =>
  Array.from({ length: last - first + 1 }, (_, i) => `JLL${String(first + i).padStart(7, '0')}`).join(',');
export const CONFIG_FIVE = [
  `ids=720,585,68,549,509&carJllCodes=${[trimCodes(9761, 9802), trimCodes(7611, 7652), trimCodes(857, 896), trimCodes(7010, 7047), trimCodes(6331, 6368)].join(',')}`,
  `ids=582,127,615,517,604&carJllCodes=${[trimCodes(7549, 7586), trimCodes(1704, 1740), trimCodes(8082, 8118), trimCodes(6508, 6544), trimCodes(7957, 7992)].join(',')}`,
];
/**
 * Five sub-series of ten trims each (issue 45): the comparison an analyst builds by hand, and the deck it makes —
 * by default the items that differ (decision 273), a column per sub-series (decision 285).
 */
export const CONFIG_FIVE_BY_TEN = `ids=720,585,68,549,509&carJllCodes=${[trimCodes(9761, 9770), trimCodes(7611, 7620), trimCodes(857, 866), trimCodes(7010, 7019), trimCodes(6331, 6340)].join(',')}`;
const CONFIG_VARIANTS: readonly string[] = [
  ...CONFIG_FIVE,
  CONFIG_FIVE_BY_TEN,
  'ids=720,585,68,549,509',
  'ids=582,127,615,517,604',
  `${CONFIG_FIVE[0]}&niankuan=2024,2025,2026&energy=1`,
  'ids=533,119&engin=1.5T,2.0T',
];

/**
 * The market price search form: the latest month first, then months across 2019-2026 (the price war of
 * 2023-2024 included), segments, producer properties, big regions and brand types.
 */
const PRICE_FILTERS: readonly string[] = [
  '',
  'time=2026-09&detailId=7',
  'time=2025-12&bigArea=5',
  'time=2024-09&composite=1',
  'time=2023-07&producerProperty=2',
  'time=2022-04&detailId=3&bigArea=3',
  'time=2021-12&composite=0',
  'time=2020-02&detailId=8',
  'time=2019-12&producerProperty=1',
  'time=2025-06&detailId=13&composite=2',
  'time=2024-01&bigArea=6',
  'time=2026-03',
];
/**
 * The price-structure settings: months across 2019-2026, body shapes, origins (producer properties),
 * families, brand properties, bands (the defaults, 10-30万 by 2.5, 0-100万 by 10), TP and MSRP, 月均 and 累计.
 */
const STRUCTURE_FILTERS: readonly string[] = [
  '',
  'time=2026-09&averageMonth=1',
  'time=2025-12&data1=1&bodyShapes=2',
  'time=2024-06&priceLow=10&priceHigh=30&segment=2.5&orderBy=0',
  'time=2023-03&producerProperties=1&families=1&averageMonth=1',
  'time=2022-11&brandProperties=1&priceLow=0&priceHigh=100&segment=10',
  'time=2021-07&families=2,3&data1=1',
  'time=2020-10&producerProperties=2&averageMonth=1',
];
/** Traced sub-series (宝来 507, 秦PLUS DM-i 1, 宋PLUS DM-i 17, Model Y 916) and one trim of 宝来 (6288). */
const TRACED: readonly string[] = ['modelSubId=507', 'modelSubId=1', 'modelSubId=507&carId=6288', 'modelSubId=17', 'modelSubId=916'];
/** 看板: months across 2019-2026, single month (0) and January to date (1). */
const DASHBOARD_PERIODS: readonly string[] = [
  '',
  'accumulate=1',
  'time=2025-12',
  'time=2024-09&accumulate=1',
  'time=2023-07',
  'time=2022-04&accumulate=1',
  'time=2021-12',
  'time=2020-02&accumulate=1',
  'time=2019-12',
  'time=2026-03&accumulate=1',
];
/** jllType 2 新创, 1 自主, 0 合资, and the city table's pages 1~10, 11~20, 21~30. */
const JLL_TYPES: readonly string[] = ['jllType=2', 'jllType=1', 'jllType=0'];
const CITY_PAGES: readonly string[] = [
  'jllType=2',
  'jllType=1&currentPage=2',
  'jllType=0&currentPage=3',
  'jllType=1',
  'jllType=2&currentPage=3',
  'jllType=0&currentPage=2',
];
/**
 * 销量查询 (mp): 厂商 1 (比亚迪汽车 1, 上汽大众 42), 品牌 0 (大众 64, 丰田 76), 厂商品牌 2 (比亚迪汽车-比亚迪 1, 吉利汽车-吉利 5), 车型 4 (秦PLUS DM-i 1,
 * Model Y 916) in the nation, a province (广东, 四川, 江苏) or a city (广州, 北京, 成都); suggestions as typed.
 */
const MP_CHARTS: readonly string[] = [
  'type=1&id=1',
  'type=0&id=64&provinceId=440000',
  'type=2&id=1&provinceId=440000&cityId=440100',
  'type=4&id=1&provinceId=510000',
  'type=1&id=42&provinceId=110000&cityId=110000',
  'type=0&id=76&provinceId=320000',
  'type=4&id=916&provinceId=510000&cityId=510100',
  'type=2&id=5',
];
const MP_SEARCHES: readonly string[] = [
  'type=1&name=汽车',
  'type=0&name=大众',
  'type=2&name=上汽',
  'type=4&name=DM-i',
  'type=4&name=Model',
  'type=0&name=丰田',
];
/**
 * The price-band filters added in November (decision 147): brands picked (大众 64, 丰田 76, 比亚迪 1), 车身形式 (1 三厢,
 * 2 两厢, 4 SUV), 系别 (family 1 自主, 2 德系, 3 日系) and the TP city (广州 440100, 成都 510100, 北京 110000).
 */
const BAND_NOVEMBER: readonly string[] = [
  'brand=64,76',
  'time=2025-12&bodyShape=4',
  'time=2024-06&series=2,3',
  'time=2023-03&tpCity=440100',
  'time=2026-05&brand=1&bodyShape=1,2&tpCity=510100',
  'time=2022-11&series=1&tpCity=110000&accumulate=1',
];
/** 销量占比分析 in one city, over more years or in another rank band, and opening on the caller's maker's best seller (decision 277). */
const PROPORTION_NOVEMBER: readonly string[] = [
  'city=440100',
  'time=2025-12&modelSubId=5&city=510100',
  'time=2024-06&modelSubId=100',
  'producerId=1',
  'time=2023-03&brandId=64&city=110000',
];
/** The trace in one city (spec 001 §3's city), with its comparisons and the chart's measures (decision 275). */
const TRACED_NOVEMBER: readonly string[] = [
  'modelSubId=507&city=440100',
  'time=2025-12&modelSubId=1&city=510100',
  'time=2024-09&modelSubId=17',
  'time=2023-07&modelSubId=916&city=110000',
];
/** 厂商品牌表现 inside a region, province or city (decision 148). */
const MAKER_NOVEMBER: readonly string[] = [
  'type=0&foreignId=1&area=5&level=1',
  'time=2025-12&type=1&foreignId=64&area=440000&level=2',
  'time=2024-09&type=0&foreignId=42&area=510100&level=3',
  'time=2023-07&type=1&foreignId=76',
  'time=2026-03&type=0&foreignId=6&area=3&level=1',
];
/** A comparison with the market's Top N (picked ones too), nationally and in an area. */
const TOP_N: readonly string[] = ['compareType=2&count=5', 'compareType=1&foreignIds=42,52&count=3', 'compareType=2&count=1&foreignIds=64'];

export const ENDPOINTS: readonly BenchEndpoint[] = [
  // The search calls: reference data and the pick-lists every filter panel is built from.
  { group: 'search', path: 'search/calendar', variants: ['', 'category=1', 'category=2', 'category=3'] },
  { group: 'search', path: 'search/getDetailMarket', variants: ['', 'category=1', 'category=2', 'category=3', 'category=4'] },
  { group: 'search', path: 'search/getAllDetailMarket', variants: ['', 'category=2'] },
  { group: 'search', path: 'search/getFuels', variants: [''] },
  { group: 'search', path: 'search/getProducerProperties', variants: [''] },
  { group: 'search', path: 'search/getWholes', variants: [''] },
  { group: 'search', path: 'search/getBrandProperties', variants: [''] },
  { group: 'search', path: 'search/getBodyShapes', variants: [''] },
  { group: 'search', path: 'search/dictionary', variants: ['type=dicFuel', 'type=gearbox', 'type=dicEngine', 'type=colour', 'type=useNature'] },
  {
    group: 'search',
    path: 'search/getProducers',
    variants: ['', 'key=汽车', 'letter=B', 'detailId=7', 'producerProperties=1,2', 'brandProperties=1&detailId=3'],
  },
  { group: 'search', path: 'search/getBrands', variants: ['', 'key=大', 'letter=F', 'detailId=8', 'producerProperties=2', 'brandProperties=2'] },
  { group: 'search', path: 'search/getProducerBrands', variants: ['', 'key=上汽', 'letter=S', 'detailId=10'] },
  { group: 'search', path: 'search/getReportProducers', variants: ['', 'letter=B', 'key=汽车'] },
  { group: 'search', path: 'search/getSeries', variants: ['', 'producerIds=1', 'brandIds=64,76', 'detailId=7&producerProperties=1', 'key=宋', 'letter=Q'] },
  { group: 'search', path: 'search/getSubModels', variants: ['key=秦', 'key=DM-i', 'key=Model&producerIds=1', 'key=L&detailId=8', 'key=EV&brandIds=1'] },
  {
    group: 'search',
    path: 'search/getCars',
    variants: vary(SUB_SERIES, CAR_MONTHS),
    // The trims' monthly retail the call reads from rollup_retail_car, summed from the raw facts.
    rawAggregate: (variant) => {
      const q = new URLSearchParams(variant);
      const ids = [...(q.get('modelSubIds')?.split(',') ?? []), ...(q.get('id') ? [q.get('id') as string] : [])].map(Number);
      const time = q.get('time');
      return {
        sql: `SELECT f.car_id, sum(f.qty) AS qty FROM retail_fact f JOIN car c ON c.id = f.car_id
               WHERE f.month = $1 AND c.sub_series_id = ANY($2::int[]) GROUP BY 1`,
        params: [time ? Number(time.replace('-', '')) : 202610, ids],
      };
    },
  },
  { group: 'search', path: 'search/getAreas', variants: [''] },
  { group: 'search', path: 'search/getProvinces', variants: ['', 'areaId=5', 'areaId=3'] },
  { group: 'search', path: 'search/getCities', variants: ['', 'provinceId=440000', 'areaIds=1,2', 'condition=州', 'provinceIds=510000,320000'] },
  { group: 'search', path: 'search/getProvinceCities', variants: ['', 'areaIds=5', 'condition=阳', 'provinceIds=440000,110000'] },
  {
    group: 'search',
    path: 'search/complexBPs',
    variants: ['type=0', 'type=1', 'type=2&brandIds=64', 'type=3&producerIds=1', 'type=4&modelIds=1,2,3', 'type=5&modelSubIds=1,2'],
  },

  // 整体市场表现: the national market.
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/whole', variants: [...MARKET_FILTERS] },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/detail', variants: [...MARKET_FILTERS] },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/series', variants: [...MARKET_FILTERS] },
  /** 导出PPT (issue 31: a large page, a 50-row table and the trend chart, ≤ 1 s p95): brands, sub-series, producers. */
  {
    group: 'wholeMarket',
    path: 'saleVolume/wholeMarket/ppt',
    targetMs: 1000,
    variants: vary(MARKET_FILTERS.slice(0, 4), ['type=2&pageSize=50', 'type=5&pageSize=50&count=3', 'type=4&pageSize=50&timeDimensionality=1']),
  },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/bound', variants: vary(MARKET_FILTERS, PAGES) },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/area', variants: vary(RETAIL_FILTERS, ['dimensionality=1', 'dimensionality=2']) },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/producer', variants: vary(MARKET_FILTERS, PAGES) },
  // A sorted paged ranking orders in SQL before paging (decision 171): growth, share change and page 2.
  {
    group: 'wholeMarket',
    path: 'saleVolume/wholeMarket/producer',
    variants: vary(MARKET_FILTERS.slice(0, 3), ['sort=yoy.desc', 'sort=mixChange.asc&currentPage=2', 'sort=salesSum.desc']),
  },
  {
    group: 'wholeMarket',
    path: 'saleVolume/wholeMarket/modelSub',
    // The last two: narrowed to a 竞品组's members (decision 300), six and sixteen of them.
    variants: [
      ...vary(MARKET_FILTERS, PAGES),
      'setOwn=507&setRivals=17,916,1,2,545',
      'time=2025-12&detailId=3&setOwn=1&setRivals=2,3,4,5,6,7,8,9,10,11,12,13,14,15,16',
    ],
  },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/highCharts', variants: vary(MARKET_FILTERS, CHARTS) },

  // 区域市场表现: the nation, a region, a province or a city.
  { group: 'areaMarket', path: 'saleVolume/areaMarket/whole', variants: areaVariants() },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/detail', variants: areaVariants() },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/bound', variants: areaVariants(PAGES) },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/area', variants: RETAIL_FILTERS.map((f, i) => qs(f, AREA_NODES[i % AREA_NODES.length])) },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/series', variants: areaVariants() },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/producer', variants: areaVariants(PAGES) },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/highCharts', variants: areaVariants(AREA_CHARTS) },
  /** 导出PPT (issue 31, decision 211: ≤ 1 s p95): a 50-row table in every 数据列, a sorted one, the area tree under the nation, 10 years. */
  {
    group: 'areaMarket',
    path: 'saleVolume/areaMarket/ppt',
    targetMs: 1000,
    variants: [
      ...areaVariants([
        'type=2&pageSize=50&tags=2,3,4,5,6,7,8,9,10,11,12,13,14,15',
        'type=4&pageSize=50&sort=yoy.desc&timeDimensionality=1&count=10',
        'type=0&sort=name.asc',
      ]).slice(0, 4),
      'type=3&count=10&tags=2,3,4,5,6,7,8,9,10,11,12,13,14,15',
    ],
  },

  // 厂商品牌表现: one producer or brand against the market.
  { group: 'companyBrand', path: 'saleVolume/companyBrand/whole', variants: vary(MARKET_FILTERS, ['', ...MAKERS]) },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/list',
    variants: vary(MARKET_FILTERS, [
      'type=0&accumulate=0',
      'type=1&accumulate=1&rank=2',
      'type=0&accumulate=1&currentPage=2&pageSize=20',
      'type=1&accumulate=0&rank=1',
    ]),
  },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/highCharts',
    variants: vary(
      MARKET_FILTERS,
      MAKERS.map((m, i) => qs(m, CHARTS[i % CHARTS.length], COMPARISONS[i % COMPARISONS.length])),
    ),
  },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/list2chart',
    variants: vary(MARKET_FILTERS, ['type=0&accumulate=0&rank=1', 'type=1&accumulate=1&rank=3', 'type=0&accumulate=1&rank=2']),
  },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/carDetails',
    variants: vary(
      MARKET_FILTERS,
      MAKERS.map((m, i) => qs(m, i % 2 ? 'accumulate=1' : 'accumulate=0', COMPARISONS[i % COMPARISONS.length])),
    ),
  },

  /**
   * 导出PPT (issue 31, decision 211: ≤ 1 s p95): the overview's 50-row list in every 数据列 and its first row's
   * details, the band chart, one producer against two picked and the Top 5, one brand's 10 years.
   */
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/ppt',
    targetMs: 1000,
    variants: vary(MARKET_FILTERS.slice(0, 4), [
      'type=1&pageSize=50&sort=salesSum.desc&tags=2,3,4,5,6,7,8,9,10,11,12,13,14,15',
      'type=0&view=chart&rank=2&listAccumulate=1&accumulate=1',
      'type=0&id=1&compareType=1&foreignIds=42,52&count=5',
      'type=1&id=64&timeDimensionality=0&count=10&detailSort=sales.asc',
    ]),
  },

  // 价量交叉: price bands of the filtered market, split by a dimension; the sales-proportion analysis.
  { group: 'priceVolume', path: 'pricevolume/priceQtyDetail/highCharts', variants: vary(BAND_FILTERS, ['', 'data2=1']) },
  {
    group: 'priceVolume',
    path: 'pricevolume/priceQtyDetail/table',
    variants: vary(BAND_FILTERS, ['type=0', 'type=1&data2=1', 'type=2', 'type=3&data2=1', 'type=4', 'type=1&foreignIds=1,64,76']),
  },
  { group: 'priceVolume', path: 'pricevolume/priceQtyDetail/download', variants: vary(BAND_FILTERS.slice(0, 4), ['type=4', 'type=1']) },
  /** 导出PPT (issue 31, ≤ 1 s p95): every member under its band, by 车系 and by brand, and the most bands (0-50万 by 1万: 50 and the two open ones). */
  {
    group: 'priceVolume',
    path: 'pricevolume/priceQtyDetail/ppt',
    targetMs: 1000,
    variants: vary(BAND_FILTERS.slice(0, 4), ['type=4&rows=0', 'type=1&rows=0&data2=1&chart=1', 'priceLow=0&priceHigh=50&segment=1&type=4&rows=0']),
  },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/singleChart', variants: vary(MODEL_FILTERS, ['', 'data2=1&type=1']) },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/compareCharts', variants: vary(MODEL_FILTERS, COMPARED_SERIES) },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/singleTable', variants: vary(MODEL_FILTERS, ['data2=0', 'data2=1', 'data2=2', 'data2=3']) },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/compareTable', variants: vary(MODEL_FILTERS, COMPARED_SERIES) },
  /** 导出PPT (issue 31, ≤ 1 s p95): ten years of 时间段对比 and ten compared series with the rank band, both tables. */
  {
    group: 'priceVolume',
    path: 'pricevolume/modelPrice/ppt',
    targetMs: 1000,
    variants: vary(MODEL_FILTERS.slice(0, 4), [
      'singleCount=10&modelSubIds=2,3,4,5,6,7,8,9,10,11',
      'singleCount=10&singleType=1&singleData2=1&modelSubIds=101,102,103,104,105,106,107,108,109,110&compareAccumulate=1&tableAccumulate=1&compareView=2',
    ]),
  },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/downloadSingleTable', variants: MODEL_FILTERS.slice(0, 4) },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/downloadCompareTable', variants: vary(MODEL_FILTERS.slice(0, 4), COMPARED_SERIES) },
  // 配置查询: the search box on every keystroke, and five sub-series compared over every trim.
  { group: 'carConfig', path: 'carConfig/searchCar', variants: ['name=宝马', 'name=朗', 'name=L', 'name=秦', 'name=Model', 'name=EV', 'name=大众', 'name=奔'] },
  { group: 'carConfig', path: 'carConfig/get', variants: [...CONFIG_VARIANTS] },
  /**
   * 导出PPT of 配置查询 (decisions 219, 273, 285): five sub-series with every trim (200 and 185 columns, the items that
   * differ — the default — and the whole sheet, the largest page), five of ten trims each, and the first load of
   * five sub-series by default, as 全部项 and with 隐藏未配置项.
   */
  {
    group: 'carConfig',
    path: 'carConfig/ppt',
    targetMs: 1000,
    variants: [
      ...CONFIG_FIVE,
      `${CONFIG_FIVE[0]}&differ=0`,
      CONFIG_FIVE_BY_TEN,
      'ids=720,585,68,549,509',
      'ids=720,585,68,549,509&differ=0',
      'ids=582,127,615,517,604&differ=1&hide=1',
    ],
  },
  // 整体市场价格指数 and 车系价格追踪 (price facts from 2019-01).
  { group: 'price', path: 'price/marketPriceWhole/whole', variants: [...PRICE_FILTERS] },
  { group: 'price', path: 'price/marketPriceWhole/highCharts', variants: vary(PRICE_FILTERS, ['type=0', 'type=1']) },
  {
    group: 'price',
    path: 'price/marketPriceWhole/detailTable',
    variants: vary(PRICE_FILTERS, ['type=0&type2=2', 'type=1&type2=0', 'type=2&type2=1', 'type=1&type2=2&searchContent=汽车']),
  },
  { group: 'price', path: 'price/marketPriceWhole/map', variants: [...PRICE_FILTERS] },
  /** 导出PPT (issue 31, ≤ 1 s p95): the largest pages — the brand and producer tables whole (every row the page shows), both chart measures. */
  {
    group: 'price',
    path: 'price/marketPriceWhole/ppt',
    targetMs: 1000,
    variants: vary(PRICE_FILTERS.slice(0, 4), ['type=2&type2=2&dataType=1', 'type=1&type2=1', 'type=0&type2=0&dataType=1']),
  },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/whole',
    variants: vary(
      PRICE_FILTERS.map((f) => f.replace(/&?(detailId|bigArea|composite|producerProperty)=[^&]*/g, '')),
      TRACED,
    ),
  },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/highCharts',
    variants: vary(
      PRICE_FILTERS.map((f) => f.replace(/&?(detailId|bigArea|composite|producerProperty)=[^&]*/g, '')),
      TRACED.map((t, i) => qs(t, `type=${i % 2}`, i % 3 === 0 ? 'modelSubIds=17,916' : '', i % 4 === 1 ? 'carIds=6288' : '')),
    ),
  },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/nationwide',
    variants: vary(
      PRICE_FILTERS.map((f) => f.replace(/&?(detailId|bigArea|composite|producerProperty)=[^&]*/g, '')),
      TRACED,
    ),
  },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/cityTable',
    variants: vary(
      PRICE_FILTERS.map((f) => f.replace(/&?(detailId|bigArea|composite|producerProperty)=[^&]*/g, '')),
      TRACED.map((t, i) => qs(t, `type=${[2, 0, 1][i % 3]}`)),
    ),
  },
  /** 导出PPT of the trace (≤ 1 s p95): at most the page's comparisons (5 series and 5 trims: a chart of 24 series), the regional table. */
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/ppt',
    targetMs: 1000,
    variants: vary(
      PRICE_FILTERS.slice(0, 4).map((f) => f.replace(/&?(detailId|bigArea|composite|producerProperty)=[^&]*/g, '')),
      TRACED.map((t, i) =>
        qs(t, `discount=${i % 2}`, `type=${[2, 0, 1][i % 3]}`, i % 2 === 0 ? 'modelSubIds=17,916,1,2,3&carIds=6288,6289,6290,6291,6292' : ''),
      ),
    ),
  },

  // 整体市场价格结构 and 细分市场价格结构 (the placeholder pair made real): band sales and prices of January to date.
  { group: 'price', path: 'price/totalMarket/highCharts', variants: vary(STRUCTURE_FILTERS, ['view=0', 'view=1&data2=1', 'view=2']) },
  { group: 'price', path: 'price/totalMarket/table', variants: vary(STRUCTURE_FILTERS, ['tab=0', 'tab=1&data2=1', 'tab=2', 'tab=3&data2=1', 'tab=4']) },
  { group: 'price', path: 'price/totalMarket/download', variants: vary(STRUCTURE_FILTERS.slice(0, 4), ['tab=0', 'tab=2']) },
  { group: 'price', path: 'price/priceDetailMarket/highCharts', variants: vary(STRUCTURE_FILTERS, ['view=1', 'view=0&data2=1', 'view=2&detailId=7']) },
  { group: 'price', path: 'price/priceDetailMarket/table', variants: vary(STRUCTURE_FILTERS, ['tab=0&detailId=3', 'tab=2', 'tab=3&data2=1&detailId=8']) },
  /**
   * 导出PPT of the pair (issue 31: a large page ≤ 1 s p95): the longest table (厂商品牌, every producer-brand) with the
   * twelve-month chart, the most series and the widest table (50 bands of 2万: 52 lines, 53 columns over five
   * slides), and a sorted table beside the producer view.
   */
  {
    group: 'price',
    path: 'price/totalMarket/ppt',
    targetMs: 1000,
    variants: vary(STRUCTURE_FILTERS.slice(0, 3), [
      'tab=4&view=0',
      'tab=4&view=0&chart=1&priceLow=0&priceHigh=100&segment=2',
      'tab=1&view=2&priceLow=0&priceHigh=100&segment=2&sort=total.desc',
    ]),
  },
  {
    group: 'price',
    path: 'price/priceDetailMarket/ppt',
    targetMs: 1000,
    variants: vary(STRUCTURE_FILTERS.slice(0, 3), ['tab=4&view=0', 'tab=0&view=1&sort=mix.desc', 'tab=2&view=0&priceLow=0&priceHigh=100&segment=2&data2=1']),
  },

  // 1-2月合计 beside the single months (decision 197): the cards, a whole table, a paged ranking, the chart, the dashboard.
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/whole', variants: [...NEW_YEAR_FILTERS] },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/detail', variants: [...NEW_YEAR_FILTERS] },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/bound', variants: vary(NEW_YEAR_FILTERS, PAGES) },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/highCharts', variants: vary(NEW_YEAR_FILTERS, AREA_CHARTS) },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/whole', variants: vary(NEW_YEAR_RETAIL, AREA_NODES.slice(1)) },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/bound', variants: vary(NEW_YEAR_RETAIL, AREA_NODES.slice(1)) },
  { group: 'companyBrand', path: 'saleVolume/companyBrand/whole', variants: vary(NEW_YEAR_FILTERS, MAKERS) },
  { group: 'companyBrand', path: 'saleVolume/companyBrand/list', variants: vary(NEW_YEAR_FILTERS, ['type=0', 'type=1&rank=2']) },
  { group: 'dashboard', path: 'dashboard/whole', variants: ['time=2026-02&newYear=1', 'time=2025-01&newYear=1', 'time=2024-02&newYear=1'] },
  { group: 'dashboard', path: 'dashboard/producers', variants: ['time=2026-01&newYear=1', 'time=2025-02&newYear=1&pageSize=5'] },

  // 看板 (the signed-in home): every panel of the month at a glance.
  { group: 'dashboard', path: 'dashboard/whole', variants: [...DASHBOARD_PERIODS] },
  { group: 'dashboard', path: 'dashboard/producers', variants: vary(DASHBOARD_PERIODS, ['', 'pageSize=5']) },
  { group: 'dashboard', path: 'dashboard/brands', variants: vary(DASHBOARD_PERIODS, JLL_TYPES) },
  { group: 'dashboard', path: 'dashboard/modelSubs', variants: vary(DASHBOARD_PERIODS, JLL_TYPES) },
  { group: 'dashboard', path: 'dashboard/cities', variants: vary(DASHBOARD_PERIODS, CITY_PAGES) },
  { group: 'dashboard', path: 'dashboard/nevTrend', variants: ['', 'time=2025-06'] },
  /** 导出PPT of 看板 (decision 220): the whole page — cards, trend, four lists, briefs — for each period and tab. */
  {
    group: 'dashboard',
    path: 'dashboard/ppt',
    targetMs: 1000,
    variants: vary(DASHBOARD_PERIODS.slice(0, 4), ['', 'brandType=1&modelType=0&cityPage=2', 'brandType=0&modelType=1&cityPage=3']),
  },
  // 销量查询 (the mini-program's page): its mp session, not a web token.
  { group: 'mp', access: 'mp', path: 'mp/retail/getRetailChart', variants: [...MP_CHARTS] },
  { group: 'mp', access: 'mp', path: 'mp/retail/searchCar', variants: [...MP_SEARCHES] },
  // The phone's search across the four tabs (decision 180).
  { group: 'mp', access: 'mp', path: 'mp/retail/searchAll', variants: ['name=汽车', 'name=大众', 'name=上汽', 'name=DM-i', 'name=Model', 'name=丰田'] },
  { group: 'mp', access: 'mp', path: 'mp/retail/getCities', variants: ['provinceId=440000', 'provinceId=510000', 'provinceId=110000', 'provinceId=320000'] },
  // 1-2月合计 on the phone (decision 197).
  { group: 'mp', access: 'mp', path: 'mp/retail/getRetailChart', variants: vary(['time=2026-02&newYear=1', 'time=2025-01&newYear=1'], MP_CHARTS) },

  // The parameters added since November: brand, body, family and TP-city bands; the proportion's city, years, rank band
  // and the caller's own series; the trace's city; area and Top N on 厂商品牌表现; 1-2月合计 on the charts.
  { group: 'priceVolume', path: 'pricevolume/priceQtyDetail/highCharts', variants: [...BAND_NOVEMBER] },
  { group: 'priceVolume', path: 'pricevolume/priceQtyDetail/table', variants: vary(BAND_NOVEMBER, ['type=1', 'type=4', 'type=0&data2=1']) },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/singleChart', variants: vary(PROPORTION_NOVEMBER, ['count=3', 'data2=1&type=1&count=10', '']) },
  {
    group: 'priceVolume',
    path: 'pricevolume/modelPrice/compareCharts',
    variants: vary(PROPORTION_NOVEMBER, ['modelSubIds=2,3&rank=2', 'modelSubIds=6,7,8&rank=5&accumulate=1']),
  },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/singleTable', variants: vary(PROPORTION_NOVEMBER, ['data2=0', 'data2=3']) },
  { group: 'priceVolume', path: 'pricevolume/modelPrice/compareTable', variants: vary(PROPORTION_NOVEMBER, COMPARED_SERIES) },
  { group: 'price', path: 'price/cabmodelpricetrace/whole', variants: [...TRACED_NOVEMBER] },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/highCharts',
    variants: vary(TRACED_NOVEMBER, [
      'measure=2&modelSubIds=17,916',
      'measure=3',
      'measure=0&modelSubIds=1,2,3,916,507&carIds=6288,6289',
      'measure=1&carIds=6288',
    ]),
  },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/tpGap',
    variants: vary([...TRACED, ...TRACED_NOVEMBER], ['modelSubIds=17,916', 'modelSubIds=1,2,3&carIds=6288', '']),
  },
  { group: 'companyBrand', path: 'saleVolume/companyBrand/whole', variants: [...MAKER_NOVEMBER] },
  { group: 'companyBrand', path: 'saleVolume/companyBrand/list', variants: vary(MAKER_NOVEMBER, ['accumulate=1', 'rank=2', 'currentPage=2&pageSize=20']) },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/highCharts',
    variants: [...vary(MAKER_NOVEMBER, ['timeDimensionality=0', 'timeDimensionality=1&count=2']), ...vary(MAKER_NOVEMBER, TOP_N)],
  },
  { group: 'companyBrand', path: 'saleVolume/companyBrand/carDetails', variants: vary(MAKER_NOVEMBER, ['accumulate=0', 'accumulate=1', ...TOP_N]) },
  { group: 'wholeMarket', path: 'saleVolume/wholeMarket/producer', variants: vary(NEW_YEAR_FILTERS, PAGES) },
  {
    group: 'areaMarket',
    path: 'saleVolume/areaMarket/highCharts',
    variants: vary(
      NEW_YEAR_RETAIL,
      AREA_NODES.slice(1).map((n, i) => qs(n, AREA_CHARTS[i % AREA_CHARTS.length])),
    ),
  },
  { group: 'companyBrand', path: 'saleVolume/companyBrand/highCharts', variants: vary(NEW_YEAR_FILTERS, MAKERS) },

  // The workbooks (budget 50 ms): every 下载 Excel of the analysis pages at its largest usual table.
  {
    group: 'wholeMarket',
    path: 'saleVolume/wholeMarket/download',
    variants: vary(MARKET_FILTERS.slice(0, 4), ['type=0', 'type=2', 'type=4', 'type=5', 'type=3']),
  },
  { group: 'areaMarket', path: 'saleVolume/areaMarket/download', variants: areaVariants(['type=0', 'type=2', 'type=2', 'type=3', 'type=4']).slice(0, 6) },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/download',
    variants: vary(MARKET_FILTERS.slice(0, 4), ['type=0', 'type=1&area=5&level=1', 'type=1&accumulate=1']),
  },
  {
    group: 'companyBrand',
    path: 'saleVolume/companyBrand/downloadCarDetails',
    variants: vary(MARKET_FILTERS.slice(0, 4), ['type=0&foreignId=1', 'type=1&foreignId=64&accumulate=1', 'type=0&foreignId=42&compareType=1&count=3']),
  },
  { group: 'priceVolume', path: 'pricevolume/priceQtyDetail/download', variants: vary(BAND_NOVEMBER.slice(0, 3), ['type=1', 'type=4']) },
  {
    group: 'carConfig',
    path: 'carConfig/download',
    variants: [CONFIG_FIVE[0], CONFIG_FIVE_BY_TEN, `${CONFIG_FIVE[1]}&differ=1&hide=1`],
    // 200 trims × 360 items, 72,000 cells: between a workbook and a deck (decision 295).
    targetMs: 300,
  },
  {
    group: 'price',
    path: 'price/marketPriceWhole/downloadDetailTable',
    variants: vary(PRICE_FILTERS.slice(0, 4), ['type=0&type2=2', 'type=1&type2=0', 'type=2&type2=1']),
  },
  {
    group: 'price',
    path: 'price/cabmodelpricetrace/downloadCityTable',
    variants: vary(
      PRICE_FILTERS.slice(0, 4).map((f) => f.replace(/&?(detailId|bigArea|composite|producerProperty)=[^&]*/g, '')),
      TRACED.map((t, i) => qs(t, `type=${[2, 0, 1][i % 3]}`)),
    ),
  },
  { group: 'price', path: 'price/priceDetailMarket/download', variants: vary(STRUCTURE_FILTERS.slice(0, 4), ['tab=0&detailId=3', 'tab=2', 'tab=4']) },

  // The rest of a page's opening: the shell (menus, the caller, 数据截至), the configuration's anchors, the bell.
  { group: 'search', path: 'security/menus', variants: [''] },
  { group: 'search', path: 'security/me', variants: [''] },
  { group: 'search', path: 'search/dataStatus', variants: [''] },
  { group: 'carConfig', path: 'carConfig/level1', variants: [''] },
  // 我的视图, 订阅与提醒 and 报告下载 (views/save and views/open are timed by views-bench.ts).
  { group: 'account', path: 'views/list', variants: [''] },
  { group: 'account', path: 'views/colleagues', variants: ['', 'keyword=a'] },
  { group: 'account', path: 'competitorSets/list', variants: [''] },
  { group: 'account', path: 'competitorSets/suggestions', variants: [''] },
  // 竞品监控 on the bench user's own set (bench-set.ts makes it and writes its id for BENCH_SET): retail in the latest
  // month, in a province (its cities on the map), wholesale, an earlier month.
  {
    group: 'account',
    path: 'competitorSets/monitor',
    variants: [`id=${BENCH_SET}`, `id=${BENCH_SET}&area=440000&level=2`, `id=${BENCH_SET}&source=1`, `id=${BENCH_SET}&time=2025-06`],
  },
  // 竞品监控's deck (导出PPT) of that set.
  { group: 'account', path: 'competitorSets/ppt', variants: [`id=${BENCH_SET}`] },
  // 归因分析 (issue 50 §5: every call of the page p95 ≤ 20 ms at the large scale): the volume split by each kind of
  // dimension (a whole list of sub-series, the price bands, the geography), drilled, under each comparison and source;
  // the share split by its default subject (the bench user's producer), a brand, a sub-series and a 竞品组; the price
  // split of the market, a segment, a producer, a sub-series's trims and a brand's discount.
  {
    group: 'attribution',
    path: 'attribution/volume',
    variants: [
      '',
      'by=fuel',
      'compare=2&by=brand',
      'compare=1&by=province',
      'fuels=6&by=brand',
      'time=2026-02&compare=3',
      'source=1&by=producer',
      'by=subSeries',
      'by=priceBand',
      'area=440000&level=2&by=tier',
      'brandId=1&by=subSeries',
      'time=2024-09&setOwn=507&setRivals=1,17,916&by=province',
    ],
  },
  {
    group: 'attribution',
    path: 'attribution/share',
    variants: [
      '',
      'subjectType=producer&subjectId=1&by=province',
      'compare=2&subjectType=brand&subjectId=1&by=fuel',
      'subjectType=subSeries&subjectId=507&by=priceBand',
      'time=2025-06&compare=1&by=region',
      'setOwn=507&setRivals=1,17,916&by=province',
    ],
  },
  {
    group: 'attribution',
    path: 'attribution/price',
    variants: [
      '',
      'subjectType=segment&subjectId=7',
      'compare=2&subjectType=producer&subjectId=1',
      'subjectType=subSeries&subjectId=507',
      'measure=discount&subjectType=brand&subjectId=1',
      'time=2025-06&compare=1',
    ],
  },
  { group: 'attribution', path: 'attribution/volume/download', variants: ['', 'by=subSeries'] },
  { group: 'attribution', path: 'attribution/share/download', variants: ['', 'by=province'] },
  { group: 'attribution', path: 'attribution/price/download', variants: ['', 'subjectType=subSeries&subjectId=507'] },
  { group: 'attribution', path: 'attribution/volume/ppt', variants: ['by=fuel'] },
  { group: 'attribution', path: 'attribution/share/ppt', variants: [''] },
  { group: 'attribution', path: 'attribution/price/ppt', variants: [''] },
  { group: 'account', path: 'alerts/subscriptions', variants: [''] },
  { group: 'account', path: 'alerts/rows', variants: ['kind=producer', 'kind=brand', 'kind=subSeries', 'kind=province', 'kind=city'] },
  { group: 'account', path: 'alerts/notifications', variants: ['', 'page=2'] },
  { group: 'account', path: 'alerts/notifications/unread', variants: [''] },
  { group: 'account', path: 'robots/team', variants: [''] },
  { group: 'account', path: 'reportDownload/list', variants: ['', 'page=2', 'name=简报', 'startDate=2025-01&endDate=2026-12&producerIds=1'] },
];

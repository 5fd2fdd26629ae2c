/**
 * 厂商品牌表现 (/salevolume/companybrand): what the page shows, read from the URL (spec 000 §2 "Producer/brand
 * page", §4, §9). Two views share the route:
 * - the overview (no `id`): the producer or brand ranking as a band chart or a list, and the car-model
 *   details of the row clicked (`foreignId`, the API's name for it);
 * - one producer or brand (`id`, opened in a new window from the list): its cards, its trend by year or
 *   compared with others, and its car-model details.
 * The spec's parameter names are kept (`type`, `id`, `foreignId`, `foreignIds`, `compareType`, `count`,
 * `accumulate`, `rank`, `timeDimensionality`); the page adds `view`, `listAccumulate` and `page`.
 */
import { COMPANY_BRAND, MAX_COMPARED, TOP_COMPARED, YEAR_COUNT, type Accumulate, type CompareType, type Granularity, type MakerType } from '@car/contracts';
import { loadMorePage, TABLE_PAGE_KEYS } from './ranking-table';
import { FILTER_PARAMS, withParams } from './sale-volume-query';
import { urlState } from './url-state';

export function makerLabel(type: MakerType): string {
  return type === 0 ? '厂商' : '品牌';
}

/** `type` from the URL: 0 a producer, anything else given a brand, absent a producer. */
export function readMakerType(params: URLSearchParams): MakerType {
  const text = params.get('type');
  if (text === null || text.trim() === '') return 0;
  return text.trim() === '0' ? 0 : 1;
}

/** Params that change what every panel of either view shows. */
export const PAGE_PARAMS: readonly string[] = [...FILTER_PARAMS, 'area', 'level', 'type', 'id'];

/** The height of either view's chart (the ranking's band chart, one producer's or brand's trend). */
export const CHART_HEIGHT = 400;

/** The sales-tendency block shows the ranking as a band chart or as a list (the spec's chart/list toggle). */
export type TendencyView = 'chart' | 'list';

/** The Top select of a comparison (spec 000 §9 "Top select 1-5"): 0 none, else the N best sellers. */
export const TOP_COUNTS: readonly number[] = [0, ...TOP_COMPARED.options];

/** Year select of the time mode: 1-10 (spec 000 §9), default 1 (GET_HIGH_CHARTS' default). */
export const YEAR_COUNTS: readonly number[] = YEAR_COUNT.companyBrand.options;
export const DEFAULT_YEAR_COUNT: number = YEAR_COUNT.companyBrand.default;

export interface CompanyBrandState {
  type: MakerType;
  /** The producer or brand of the single view; null on the overview. */
  id: number | null;
  view: TendencyView;
  /** Rank band of the band chart, 1-5. */
  rank: number;
  /** The ranking list's order and the band chart's bars: by the month or January-to-date. */
  listAccumulate: Accumulate;
  /** Load-more page of the list (10 × page rows). */
  page: number;
  /** The overview's clicked row, whose car-model details show; null = the first row. */
  foreignId: number | null;
  /** The car-model detail table: current month or year to date. */
  accumulate: Accumulate;
  granularity: Granularity;
  compareType: CompareType;
  /** By time the years shown (1-10); in a comparison the Top select's N (0 none, 1-5). */
  count: number;
  /** The producers (compareType 1) or brands (2) compared with `id`; empty in time mode. */
  foreignIds: number[];
}

/**
 * Read through the calls each key feeds: the single view's `id` is the `foreignId` of its calls; the list's
 * order `listAccumulate` is the list call's `accumulate`; `view` and `page` are the page's own.
 */
export function readCompanyBrandState(params: URLSearchParams): CompanyBrandState {
  const chart = urlState(COMPANY_BRAND.highCharts.params, params);
  const list = urlState(COMPANY_BRAND.list.params, params);
  const compareType = (chart.value('compareType') ?? 0) as CompareType;
  return {
    type: readMakerType(params),
    id: chart.value('foreignId', { from: 'id' }) ?? null,
    view: params.get('view') === 'chart' ? 'chart' : 'list',
    rank: list.value('rank') ?? 1,
    listAccumulate: list.value('accumulate', { from: 'listAccumulate' }),
    page: loadMorePage(urlState(TABLE_PAGE_KEYS, params).value('page', { fallback: 1 })),
    foreignId: chart.value('foreignId') ?? null,
    accumulate: urlState(COMPANY_BRAND.carDetails.params, params).value('accumulate'),
    granularity: chart.value('timeDimensionality') as Granularity,
    compareType,
    count:
      (compareType === 0
        ? chart.value('count', { allowed: YEAR_COUNTS, fallback: DEFAULT_YEAR_COUNT })
        : chart.value('count', { allowed: TOP_COUNTS, fallback: 0 })) ?? 0,
    foreignIds: compareType === 0 ? [] : chart.list('foreignIds').slice(0, MAX_COMPARED),
  };
}

type ParamChanges = Record<string, string | number | null>;

/**
 * The params a change of comparison mode sets (spec §4: mode 1 resets the count, mode 2 or the other
 * resets foreignIds). The count only means something by time, so any comparison drops it; the ids are
 * producers in mode 1 and brands in mode 2, so they are dropped whenever the mode changes.
 */
export function compareModeChanges(current: CompareType, next: CompareType): ParamChanges {
  if (next === current) return {};
  // The count is the Top N in a comparison and the years by time: it never carries from one to the other.
  if (next === 0) return { compareType: null, foreignIds: null, count: null };
  return { compareType: next, count: null, foreignIds: null };
}

/** The producer/brand switch of the overview: the ranking starts again at its top, with no row chosen. */
export function makerTypeChanges(type: MakerType): ParamChanges {
  return { type: type === 0 ? null : type, page: null, rank: null, foreignId: null };
}

/** The filter params a producer's or brand's own window carries over from the page it was opened from. */
const CARRIED_FILTERS = ['time', 'source', 'fuels', 'area', 'level'] as const;

/** The page's address. */
export const COMPANY_BRAND_PAGE = '/salevolume/companybrand';

/**
 * The single view of a producer or brand: `/salevolume/companybrand?id=…&type=…` with the same filters, and
 * `view`'s own keys (the dashboard's 累计 is the view's `accumulate`).
 */
export function makerPageHref(search: string, type: MakerType, id: number, view: { accumulate?: Accumulate } = {}): string {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams({ id: String(id), type: String(type) });
  for (const name of CARRIED_FILTERS) {
    const value = from.get(name);
    if (value) to.set(name, value);
  }
  if (view.accumulate) to.set('accumulate', String(view.accumulate));
  return `${COMPANY_BRAND_PAGE}?${to}`;
}

/** Back from a producer's or brand's view to the ranking of its kind, with the same filters. */
export function overviewHref(search: string, type: MakerType): string {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams();
  for (const name of CARRIED_FILTERS) {
    const value = from.get(name);
    if (value) to.set(name, value);
  }
  if (type !== 0) to.set('type', String(type));
  const text = to.toString();
  return `${COMPANY_BRAND_PAGE}${text ? `?${text}` : ''}`;
}

/**
 * Where 重置 leads: the default filters, keeping what the window is about (the producer or brand of a
 * single view, the kind of ranking of the overview).
 */
export function resetHref(type: MakerType, id: number | null): string {
  return `${COMPANY_BRAND_PAGE}${withParams('', { id, type: id === null && type === 0 ? null : type })}`.replace(/\?$/, '');
}

/** Params the filter form carries unchanged, so a new month or source keeps the view as it was. */
export function keptParams(state: CompanyBrandState): Record<string, string | number | null> {
  if (state.id !== null) {
    return {
      type: state.type,
      accumulate: state.accumulate || null,
      timeDimensionality: state.granularity || null,
      compareType: state.compareType || null,
      count: state.compareType === 0 ? (state.count !== DEFAULT_YEAR_COUNT ? state.count : null) : state.count || null,
      foreignIds: state.foreignIds.length ? state.foreignIds.join(',') : null,
    };
  }
  return {
    type: state.type || null,
    view: state.view === 'chart' ? 'chart' : null,
    rank: state.view === 'chart' && state.rank !== 1 ? state.rank : null,
    listAccumulate: state.listAccumulate || null,
    foreignId: state.foreignId,
    accumulate: state.accumulate || null,
  };
}

import { z } from 'zod';
import { ATTRIBUTION_PAGE } from './attribution';
import { DASHBOARD_PATH } from './dashboard';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE, givenName, labelled, optional, rowIdText, searchText, strictQuery } from './params';

/**
 * 我的视图 (issue 30 §1): a saved view is an analysis page's address (its path and query string: filters,
 * dimension, columns, sort) under a name its owner gives. Owners open, rename, delete and share them; a view
 * shared with a colleague, or with everyone of the sharer's producer, is read-only for them and may be saved as
 * their own copy. Decisions 187-189; docs/modules.md "我的视图".
 */

// ---------- the analysis pages and the URL keys each one reads ----------

export interface AnalysisPage {
  /** The page's address (a menu path; the dashboard's own). */
  path: string;
  /** Its title, as the menus name it. */
  name: string;
  /**
   * Every URL key the page reads (its loader and its tables' sort and tag keys). A saved view's other keys are
   * dropped when it is opened, and said so. frontend/app/utils/analysis-pages.spec.ts runs each page's loader and
   * fails on a key it reads that is missing here.
   */
  keys: readonly string[];
}

const SALES_FILTERS = ['time', 'source', 'detailId', 'producerProperty', 'fuels', 'area', 'level', 'dimensionality', 'timeDimensionality', 'count', 'newYear'];
const SALES_TABLE = ['dimension', 'page', 'sort', 'tags'];
// The price pages' filter forms: a change of one of these keys reloads the whole page (the pages' `touches`), and
// each is a key its page reads. One list each, read by the page and by its entry below.
/** 车型价格段销量's filters (cabmodelpricesearchForm). */
export const PRICE_QTY_FILTER_PARAMS = [
  'time',
  'detailId',
  'producerProperties',
  'brandProperties',
  'brand',
  'bodyShape',
  'series',
  'tpCity',
  'priceLow',
  'priceHigh',
  'segment',
  'orderBy',
  'data1',
  'accumulate',
] as const;
/** 价格维度分析's filters (pricedimensionsearchForm). */
export const MODEL_PRICE_FILTER_PARAMS = ['time', 'modelSubId', 'carIds', 'data1', 'city'] as const;
/** The price-structure pages' settings form. */
export const STRUCTURE_FILTER_PARAMS = [
  'time',
  'detailId',
  'bodyShapes',
  'producerProperties',
  'families',
  'brandProperties',
  'priceLow',
  'priceHigh',
  'segment',
  'orderBy',
] as const;
/** The price-structure toggles both panels follow. */
export const STRUCTURE_SHARED_PARAMS = ['data1', 'averageMonth'] as const;
const STRUCTURE = [...STRUCTURE_FILTER_PARAMS, ...STRUCTURE_SHARED_PARAMS, 'view', 'chart', 'tab', 'data2', 'sort'];

/** 竞品监控 (issue 49 §2, decision 297): a page of 销量分析 after 厂商品牌表现; `set` is the competitor set shown. */
export const COMPETITOR_MONITOR_PAGE = { path: '/salevolume/competitormonitor', name: '竞品监控' } as const;

/** The pages that show figures: a view can be saved of these and of nothing else (not exports, not administration). */
export const ANALYSIS_PAGES: readonly AnalysisPage[] = [
  // `set`: the 竞品组 narrowing the 车系 table (decision 300).
  { path: '/salevolume/wholemarket', name: '整体市场表现', keys: [...SALES_FILTERS, ...SALES_TABLE, 'set'] },
  { path: '/salevolume/areamarket', name: '区域市场表现', keys: [...SALES_FILTERS, ...SALES_TABLE] },
  {
    path: '/salevolume/companybrand',
    name: '厂商品牌表现',
    keys: [
      ...SALES_FILTERS,
      ...SALES_TABLE,
      'compareType',
      'type',
      'id',
      'view',
      'rank',
      'listAccumulate',
      'foreignId',
      'accumulate',
      'detailSort',
      'foreignIds',
    ],
  },
  { ...COMPETITOR_MONITOR_PAGE, keys: ['set', 'time', 'source', 'area', 'level', 'dimensionality', 'chart', 'price', 'suggest'] },
  // 归因分析 (issue 50): the tab, the comparison, the split and the drill's steps, the 竞品组, the subject, the measure.
  {
    ...ATTRIBUTION_PAGE,
    keys: [...SALES_FILTERS, 'tab', 'compare', 'by', 'familyId', 'producerId', 'brandId', 'subSeriesId', 'tier', 'set', 'subjectType', 'subjectId', 'measure'],
  },
  {
    path: '/price/marketpricetendency',
    name: '整体市场价格指数',
    keys: ['time', 'detailId', 'producerProperty', 'bigArea', 'composite', 'searchContent', 'dataType', 'type', 'type2', 'sort'],
  },
  {
    path: '/price/cabmodelpricetrace',
    name: '车系价格追踪',
    keys: ['time', 'discount', 'brand', 'modelSubId', 'carId', 'modelSubIds', 'carIds', 'compareBrand', 'city', 'type', 'sort', 'measure'],
  },
  { path: '/price/totalmarket', name: '整体市场价格结构', keys: STRUCTURE },
  { path: '/pricedetailmarket', name: '细分市场价格结构', keys: STRUCTURE },
  {
    path: '/pricevolume/pricedimension',
    name: '价格维度分析',
    keys: [
      ...MODEL_PRICE_FILTER_PARAMS,
      'singleData2',
      'singleType',
      'singleCount',
      'compareRank',
      'singleView',
      'compareData2',
      'compareType',
      'compareAccumulate',
      'modelSubIds',
      'compareView',
      'tableAccumulate',
      'singleViewSort',
      'compareViewSort',
    ],
  },
  {
    path: '/pricevolume/cabmodelprice',
    name: '车型价格段销量',
    keys: [...PRICE_QTY_FILTER_PARAMS, 'chart', 'data2', 'type', 'foreignIds', 'rows', 'sort'],
  },
  { path: '/product/configquery', name: '配置查询', keys: ['ids', 'carJllCodes', 'niankuan', 'engin', 'energy', 'battery', 'hide', 'differ'] },
  { path: DASHBOARD_PATH, name: '看板', keys: ['time', 'accumulate', 'brandType', 'modelType', 'cityPage', 'newYear'] },
];

/** The analysis page at an address (case and a trailing slash aside), if it is one. */
export function analysisPageOf(pathname: string): AnalysisPage | undefined {
  const path = pathname.trim().replace(/\/+$/, '').toLowerCase();
  return ANALYSIS_PAGES.find((page) => page.path.toLowerCase() === path);
}

/** 我的视图's own page, and the address that opens a view (`/myviews/open/<id>`). */
export const MY_VIEWS_PATH = '/myviews';
export const viewOpenHref = (id: number): string => `${MY_VIEWS_PATH}/open/${id}`;

/**
 * A saved query string split into what the page still reads and the keys it no longer does (after an upgrade),
 * each dropped key named once, in the order it came.
 */
export function applicableQuery(page: AnalysisPage, query: string): { query: string; dropped: string[] } {
  const kept = new URLSearchParams();
  const dropped: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    if (page.keys.includes(key)) kept.append(key, value);
    else if (!dropped.includes(key)) dropped.push(key);
  }
  const text = kept.toString();
  return { query: text === '' ? '' : `?${text}`, dropped };
}

// ---------- limits and messages ----------

/** A user keeps at most this many views of their own (decision 187). */
export const MAX_VIEWS_PER_USER = 50;
export const VIEW_NAME_MAX = 40;
/** A view's query string, at most this long (an address longer than this is no bookmark). */
export const VIEW_QUERY_MAX = 2000;
/** A view is shared with at most this many named colleagues (more: share with the whole producer). */
export const MAX_VIEW_RECIPIENTS = 50;

export const VIEW_MESSAGES = {
  notFound: '视图不存在',
  readOnly: '共享给您的视图为只读，可另存为我的视图',
  nameTaken: '已有同名视图，请换一个名称',
  tooMany: `最多保存 ${MAX_VIEWS_PER_USER} 个视图，请先删除不用的视图`,
  notAnalysisPage: '只有分析页面可以保存为视图',
  pageGone: '该视图的页面已不存在',
  pageClosed: '您没有该视图页面的访问权限',
  noProducer: '您的账号未关联厂商，无法共享给本厂商同事',
  unknownColleague: '所选同事不存在或已停用',
  /** An analyst shares with the enabled analysts of their own producer only (decision 259). */
  notColleague: '只能共享给本厂商的同事：所选用户不存在、已停用、属于其他厂商或为管理员',
  selfShare: '不能共享给自己',
  saved: '已保存视图',
} as const;

// ---------- the calls' parameters ----------

const viewIdSchema = labelled(rowIdText(), '视图编号');

export const viewNameSchema = givenName('视图名称', VIEW_NAME_MAX);

const viewPathSchema = labelled(
  z
    .string('请给出页面地址')
    .trim()
    .refine((path) => analysisPageOf(path) !== undefined, VIEW_MESSAGES.notAnalysisPage)
    .transform((path) => analysisPageOf(path)!.path),
  '页面',
);

/** The query string as the address bar shows it ('' or '?a=1&b=2'; a missing '?' is added). */
const viewQuerySchema = labelled(
  z
    .string('应为文本')
    .trim()
    .max(VIEW_QUERY_MAX, `页面条件不能超过 ${VIEW_QUERY_MAX} 个字符`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), `页面条件${CONTROL_CHARACTER_MESSAGE}`)
    .transform((text) => (text === '' || text === '?' ? '' : text.startsWith('?') ? text : `?${text}`)),
  '页面条件',
);

export const viewSaveSchema = z.strictObject({ name: viewNameSchema, path: viewPathSchema, query: viewQuerySchema.default('') });
export type ViewSaveDto = z.output<typeof viewSaveSchema>;

export const viewIdBodySchema = z.strictObject({ id: viewIdSchema });
export const viewIdQuerySchema = strictQuery({ id: viewIdSchema });

export const viewRenameSchema = z.strictObject({ id: viewIdSchema, name: viewNameSchema });
export type ViewRenameDto = z.output<typeof viewRenameSchema>;

/** Who may open the view besides its owner: named colleagues and/or everyone of the owner's producer. The whole list, each time. */
export const viewShareSchema = z.strictObject({
  id: viewIdSchema,
  userIds: labelled(
    z
      .array(rowIdText(), '应为同事编号的列表')
      .max(MAX_VIEW_RECIPIENTS, `最多共享给 ${MAX_VIEW_RECIPIENTS} 位同事`)
      .transform((ids) => [...new Set(ids)]),
    '共享同事',
  ).default([]),
  producer: labelled(z.boolean('应为 true 或 false'), '共享给本厂商').default(false),
});
export type ViewShareDto = z.output<typeof viewShareSchema>;

export const viewCopySchema = z.strictObject({ id: viewIdSchema, name: viewNameSchema });
export type ViewCopyDto = z.output<typeof viewCopySchema>;

export const colleagueQuerySchema = strictQuery({ keyword: labelled(optional(searchText), '账号或昵称') });
export type ColleagueQuery = z.output<typeof colleagueQuerySchema>;

// ---------- the answers ----------

export const viewUserSchema = z.object({ id: z.number().int(), account: z.string(), nickname: z.string() });
export type ViewUser = z.infer<typeof viewUserSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  /** The page's title, or null when this build has no such page any more. */
  pageName: z.string().nullable(),
  query: z.string(),
  /** 'YYYY-MM-DD HH:mm', China time. */
  updateTime: z.string(),
  owner: viewUserSchema,
  /** The caller owns it (else it was shared with them: read-only). */
  mine: z.boolean(),
  /** Whom the owner shares it with (shown to the owner only; empty for a receiver). */
  sharedWith: z.array(viewUserSchema),
  /** Shared with everyone of a producer: the owner's when the share was made (decision 260). */
  sharedWithProducer: z.boolean(),
  /** That producer's name, or null when the view is not shared with a producer. */
  sharedProducerName: z.string().nullable(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const viewListSchema = z.object({
  mine: z.array(savedViewSchema),
  shared: z.array(savedViewSchema),
  /** How many views a user may keep. */
  limit: z.number().int(),
  /** The caller's producer (what 共享给本厂商 means), or null. */
  producerName: z.string().nullable(),
});
export type ViewList = z.infer<typeof viewListSchema>;

export const colleagueSchema = viewUserSchema.extend({ producerName: z.string().nullable() });
export type Colleague = z.infer<typeof colleagueSchema>;

/** What opening a view leads to: the page with what still applies, and the keys dropped. */
export const viewOpeningSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pageName: z.string(),
  /** path + the applicable query. */
  href: z.string(),
  dropped: z.array(z.string()),
});
export type ViewOpening = z.infer<typeof viewOpeningSchema>;

/** The notice a page shows after opening a view that lost parameters. */
export function droppedNotice(name: string, dropped: readonly string[]): string | null {
  if (dropped.length === 0) return null;
  return `视图「${name}」中的部分条件已不再适用，已忽略：${dropped.join('、')}`;
}

/**
 * 口径: the one dictionary of what each figure and data source means (issue 30 §4, decision 201). The pages show
 * an entry as the tooltip of the column header or card label it explains, every workbook lists the entries of its
 * columns in its 口径说明 sheet, and the OpenAPI description carries it on each measure field. The wording
 * follows how the numbers are computed: backend/src/analytics/measures.ts (MEASURES, SHIFTS), contracts
 * metrics.ts (growth, share, shareChange, ranks) and the display rules of display.ts.
 */

export const DEFINITION_KEYS = [
  'retail',
  'wholesale',
  'price',
  'rebateSource',
  'sales',
  'yoy',
  'mom',
  'ytd',
  'ytdYoy',
  'share',
  'shareChange',
  'mix',
  'mixChange',
  'rank',
  'tp',
  'msrp',
  'discount',
  'discountRate',
  'sinceJanuary',
  'rebate',
  'nev',
  'penetration',
  'priceBand',
  'setShare',
  'setShareChange',
  'setRank',
] as const;
export type DefinitionKey = (typeof DEFINITION_KEYS)[number];

export interface Definition {
  /** The name an analyst knows it by, as the 口径说明 sheet lists it. */
  name: string;
  /** What it is and how it is computed, in one or two short sentences. */
  text: string;
}

export const DEFINITIONS: Record<DefinitionKey, Definition> = {
  retail: {
    name: '零售',
    text: '终端上险登记口径：按车辆上险登记的月份和城市计的乘用车销量，单位辆；数据来源代码 2。',
  },
  wholesale: {
    name: '批发',
    text: '厂商批发口径：厂商当月批发（发往经销商）的乘用车销量，单位辆，只到车型、不分城市；数据来源代码 1。',
  },
  price: {
    name: '价格数据',
    text: '各车型在各城市的月度终端成交价（TP），连同计算加权时所用的零售量，以及车型当月的厂商指导价（MSRP）。',
  },
  rebateSource: {
    name: '返点数据',
    text: '厂商给经销商的返点，按车型、按月份。',
  },
  sales: {
    name: '销量',
    text: '所选数据来源（零售或批发）在所选月份、所选范围内的销量合计，单位辆。',
  },
  yoy: {
    name: '同比',
    text: '本期 ÷ 去年同期 − 1，一位小数的百分比；去年同期为 0 或无数据时显示 -。',
  },
  mom: {
    name: '环比',
    text: '本月 ÷ 上月 − 1，一位小数的百分比；上月为 0 或无数据时显示 -（优惠率为两者之差，单位百分点）。',
  },
  ytd: {
    name: '累计',
    text: '当年 1 月至所选月份各月之和（本年累计）；去年累计为去年同一段月份之和。',
  },
  ytdYoy: {
    name: '累计同比',
    text: '本年累计 ÷ 去年同期累计（去年 1 月至同月） − 1，一位小数的百分比；去年累计为 0 时显示 -。',
  },
  share: {
    name: '份额',
    text: '该行销量 ÷ 筛选范围内整体市场销量，百分比；去年同期份额、累计份额按同一口径取去年同月、本年累计。',
  },
  shareChange: {
    name: '份额变化(百分点)',
    text: '本期份额 − 去年同期份额，单位百分点（+1.9 即份额高了 1.9 个百分点），不是增长率。',
  },
  mix: {
    name: 'MIX',
    text: '价格段或车型的销量 ÷ 所选范围（整体市场或细分市场）的总销量，百分比。',
  },
  mixChange: {
    name: 'MIX变化',
    text: '本期 MIX − 去年同期 MIX，单位百分点，不是增长率。',
  },
  rank: {
    name: '排名',
    text: '按销量从高到低的名次，销量相同名次相同（1、2、2、4）；箭头比较上一期的名次，上一期无名次时不显示。',
  },
  tp: {
    name: '成交价(TP)',
    text: '销量加权的终端成交价：Σ(车型城市月成交价 × 该车型城市月零售量) ÷ Σ零售量，单位元。',
  },
  msrp: {
    name: '厂商指导价(MSRP)',
    text: '销量加权的厂商指导价：Σ(车型当月指导价 × 零售量) ÷ Σ零售量，与成交价同一权重，单位元。',
  },
  discount: {
    name: '优惠',
    text: '加权厂商指导价 − 加权成交价，单位元。',
  },
  discountRate: {
    name: '优惠率',
    text: '优惠 ÷ 加权厂商指导价，百分比；其环比、较1月之差单位为百分点。',
  },
  sinceJanuary: {
    name: '较1月',
    text: '本月值与当年 1 月值之比 − 1（优惠率为两者之差，单位百分点）。',
  },
  rebate: {
    name: '返点',
    text: '厂商给经销商的返点，按已知返点的车型月零售量加权，单位元。',
  },
  nev: {
    name: '新能源',
    text: '燃料类型为纯电动、插电式混合动力或增程式的乘用车零售量。',
  },
  penetration: {
    name: '渗透率',
    text: '新能源零售量 ÷ 乘用车零售量，百分比；其同比变化为与去年同月之差，单位百分点。',
  },
  priceBand: {
    name: '价格段',
    text: '车型当月按加权成交价（或指导价）归入的区间：下限到上限按所选宽度分段，左闭右开，另有下限以下和上限以上两段。',
  },
  setShare: {
    name: '组内份额',
    text: '竞品组成员的销量 ÷ 竞品组全部成员（本品与竞品）销量之和，百分比；所选区域内计算。',
  },
  setShareChange: {
    name: '组内份额变化(百分点)',
    text: '当月组内份额 − 上月组内份额，单位百分点，不是增长率。',
  },
  setRank: {
    name: '组内排名',
    text: '竞品组内按当月销量从高到低的名次，销量相同名次相同；箭头比较上月的组内名次，当月无销量时无名次。',
  },
};

/**
 * Which entry a column header or card label names, most specific first (份额变化 before 份额, 累计同比 before
 * 同比 and 累计). Labels are matched as the pages and workbooks spell them, so no table states its keys twice.
 */
const LABEL_RULES: ReadonlyArray<readonly [RegExp, DefinitionKey]> = [
  [/组内份额变化/, 'setShareChange'],
  [/组内份额/, 'setShare'],
  [/组内排名/, 'setRank'],
  [/份额变化/, 'shareChange'],
  [/MIX变化|MIX同比/, 'mixChange'],
  [/渗透率/, 'penetration'],
  [/优惠率/, 'discountRate'],
  [/优惠/, 'discount'],
  [/返点/, 'rebate'],
  [/指导价|建议零售价|MSRP/, 'msrp'],
  [/成交价|TP/, 'tp'],
  [/累计同比/, 'ytdYoy'],
  [/同比/, 'yoy'],
  [/环比/, 'mom'],
  [/较1月/, 'sinceJanuary'],
  [/排名/, 'rank'],
  [/MIX/, 'mix'],
  [/份额/, 'share'],
  [/价格段/, 'priceBand'],
  [/累计/, 'ytd'],
  [/新能源/, 'nev'],
  [/零售/, 'retail'],
  [/批发/, 'wholesale'],
  [/销量/, 'sales'],
];

/** The entry a label names, or undefined for a label that is no measure (车型, 城市 …). */
export function definitionKeyOf(label: string): DefinitionKey | undefined {
  return LABEL_RULES.find(([pattern]) => pattern.test(label))?.[1];
}

/** The definition text a label names, or undefined. */
export function definitionOf(label: string): string | undefined {
  const key = definitionKeyOf(label);
  return key === undefined ? undefined : DEFINITIONS[key].text;
}

/** The 口径说明 rows of a set of labels: each named entry once, in the dictionary's order, as [name, text]. */
export function definitionRows(labels: Iterable<string>): Array<[string, string]> {
  const keys = new Set<DefinitionKey>();
  for (const label of labels) {
    const key = definitionKeyOf(label);
    if (key !== undefined) keys.add(key);
  }
  return DEFINITION_KEYS.filter((key) => keys.has(key)).map((key) => [DEFINITIONS[key].name, DEFINITIONS[key].text]);
}

/**
 * The wire's measure fields and the entry each means (docs/glossary.md names them): the OpenAPI description
 * carries the entry on the field, on its display text (`…Str`) and on its list form (`yoys`, `mixChanges`).
 */
const FIELD_DEFINITIONS: Readonly<Record<string, DefinitionKey>> = {
  qty: 'sales',
  sales: 'sales',
  tq: 'sales',
  tb: 'sales',
  hb: 'sales',
  tqSales: 'sales',
  salesSum: 'sales',
  tqSalesSum: 'sales',
  retailQty: 'retail',
  yoy: 'yoy',
  yoyQty: 'yoy',
  mom: 'mom',
  tpMom: 'mom',
  msrpMom: 'mom',
  discountMom: 'mom',
  lj: 'ytd',
  ljQty: 'ytd',
  ljSales: 'ytd',
  tqLj: 'ytd',
  ljTb: 'ytd',
  yearYoy: 'ytdYoy',
  ljYoy: 'ytdYoy',
  mix: 'share',
  tqMix: 'share',
  yearMix: 'share',
  tqYearMix: 'share',
  mixChange: 'shareChange',
  yearMixChange: 'shareChange',
  detailMix: 'mix',
  tqDetailMix: 'mix',
  wholeMix: 'mix',
  detailMixChange: 'mixChange',
  wholeMixChange: 'mixChange',
  mixYoy: 'mixChange',
  ranking: 'rank',
  ljRanking: 'rank',
  rankingStatus: 'rank',
  tp: 'tp',
  tpDown: 'sinceJanuary',
  discountDown: 'sinceJanuary',
  discountRateDown: 'sinceJanuary',
  msrp: 'msrp',
  discount: 'discount',
  discountRate: 'discountRate',
  discountRateMom: 'discountRate',
  rebate: 'rebate',
  fandian: 'rebate',
  xinnengyuan: 'nev',
  shentoulv: 'penetration',
  yoyShentoulv: 'penetration',
};

/** The entry a wire field names (`yoys` → yoy, `tpStr` → tp), or undefined. */
export function definitionKeyOfField(field: string): DefinitionKey | undefined {
  const name = field.endsWith('Str') ? field.slice(0, -3) : field;
  return FIELD_DEFINITIONS[name] ?? (name.endsWith('s') ? FIELD_DEFINITIONS[name.slice(0, -1)] : undefined);
}

/** Every field name the OpenAPI description annotates (for the dictionary's spec). */
export const DEFINED_FIELDS: readonly string[] = Object.keys(FIELD_DEFINITIONS);

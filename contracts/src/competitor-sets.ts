import { z } from 'zod';
import { DATA_SOURCES } from './constants';
import type { HeaderTag } from './filter-tags';
import { checkMembers, COMPETITOR_SET_NAME_MAX, MAX_SET_MEMBERS } from './competitor-set-rules';
import { givenName, labelled, rowIdText } from './params';
import { type ChartResult, saleVolumeFilterShape, withArea } from './sale-volume';
import { viewUserSchema } from './views';

/**
 * 竞品组 (issue 49 §1): a competitor set is a name, one or more 本品 sub-series and up to fifteen rival sub-series,
 * defined once and used on every page that compares. Its owner creates, edits, renames, deletes and shares it
 * read-only with the colleagues of their producer (the rules of shared views, decisions 187, 259, 260); a colleague
 * copies a shared set as their own. Suggested sets start from the caller's producer's best sellers (decision 296;
 * docs/modules.md "竞品组").
 */

// The limits, messages and member rule live in competitor-set-rules.ts (the sales tables' 竞品组 filter uses them too).
export * from './competitor-set-rules';

// ---------- the calls' parameters ----------

const setIdSchema = labelled(rowIdText(), '竞品组编号');

export const competitorSetNameSchema = givenName('竞品组名称', COMPETITOR_SET_NAME_MAX);

const subSeriesIdsSchema = (label: string) =>
  labelled(
    z
      .array(rowIdText(), '应为子车系编号的列表')
      .max(MAX_SET_MEMBERS, `最多 ${MAX_SET_MEMBERS} 个`)
      .transform((ids) => [...new Set(ids)]),
    label,
  );

/** The members: 本品 (one or more) and rivals (up to fifteen), sixteen at most together, none both. */
const membersShape = {
  own: subSeriesIdsSchema('本品子车系'),
  rivals: subSeriesIdsSchema('竞品子车系').default([]),
};

export const competitorSetSaveSchema = z.strictObject({ name: competitorSetNameSchema, ...membersShape }).superRefine(checkMembers);
export type CompetitorSetSaveDto = z.output<typeof competitorSetSaveSchema>;

/** An owner's edit: the name and the whole membership, each time. */
export const competitorSetUpdateSchema = z.strictObject({ id: setIdSchema, name: competitorSetNameSchema, ...membersShape }).superRefine(checkMembers);
export type CompetitorSetUpdateDto = z.output<typeof competitorSetUpdateSchema>;

export const competitorSetIdBodySchema = z.strictObject({ id: setIdSchema });

/** Shared read-only with everyone of the owner's producer, or no longer. */
export const competitorSetShareSchema = z.strictObject({ id: setIdSchema, producer: labelled(z.boolean('应为 true 或 false'), '共享给本厂商') });
export type CompetitorSetShareDto = z.output<typeof competitorSetShareSchema>;

/**
 * 竞品监控 (issue 49 §2): one set the caller may read, in a month (default: the source's latest), retail or wholesale,
 * nationwide or in a region, province or city (`area` + `level`, as on 区域市场表现; retail only).
 */
export const competitorMonitorQuerySchema = withArea({ id: setIdSchema, time: saleVolumeFilterShape.time, source: saleVolumeFilterShape.source });
export type CompetitorMonitorDto = z.output<typeof competitorMonitorQuerySchema>;

export const competitorSetCopySchema = z.strictObject({ id: setIdSchema, name: competitorSetNameSchema });
export type CompetitorSetCopyDto = z.output<typeof competitorSetCopySchema>;

// ---------- the answers ----------

/** A member sub-series, named as the pickers name it, with its maker. */
export const setMemberSchema = z.object({ id: z.number().int(), name: z.string(), producerName: z.string() });
export type SetMember = z.infer<typeof setMemberSchema>;

export const competitorSetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  own: z.array(setMemberSchema),
  rivals: z.array(setMemberSchema),
  /** 'YYYY-MM-DD HH:mm', China time. */
  updateTime: z.string(),
  owner: viewUserSchema,
  /** The caller owns it (else it was shared with them: read-only). */
  mine: z.boolean(),
  /** Shared with everyone of a producer: the owner's when the share was made. */
  sharedWithProducer: z.boolean(),
  sharedProducerName: z.string().nullable(),
});
export type CompetitorSet = z.infer<typeof competitorSetSchema>;

export const competitorSetListSchema = z.object({
  mine: z.array(competitorSetSchema),
  shared: z.array(competitorSetSchema),
  limit: z.number().int(),
  /** The caller's producer (what 共享给本厂商 means), or null. */
  producerName: z.string().nullable(),
});
export type CompetitorSetList = z.infer<typeof competitorSetListSchema>;

/** A member of a suggestion with the figures that chose it: retail volume and volume-weighted TP (元) over the months. */
export const suggestedMemberSchema = setMemberSchema.extend({ qty: z.number(), tp: z.number() });
export type SuggestedMember = z.infer<typeof suggestedMemberSchema>;

export const suggestedSetSchema = z.object({
  /** The name it would be saved under: '<本品> 竞品'. */
  name: z.string(),
  own: suggestedMemberSchema,
  segmentName: z.string(),
  bodyTypeName: z.string(),
  rivals: z.array(suggestedMemberSchema),
});
export type SuggestedSet = z.infer<typeof suggestedSetSchema>;

export const suggestionsSchema = z.object({
  /** The months read, 'YYYY-MM~YYYY-MM'; null without retail data. */
  months: z.string().nullable(),
  /** One a best seller of the caller's producer, best first; none for a user without a producer. */
  sets: z.array(suggestedSetSchema),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

// ---------- 竞品监控 ----------

/** The months 竞品监控 shows: the chosen month and the twelve before it. */
export const MONITOR_MONTHS = 13;

const percent = z.number().nullable();
const money = z.number().nullable();
const rankingStatus = z.union([z.literal(-2), z.literal(-1), z.literal(0), z.literal(1)]);

/**
 * A member's (or 本品 together's) prices by month of `months`, nationwide, in whole yuan (decision 54): TP, discount
 * (MSRP − TP) and its rate (percent, one decimal); null where the month has no price.
 */
const monitorPricesShape = { tp: z.array(money), discount: z.array(money), discountRate: z.array(percent) };

/** A member of the set on 竞品监控 (decision 297). Percents carry one decimal (12.3 = 12.3 %); a point change too. */
export const monitorMemberSchema = setMemberSchema.extend({
  own: z.boolean(),
  /** Volume by month of `months` (0 where none sold). */
  volumes: z.array(z.number()),
  /** Share within the set by month (percent); null where the set sold nothing. */
  shares: z.array(percent),
  /** The month's share within the set less the month before's, in points. */
  shareChange: percent,
  /** Rank within the set by the month's volume (1 the largest; ties share a rank); null when it sold nothing. */
  rank: z.number().int().nullable(),
  previousRank: z.number().int().nullable(),
  rankingStatus,
  ...monitorPricesShape,
  /** 本品's TP (together) less this rival's, by month (元); null for 本品 and without both prices. */
  tpGap: z.array(money),
  /** That gap as a percent of the rival's TP. */
  tpGapRate: z.array(percent),
});
export type MonitorMember = z.infer<typeof monitorMemberSchema>;

/** A province (or, in a province or city, a city) of the chosen area: 本品's share within the set there. */
export const monitorPlaceSchema = z.object({
  id: z.number().int(),
  /** The 6-digit code as text, as the map's rows name a unit. */
  code: z.string(),
  name: z.string(),
  ownQty: z.number(),
  setQty: z.number(),
  share: percent,
  previousShare: percent,
  /** In points; null without both shares. */
  shareChange: percent,
});
export type MonitorPlace = z.infer<typeof monitorPlaceSchema>;

export const competitorMonitorSchema = z.object({
  set: competitorSetSchema,
  /** The month shown, 'YYYY-MM', and the thirteen months of the series ending with it. */
  time: z.string(),
  months: z.array(z.string()),
  source: z.union([z.literal(1), z.literal(2)]),
  /** 全国, or the region, province or city the volumes are narrowed to. */
  areaName: z.string(),
  /** 本品 first (in the set's order), then the rivals by the month's volume, largest first. */
  members: z.array(monitorMemberSchema),
  /** The set's volume by month: the sum of its members'. */
  total: z.array(z.number()),
  /** 本品 together: its volumes, shares within the set and prices by month (its TP the gaps are taken from). */
  own: z.object({ volumes: z.array(z.number()), shares: z.array(percent), shareChange: percent, ...monitorPricesShape }),
  /**
   * 本品's share within the set by province (nationwide or in a big region) or by city (in a province or city), the
   * month and the month before; null for wholesale (no geography).
   */
  places: z.object({ level: z.union([z.literal(2), z.literal(3)]), rows: z.array(monitorPlaceSchema) }).nullable(),
});
export type CompetitorMonitor = z.infer<typeof competitorMonitorSchema>;

/** What 竞品监控's trend chart draws (`chart`): each member's volume (0), or its share within the set (1). */
export type MonitorChartView = 0 | 1;
export const MONITOR_CHART_VIEWS: ReadonlyArray<{ value: MonitorChartView; label: string }> = [
  { value: 0, label: '销量' },
  { value: 1, label: '组内份额' },
];

/** A member as 竞品监控's tables, chart and deck name it: 本品 marked. */
export function memberLabel(member: { name: string; own: boolean }): string {
  return member.own ? `${member.name}（本品）` : member.name;
}

/** 竞品监控's trend (the page's chart and the deck's): a line per member over the thirteen months, 本品 first. */
export function monitorChart(data: Pick<CompetitorMonitor, 'months' | 'members'>, view: MonitorChartView): ChartResult {
  return {
    xAxis: [{ categories: data.months }],
    yAxis: [{ title: view === 0 ? '销量（辆）' : '组内份额（%）' }],
    series: data.members.map((m) => ({ name: memberLabel(m), type: 'line' as const, data: view === 0 ? m.volumes : m.shares })),
  };
}

/** 竞品监控's header tags, the page's and its deck's title slide's: the month, the data source, the area and the set. */
export function monitorTags(data: Pick<CompetitorMonitor, 'time' | 'source' | 'areaName' | 'set'>): HeaderTag[] {
  return [
    { label: '时间', value: data.time },
    { label: '数据来源', value: DATA_SOURCES.find((s) => s.value === data.source)?.label ?? '' },
    { label: '区域', value: data.areaName },
    { label: '竞品组', value: data.set.name },
  ];
}

/**
 * 归因分析's 为什么? links (issue 50 §4): the address of the page for a card — its tab, the card's scope and the
 * comparison its growth is — written here alone, so the whole-market, area, producer/brand and price-index cards and
 * the dashboard's sentences open the page alike. The page's URL parameters are its calls' (contracts/src/attribution.ts)
 * plus `tab`; a link carries only its tab's, so each tab's query is the call's own.
 */
import {
  ATTRIBUTION_COMPARISONS,
  ATTRIBUTION_PAGE,
  type AttributionComparison,
  type AttributionDimension,
  DASH,
  type DashboardGrowthSplit,
  fixedDimensions,
  growthText,
  PRICE_MEASURES,
  type PriceMeasureKey,
  type PriceWhole,
  type ShareDimension,
  type Summary,
} from '@car/contracts';

import { defaultDimension, shareDimensions, volumeDimensions } from './attribution';
import type { MarketPriceState } from './price-query';
import { withParams } from './sale-volume-query';

/** A sales scope as the sales pages hold it: their filters and the area node (retail's alone). */
export interface AttributionScope {
  time: string | null;
  source: number;
  /** −1 (or absent) all segments, producer properties. */
  detailId?: number;
  producerProperty?: number;
  /** Empty (or absent): every fuel. */
  fuels?: readonly number[];
  area?: { id: number; level: number } | null;
}

/** The maker a share split is about (厂商品牌表现's producer or brand). */
export interface AttributionMaker {
  type: 'producer' | 'brand' | 'subSeries';
  id: number;
}

export type AttributionTarget =
  | { tab: 'volume'; scope: AttributionScope; compare: AttributionComparison; by?: AttributionDimension }
  | { tab: 'share'; scope: AttributionScope; compare: AttributionComparison; subject: AttributionMaker; by?: ShareDimension }
  | {
      tab: 'price';
      time: string | null;
      compare: AttributionComparison;
      /** The whole market, or a segment (producer, brand, sub-series) by its id. */
      subject: { type: 'market' } | { type: 'segment' | 'producer' | 'brand' | 'subSeries'; id: number };
      measure: PriceMeasureKey;
    };

/**
 * The split a link opens on where the card names none: the page's own default (attribution.ts), 细分市场 unless the
 * scope fixes it to one segment, then the next open dimension — so the link reads as the page would fill it in.
 */
function defaultBy(tab: 'volume' | 'share', scope: AttributionScope): AttributionDimension {
  const fixed = fixedDimensions({
    detailId: scope.detailId,
    fuels: scope.fuels ? [...scope.fuels] : [],
    producerProperty: scope.producerProperty,
    area: scope.area,
  });
  return defaultDimension((tab === 'volume' ? volumeDimensions : shareDimensions)(scope.source, fixed));
}

/** The scope as the calls' parameters: defaults left out; the area on retail only (wholesale has no geography). */
function scopeParams(scope: AttributionScope): Record<string, string | number | null> {
  const retail = scope.source === 2;
  return {
    time: scope.time,
    source: scope.source,
    detailId: scope.detailId !== undefined && scope.detailId > 0 ? scope.detailId : null,
    producerProperty: scope.producerProperty !== undefined && scope.producerProperty > 0 ? scope.producerProperty : null,
    fuels: scope.fuels && scope.fuels.length > 0 ? scope.fuels.join(',') : null,
    area: retail && scope.area ? scope.area.id : null,
    level: retail && scope.area ? scope.area.level : null,
  };
}

/** The 归因分析 address of a target: '/salevolume/attribution?tab=volume&time=…&source=2&compare=0&by=segment'. */
export function attributionHref(target: AttributionTarget): string {
  const params: Record<string, string | number | null> = { tab: target.tab };
  if (target.tab === 'price') {
    Object.assign(params, {
      time: target.time,
      compare: target.compare,
      subjectType: target.subject.type,
      subjectId: 'id' in target.subject ? target.subject.id : null,
      measure: target.measure,
    });
  } else {
    Object.assign(params, scopeParams(target.scope), { compare: target.compare });
    if (target.tab === 'volume') params.by = target.by ?? defaultBy('volume', target.scope);
    else Object.assign(params, { by: target.by ?? defaultBy('share', target.scope), subjectType: target.subject.type, subjectId: target.subject.id });
  }
  return `${ATTRIBUTION_PAGE.path}${withParams('', params)}`;
}

/** A 为什么? link: where it leads and what it says it opens (its title and accessible name). */
export interface WhyLinkTarget {
  href: string;
  label: string;
}

/**
 * What a 为什么? link says it opens: '为什么同比增长 0.9%？查看归因分析', '为什么成交价环比下降 1.2%？查看归因分析'; for a
 * growth the dash rule hides, '查看同比的归因分析'. The growth as the card shows it (growthText).
 */
export function whyLabel(compare: AttributionComparison, percent: number | null | undefined, what = ''): string {
  const growth = ATTRIBUTION_COMPARISONS.find((c) => c.value === compare)?.growth ?? '';
  const text = growthText(percent);
  if (text === DASH || percent === null || percent === undefined) return `查看${what}${growth}的${ATTRIBUTION_PAGE.name}`;
  return `为什么${what}${growth}${percent > 0 ? '增长' : '下降'} ${text.replace(/^-/, '')}？查看${ATTRIBUTION_PAGE.name}`;
}

/** The growth cards of the sales pages (SummaryCards' keys) and the fields of the summary they show. */
const GROWTH_CARDS = { yoy: 'yoy', mom: 'mom', yearYoy: 'yearYoy' } as const satisfies Record<string, keyof Summary>;

/**
 * The comparison a sales card's growth is: 同比 0, 环比 1, 累计同比 2; under 1-2月合计 both 同比 and 累计同比 are the
 * two months on last year's (3), and its 环比 (on 上年11-12月) is none of 归因分析's: null, as for a card with no growth.
 */
export function cardComparison(card: string, newYear: boolean): AttributionComparison | null {
  switch (card) {
    case 'yoy':
      return newYear ? 3 : 0;
    case 'mom':
      return newYear ? null : 1;
    case 'yearYoy':
      return newYear ? 3 : 2;
    default:
      return null;
  }
}

/** What a sales page's cards are the figures of: its scope, and on 厂商品牌表现's own view the producer or brand. */
export interface CardsAbout {
  scope: AttributionScope;
  maker?: AttributionMaker | null;
}

/**
 * A sales card's 为什么?: the market's cards open the volume split (拉动 by 细分市场), a producer's or brand's the
 * split of its share (份额归因), each with the card's scope and comparison. None for a card without a growth.
 */
export function summaryCardWhy(card: string, summary: Summary | null, about: CardsAbout, newYear: boolean): WhyLinkTarget | null {
  const compare = cardComparison(card, newYear);
  if (compare === null || summary === null) return null;
  const scope = { ...about.scope, time: about.scope.time ?? summary.time };
  const target: AttributionTarget = about.maker ? { tab: 'share', scope, compare, subject: about.maker } : { tab: 'volume', scope, compare };
  return { href: attributionHref(target), label: whyLabel(compare, summary[GROWTH_CARDS[card as keyof typeof GROWTH_CARDS]]) };
}

/** The price cards that 价格归因 explains, with the measure it splits and the card's 环比. */
const PRICE_CARDS = {
  tp: { measure: 'tp', mom: (w: PriceWhole) => w.tpMom },
  discount: { measure: 'discount', mom: (w: PriceWhole) => w.discountMom },
} as const;

/**
 * A price-index card's 为什么? (整体市场价格指数): its 环比 split into price, mix and new/run-out effects, of the whole
 * market or the segment chosen. 价格归因 is national over every maker, so a card narrowed by 厂商属性, 大区 or 品牌类型
 * has none; nor has 较1月 (no comparison of 归因分析) nor the discount rate (no measure of it).
 */
export function priceCardWhy(card: string, whole: PriceWhole | null, state: MarketPriceState): WhyLinkTarget | null {
  if (card !== 'tp' && card !== 'discount') return null;
  if (whole === null || state.producerProperty > 0 || state.bigArea > 0 || state.composite >= 0) return null;
  const { measure, mom } = PRICE_CARDS[card];
  const compare = 1;
  const href = attributionHref({
    tab: 'price',
    time: state.time ?? whole.time,
    compare,
    subject: state.detailId > 0 ? { type: 'segment', id: state.detailId } : { type: 'market' },
    measure,
  });
  return { href, label: whyLabel(compare, mom(whole), PRICE_MEASURES.find((m) => m.key === measure)?.label) };
}

/** A dashboard sentence's 为什么?: the whole retail market's split by 燃料类型 at the dashboard's month and mode. */
export function growthSplitWhy(split: Pick<DashboardGrowthSplit, 'compare' | 'growth'>, time: string): WhyLinkTarget {
  return {
    href: attributionHref({ tab: 'volume', scope: { time, source: 2 }, compare: split.compare, by: 'fuel' }),
    label: whyLabel(split.compare, split.growth),
  };
}

/**
 * 归因分析's rules apart from the drawing (issue 50, decision 302): the page's tabs and what a tab's link keeps, the
 * comparisons a month offers, the split dimensions a scope leaves open, a member's drill and the breadcrumb's way back
 * up, the waterfall's axis and labels, an effect's short header. The labels, notes and rules of the splits themselves
 * are the contract's (contracts/src/attribution.ts), their figures' texts display.ts's; the page and its components draw
 * what these return.
 */
import {
  ATTRIBUTION_COMPARISONS,
  ATTRIBUTION_DIMENSION_KEYS,
  ATTRIBUTION_DIMENSIONS,
  ATTRIBUTION_TABS,
  type AttributionDimension,
  type AttributionTab,
  DATA_SOURCES,
  type HeaderTag,
  monthTagText,
  SHARE_DIMENSION_KEYS,
  type WaterfallBar,
} from '@car/contracts';
import { z } from 'zod';

import { nodeName, parentOf, type AreaNode } from './area-drill';
import { allowsNewYear, withParams } from './sale-volume-query';

// ---------- the tabs ----------

const TAB_KEYS = ATTRIBUTION_TABS.map((t) => t.key) as [AttributionTab, ...AttributionTab[]];

/** The page's own URL keys (the calls take the rest): the tab shown. */
export const ATTRIBUTION_PAGE_KEYS = z.object({ tab: z.enum(TAB_KEYS) });

/** The drill's steps: the parameters a member's link adds to the volume split's scope (ATTRIBUTION_DIMENSIONS' `param`). */
export const DRILL_PARAMS = ['familyId', 'producerId', 'brandId', 'subSeriesId', 'tier'] as const;

/**
 * What a tab reads of its own, left behind by a link to another tab: the split dimension, the drill's steps, the subject
 * and the measure (each tab's `subjectType` means another list). The filters, the comparison and the 竞品组 are the
 * page's and stay.
 */
const TAB_OWN_KEYS = ['by', ...DRILL_PARAMS, 'subjectType', 'subjectId', 'measure'] as const;

/** The link of a tab from the address shown: the tab (the first one is the default, no key), its own keys dropped. */
export function tabHref(search: string, tab: AttributionTab): string {
  return withParams(search, { tab: tab === TAB_KEYS[0] ? null : tab, ...Object.fromEntries(TAB_OWN_KEYS.map((k) => [k, null])) });
}

// ---------- the header ----------

/**
 * The page's header tags (and the chart image's caption): the month, for the sales splits the source and the area, and
 * the comparison; the scope's other steps are the breadcrumb's.
 */
export function attributionTags(tab: AttributionTab, time: string | null, source: number, areaName: string | null, compare: number): HeaderTag[] {
  const comparison = ATTRIBUTION_COMPARISONS.find((c) => c.value === compare);
  return [
    { label: '时间', value: monthTagText(time) },
    ...(tab === 'price' ? [] : [{ label: '数据来源', value: DATA_SOURCES.find((s) => s.value === source)?.label ?? '-' }]),
    ...(tab !== 'price' && areaName ? [{ label: '区域', value: areaName }] : []),
    { label: '对比', value: comparison?.label ?? '-' },
  ];
}

// ---------- the comparison ----------

/** The comparisons a month offers: 1-2月合计 only for January and February (the calls refuse it otherwise). */
export function comparisonOptions(time: string | null | undefined) {
  return ATTRIBUTION_COMPARISONS.filter((c) => c.value !== 3 || allowsNewYear(time));
}

// ---------- the split dimension ----------

/** A dimension as the selector offers it. */
export interface DimensionChoice {
  key: AttributionDimension;
  label: string;
}

/**
 * The dimensions a split may take in a scope, in the contract's order: geography is retail's alone, and a dimension the
 * scope already fixes to one member (`fixedDimensions`) would split into one row.
 */
export function openDimensions(keys: readonly AttributionDimension[], source: number, fixed: readonly AttributionDimension[]): DimensionChoice[] {
  return keys
    .filter((key) => !(source === 1 && ATTRIBUTION_DIMENSIONS[key].retailOnly) && !fixed.includes(key))
    .map((key) => ({ key, label: ATTRIBUTION_DIMENSIONS[key].label }));
}

export const volumeDimensions = (source: number, fixed: readonly AttributionDimension[]) => openDimensions(ATTRIBUTION_DIMENSION_KEYS, source, fixed);
export const shareDimensions = (source: number, fixed: readonly AttributionDimension[]) => openDimensions(SHARE_DIMENSION_KEYS, source, fixed);

/** The split a scope takes when the address names none: the first dimension it leaves open. */
export function defaultDimension(open: readonly DimensionChoice[]): AttributionDimension {
  return open[0]?.key ?? 'segment';
}

// ---------- the drill and the way back ----------

/** A member's drill as the answer gives it (VolumeAttributionRow['drill']). */
export interface Drill {
  param: string;
  value: number;
  level?: number;
  next: string | null;
}

/**
 * A member's link: the scope gains its filter (an area with its level) and the split moves to the next dimension; where
 * none follows (a sub-series) the split is left for the analyst to choose, the selector showing the scope's first open one.
 */
export function drillHref(search: string, drill: Drill): string {
  return withParams(search, {
    [drill.param]: drill.value,
    ...(drill.param === 'area' ? { level: drill.level ?? 1 } : {}),
    by: drill.next,
  });
}

/** A step of the scope the breadcrumb can take away: its parameters and the split it was drilled from. */
interface ScopeStep {
  params: readonly string[];
  dimension: AttributionDimension | null;
  /** An area step's level (1 大区, 2 省份, 3 城市). */
  level?: number;
}

const AREA_LEVELS: Record<string, number> = { 大区: 1, 省份: 2, 城市: 3 };
/** The scope tag of the area (the sales pages' 区域 filter). */
const AREA_TAG_LABEL = '区域';

/** The step a scope tag names, by its label (the dimensions' labels, 城市 and 竞品组); none for a tag no link removes. */
export function scopeStepOf(label: string): ScopeStep | null {
  if (label in AREA_LEVELS) {
    const level = AREA_LEVELS[label];
    return { params: ['area', 'level'], dimension: level === 1 ? 'region' : level === 2 ? 'province' : null, level };
  }
  if (label === '竞品组') return { params: ['set'], dimension: null };
  const key = ATTRIBUTION_DIMENSION_KEYS.find((k) => ATTRIBUTION_DIMENSIONS[k].label === label);
  const param = key ? ATTRIBUTION_DIMENSIONS[key].param : null;
  return key && param ? { params: [param], dimension: key } : null;
}

const AREA_LABELS = Object.fromEntries(Object.entries(AREA_LEVELS).map(([label, level]) => [level, label]));

/**
 * The answer names the area in one tag (区域 江苏); the breadcrumb names each level down to it (大区 华东 › 省份 江苏),
 * so the analyst can go back up to the region a province was drilled from.
 */
function areaSteps(tag: { label: string; value: string }, node: AreaNode | null): Array<{ label: string; value: string }> {
  if (tag.label !== AREA_TAG_LABEL || node === null) return [tag];
  const path: AreaNode[] = [];
  for (let at: AreaNode | null = node; at; at = parentOf(at)) path.unshift(at);
  return path.map((n) => ({ label: AREA_LABELS[n.level], value: n === node ? tag.value : nodeName(n) }));
}

/** A crumb of the breadcrumb: its text and the link back up to it (none for the scope as it is). */
export interface Crumb {
  text: string;
  href: string | null;
}

/**
 * The scope's breadcrumb: 全部, then each step of the answer's scope. A crumb's link keeps the steps up to it and takes
 * the later ones away, the split going back to the dimension of the first step taken away (where the analyst drilled
 * from); an area step taken away below a region or province kept goes up to it (the area is one parameter).
 */
export function scopeCrumbs(search: string, scope: ReadonlyArray<{ label: string; value: string }>, node: AreaNode | null): Crumb[] {
  const steps = scope.flatMap((tag) => areaSteps(tag, node)).map((tag) => ({ tag, step: scopeStepOf(tag.label) }));
  const hrefAt = (kept: number): string | null => {
    const removed = steps.slice(kept).filter((s) => s.step !== null);
    if (removed.length === 0) return null;
    const changes: Record<string, string | number | null> = {};
    for (const { step } of removed) for (const param of step!.params) changes[param] = null;
    const keptLevel = Math.max(0, ...steps.slice(0, kept).map((s) => s.step?.level ?? 0));
    if (keptLevel > 0 && changes.area === null) {
      let up = node;
      while (up && up.level > keptLevel) up = parentOf(up);
      if (up) Object.assign(changes, { area: up.id, level: up.level });
    }
    const from = removed.find((s) => s.step!.dimension !== null)?.step!.dimension;
    if (from) changes.by = from;
    return withParams(search, changes);
  };
  return [{ text: '全部', href: hrefAt(0) }, ...steps.map((s, i) => ({ text: `${s.tag.label} ${s.tag.value}`, href: hrefAt(i + 1) }))];
}

// ---------- the waterfall ----------

/**
 * The waterfall's value axis: around the levels the changes run between, not from zero (a market of two million cars
 * moving by fifty thousand would draw flat steps), with room below for the two ends' bars to show as bars; from zero
 * where the ends are near it. Its ends and ticks are whole steps of 1, 2 or 5 × 10ⁿ, about six of them, so every tick
 * reads round (2,180,000 … 2,300,000 by 20,000), the ends too.
 */
export function waterfallRange(bars: readonly WaterfallBar[]): { min: number; max: number; step: number } {
  const levels = bars.flatMap((b) => (b.kind === 'base' || b.kind === 'current' ? [b.to] : [b.from, b.to]));
  if (levels.length === 0) return { min: 0, max: 1, step: 0.2 };
  const low = Math.min(...levels);
  const high = Math.max(...levels);
  const span = Math.max(high - low, Math.abs(high) * 0.01, 1e-6);
  const below = low - span * 0.5;
  const fromZero = below <= 0 || low <= 0;
  const top = high + span * 0.12;
  const step = roundStep((top - (fromZero ? Math.min(0, low) : below)) / 6);
  const min = fromZero ? Math.min(0, Math.floor(low / step) * step) : Math.floor(below / step) * step;
  return { min, max: Math.ceil(top / step) * step, step };
}

/** The least step of 1, 2 or 5 × 10ⁿ at least `wanted`. */
function roundStep(wanted: number): number {
  const power = 10 ** Math.floor(Math.log10(wanted));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= wanted * (1 - 1e-9)) ?? 10 * power;
}

/** How a waterfall writes its bars: the two ends as levels, the changes signed (zero as zero, not a dash). */
export interface WaterfallText {
  level: (value: number) => string;
  change: (value: number) => string;
}

/** A bar's label by its kind. */
export function waterfallLabel(bar: WaterfallBar, text: WaterfallText): string {
  return bar.kind === 'base' || bar.kind === 'current' ? text.level(bar.value) : text.change(bar.value);
}

// ---------- the tables ----------

/** An effect's name without its gloss, for a column header: '结构效应（市场结构变化）' → '结构效应'. */
export function effectShortLabel(label: string): string {
  return label.split('（')[0];
}

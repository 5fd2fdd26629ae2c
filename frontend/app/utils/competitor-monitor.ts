/**
 * 竞品监控's rules (issue 49 §2, decision 297), apart from the drawing: the trend chart of the members, 本品's share
 * within the set on the map, the places where it moved most, and the links that carry the set to 车系价格追踪,
 * 配置查询 and 销量占比分析. The page and its components draw what these return.
 */
import {
  intText,
  COMPETITOR_MONITOR_PAGE,
  type CompetitorMonitor,
  type CompetitorSet,
  type FigureSubscription,
  MAX_COMPARED,
  MAX_CONFIG_SUB_SERIES,
  MAX_PRICE_COMPARED,
  type MonitorMember,
  type MonitorPlace,
  pointsCardText,
  sharePercentText,
  thousands,
} from '@car/contracts';
import { z } from 'zod';

import type { ChinaMapRow, MapMeasure } from '~/components/ChinaMap';
import { withParams } from './sale-volume-query';

/** What the price table shows (`price`): TP (0), discount (1), discount rate (2), the TP gap to 本品 (3). */
export type MonitorPriceView = 0 | 1 | 2 | 3;
export const MONITOR_PRICE_VIEWS: ReadonlyArray<{ value: MonitorPriceView; label: string }> = [
  { value: 0, label: '成交价' },
  { value: 1, label: '优惠' },
  { value: 2, label: '优惠率' },
  { value: 3, label: '成交价差' },
];

/** The page's own URL keys: the chart's view (`chart`) and the price table's (`price`). */
export const MONITOR_PAGE_KEYS = z.object({ chart: intText(), price: intText() });

type PriceRow = Pick<MonitorMember, 'tp' | 'discount' | 'discountRate'> & Partial<Pick<MonitorMember, 'tpGap' | 'tpGapRate'>>;

/** A price table's cell: the figure, the gap's percent (成交价差), and whether it rose or fell on the month before. */
export interface PriceCell {
  value: number | null;
  percent: number | null;
  move: 'up' | 'down' | null;
}

export function priceCells(row: PriceRow, view: MonitorPriceView): PriceCell[] {
  const values = [row.tp, row.discount, row.discountRate, row.tpGap ?? []][view];
  return values.map((value, i) => {
    const before = i > 0 ? values[i - 1] : null;
    const move = value === null || before === null || value === before ? null : value > before ? 'up' : 'down';
    return { value, percent: view === 3 ? (row.tpGapRate?.[i] ?? null) : null, move };
  });
}

/** The map's units and what colours them: 本品's share within the set there. */
export function shareMap(places: readonly MonitorPlace[]): { rows: ChinaMapRow[]; measure: MapMeasure } {
  const byCode = new Map(places.map((p) => [p.code, p]));
  const rows: ChinaMapRow[] = places.map((p) => ({
    name: p.name,
    code: p.code,
    sales: p.setQty,
    salesStr: thousands(p.setQty),
    yoy: null,
    salesSumStr: '-',
    yearYoy: null,
  }));
  const measure: MapMeasure = {
    label: '本品组内份额',
    value: (row) => byCode.get(String(row.code))?.share ?? null,
    lines: (row) => {
      const p = byCode.get(String(row.code));
      return [
        `本品组内份额: ${sharePercentText(p?.share)}`,
        `较上月: ${pointsCardText(p?.shareChange)}`,
        `本品销量: ${thousands(p?.ownQty)}`,
        `竞品组销量: ${thousands(p?.setQty)}`,
      ];
    },
    tick: (value) => sharePercentText(value),
  };
  return { rows, measure };
}

/**
 * Where 本品's share within the set moved most on the month before: the `n` largest gains and the `n` largest losses
 * (places with a change only; the larger set volume first on a tie, then the name).
 */
export function shareMovers(places: readonly MonitorPlace[], n = 5): { gains: MonitorPlace[]; losses: MonitorPlace[] } {
  const changed = places.filter((p) => p.shareChange !== null && p.shareChange !== 0);
  const order = (sign: 1 | -1) => (a: MonitorPlace, b: MonitorPlace) =>
    sign * ((b.shareChange ?? 0) - (a.shareChange ?? 0)) || b.setQty - a.setQty || a.name.localeCompare(b.name, 'zh-CN');
  return {
    gains: changed
      .filter((p) => (p.shareChange ?? 0) > 0)
      .sort(order(1))
      .slice(0, n),
    losses: changed
      .filter((p) => (p.shareChange ?? 0) < 0)
      .sort(order(-1))
      .slice(0, n),
  };
}

/** 车系价格追踪 with 本品 (its first sub-series) traced and the set's largest rivals as comparisons (five at most). */
export function traceHref(data: CompetitorMonitor): string {
  return ownAgainstRivals('/price/cabmodelpricetrace', data, MAX_PRICE_COMPARED);
}

/** 销量占比分析 (价格维度分析) of 本品 (its first sub-series) against the set's rivals (ten at most). */
export function proportionHref(data: CompetitorMonitor): string {
  return ownAgainstRivals('/pricevolume/pricedimension', data, MAX_COMPARED);
}

/** A page of one sub-series (`modelSubId`) against others (`modelSubIds`): 本品 against the month's largest rivals. */
function ownAgainstRivals(path: string, data: CompetitorMonitor, most: number): string {
  const [own] = data.members.filter((m) => m.own);
  const rivals = data.members.filter((m) => !m.own).slice(0, most);
  const params = new URLSearchParams({ modelSubId: String(own.id), time: data.time });
  if (rivals.length > 0) params.set('modelSubIds', rivals.map((m) => m.id).join(','));
  return `${path}?${params.toString()}`;
}

/** 配置查询 of the chosen members (five at most, the page's limit). */
export function configHref(ids: readonly number[]): string {
  return `/product/configquery?ids=${ids.slice(0, MAX_CONFIG_SUB_SERIES).join(',')}`;
}

/** The members 配置查询 opens with before the analyst chooses: 本品 and the largest rivals, five in all. */
export function defaultConfigChoice(data: CompetitorMonitor): number[] {
  return data.members.slice(0, MAX_CONFIG_SUB_SERIES).map((m) => m.id);
}

/**
 * The set 竞品监控 shows (decision 297): the one the URL names when the caller may read it (it is in their list); none
 * when they may not (deleted, or no longer shared with them: `missing`, the page says so and lets them choose); with
 * no set named, their first own set, else the first shared with them.
 */
export function monitorSetOf<S extends { id: number }>(
  list: { mine: readonly S[]; shared: readonly S[] },
  requested: number | null,
): { set: S | null; missing: boolean } {
  if (requested === null) return { set: list.mine[0] ?? list.shared[0] ?? null, missing: false };
  const set = list.mine.find((s) => s.id === requested) ?? list.shared.find((s) => s.id === requested) ?? null;
  return { set, missing: set === null };
}

/** A set as 竞品监控 lists it to choose from: its name, with its owner's for a set shared with the caller. */
export function setChoiceLabel(set: Pick<CompetitorSet, 'name' | 'mine' | 'owner'>): string {
  return set.mine ? set.name : `${set.name}（${set.owner.nickname || set.owner.account}）`;
}

/** 竞品监控 with another set: the month, source, area and views of the address kept (a page without a set kept them for this). */
export function monitorWithSet(search: string, id: number): string {
  return `${COMPETITOR_MONITOR_PAGE.path}${withParams(search, { set: id, suggest: null })}`;
}

/** A set as the other pages' 竞品组 menus use it: its id, name and members' ids. */
type SetMembers = Pick<CompetitorSet, 'own' | 'rivals'>;

/**
 * 车系价格追踪 with a set (issue 49 §3): 本品 (its first sub-series) traced against the set's first five rivals; the
 * month, city, measure and table kept, the brand pickers, the trim and the compared trims dropped (they were the old
 * subject's).
 */
export function traceWithSet(search: string, set: SetMembers): string {
  return `/price/cabmodelpricetrace${withParams(search, {
    modelSubId: set.own[0]?.id,
    modelSubIds:
      set.rivals
        .slice(0, MAX_PRICE_COMPARED)
        .map((m) => m.id)
        .join(',') || null,
    brand: null,
    compareBrand: null,
    carId: null,
    carIds: null,
  })}`;
}

/** 价格维度分析 (销量占比分析) with a set: 本品 against its first ten rivals; the trims chosen for the old subject dropped. */
export function proportionWithSet(search: string, set: SetMembers): string {
  return `/pricevolume/pricedimension${withParams(search, {
    modelSubId: set.own[0]?.id,
    modelSubIds:
      set.rivals
        .slice(0, MAX_COMPARED)
        .map((m) => m.id)
        .join(',') || null,
    carIds: null,
  })}`;
}

/** 配置查询 with a set: its first five members (本品 first), a new search (configHref). */
export function configWithSet(set: SetMembers): string {
  return configHref([...set.own, ...set.rivals].map((m) => m.id));
}

/**
 * The bell on 本品组内份额 (decision 298): a condition on 本品's share within this set, on the page's view with the set
 * and the month it shows named (a page opened without them shows the first set and the latest month); the page's own
 * toggle of the suggestions is no part of the view.
 */
export function ownShareSubscription(data: Pick<CompetitorMonitor, 'set' | 'time'>, search: string): { figure: FigureSubscription; search: string } {
  return {
    figure: { measure: 'setShare', rowKind: 'competitorSet', rowId: data.set.id, rowName: data.set.name },
    search: withParams(search, { set: data.set.id, time: data.time, suggest: null }),
  };
}

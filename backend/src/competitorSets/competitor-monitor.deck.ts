import {
  type CompetitorMonitor,
  mapTableOrder,
  memberLabel,
  type MonitorMember,
  type MonitorPlace,
  monitorChart,
  percentGapText,
  pointsHeader,
  type PriceTraceGap,
  rankArrow,
  yuanGapText,
  yuanText,
} from '@car/contracts';
import type { DeckDeclaration, DeckSlide, TableSlide } from '../deck/deck.writer';
import { traceGapSlide } from '../price/price.deck';

/**
 * 导出PPT of 竞品监控 (issue 49 §3, decision 297), from the page's own answer: 本品 in the set (its share, the change,
 * its volume and the set's), the volume and share trends, the members' table, their volumes by month with the set's
 * total, the TP gaps (the trace's slide), their TP by month, and 本品's share within the set by province (or city),
 * the map's table beside it as the price page's deck has it (decision 215).
 */
export function monitorDeck(head: Omit<DeckDeclaration, 'slides'>, data: CompetitorMonitor): DeckDeclaration {
  const last = data.months.length - 1;
  const rivals = data.members.filter((m) => !m.own);
  const slides: DeckSlide[] = [
    {
      kind: 'figures',
      title: `本品在竞品组中（${data.time}，${data.areaName}）`,
      figures: [
        { label: '本品组内份额', kind: 'percent', value: data.own.shares[last] },
        { label: '份额较上月', kind: 'points', value: data.own.shareChange },
        { label: '本品销量', kind: 'count', value: data.own.volumes[last] },
        { label: '竞品组销量', kind: 'count', value: data.total[last] },
      ],
    },
    { kind: 'chart', title: `销量走势（近${data.months.length}个月）`, chart: monitorChart(data, 0) },
    { kind: 'chart', title: `组内份额走势（近${data.months.length}个月）`, chart: monitorChart(data, 1), percent: true },
    membersSlide(data),
    volumesSlide(data),
    ...(rivals.length > 0 ? [traceGapSlide(gapTable(data, rivals))] : []),
    pricesSlide(data),
    ...(data.places ? [placesSlide(data, data.places)] : []),
  ];
  return { ...head, slides };
}

/** The members' table as the page shows it: volume of the month, share within the set, its change, rank. */
function membersSlide(data: CompetitorMonitor): TableSlide<MonitorMember> {
  const last = data.months.length - 1;
  return {
    kind: 'table',
    title: `成员表现（${data.time}，${data.areaName}）`,
    columns: [
      { header: '子车系', kind: 'text', value: (m) => memberLabel(m) },
      { header: '厂商', kind: 'text', value: (m) => m.producerName },
      { header: '当月销量', kind: 'count', value: (m) => m.volumes[last] },
      { header: '组内份额', kind: 'percent', value: (m) => m.shares[last] },
      { header: pointsHeader('组内份额变化'), kind: 'points', value: (m) => m.shareChange },
      { header: '组内排名', kind: 'count', value: (m) => m.rank, arrow: (m) => rankArrow({ ranking: m.rank, rankingStatus: m.rankingStatus }) },
    ],
    rows: data.members,
    strong: (m) => m.own,
  };
}

type MonthRow = { name: string; values: ReadonlyArray<number | null>; strong: boolean };

/** The members' volumes month by month, the set's total (the sum of its members) last. */
function volumesSlide(data: CompetitorMonitor): TableSlide<MonthRow> {
  const rows: MonthRow[] = [
    ...data.members.map((m) => ({ name: memberLabel(m), values: m.volumes, strong: m.own })),
    { name: '竞品组合计', values: data.total, strong: true },
  ];
  return {
    kind: 'table',
    title: `月度销量（${data.areaName}）`,
    columns: [
      { header: '子车系', kind: 'text', value: (r) => r.name },
      ...data.months.map((month, i) => ({ header: month, kind: 'count' as const, value: (r: MonthRow) => r.values[i] })),
    ],
    rows,
    strong: (r) => r.strong,
  };
}

/** The members' national TP by month, in whole yuan. */
function pricesSlide(data: CompetitorMonitor): TableSlide<MonthRow> {
  return {
    kind: 'table',
    title: '成交价（全国）',
    columns: [
      { header: '子车系', kind: 'text', value: (r) => r.name },
      ...data.months.map((month, i) => ({
        header: month,
        kind: 'count' as const,
        value: (r: MonthRow) => r.values[i],
        text: (r: MonthRow) => yuanText(r.values[i]),
      })),
    ],
    rows: data.members.map((m) => ({ name: memberLabel(m), values: m.tp, strong: m.own })),
    strong: (r) => r.strong,
  };
}

/** 本品's TP less each rival's by month, as the trace's gap table (decision 276). */
function gapTable(data: CompetitorMonitor, rivals: readonly MonitorMember[]): PriceTraceGap {
  return {
    months: data.months,
    name: data.set.own.map((m) => m.name).join('、'),
    rows: rivals.map((m) => ({
      name: m.name,
      gaps: m.tpGap,
      gapTexts: m.tpGap.map(yuanGapText),
      percents: m.tpGapRate,
      percentTexts: m.tpGapRate.map(percentGapText),
    })),
  };
}

/** 本品's share within the set in each place, highest first (the map's table), with its change and the volumes. */
function placesSlide(data: CompetitorMonitor, places: NonNullable<CompetitorMonitor['places']>): TableSlide<MonitorPlace> {
  const rows = [...places.rows].sort((a, b) => mapTableOrder({ name: a.name, value: a.share }, { name: b.name, value: b.share }));
  const unit = places.level === 3 ? '城市' : '省份';
  return {
    kind: 'table',
    title: `本品组内份额（${data.time}，按${unit}）`,
    columns: [
      { header: unit, kind: 'text', value: (p) => p.name },
      { header: '本品组内份额', kind: 'percent', value: (p) => p.share },
      { header: '较上月(百分点)', kind: 'points', value: (p) => p.shareChange },
      { header: '本品销量', kind: 'count', value: (p) => p.ownQty },
      { header: '竞品组销量', kind: 'count', value: (p) => p.setQty },
    ],
    rows,
  };
}

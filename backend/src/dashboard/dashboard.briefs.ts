import {
  ATTRIBUTION_COMPARISONS,
  type AttributionComparison,
  DASH,
  DASHBOARD_GROWTH_PARTS,
  type DashboardBrief,
  type DashboardGrowthSplit,
  type DashboardRow,
  growth,
  growthNumber,
  growthText,
  isGrowthShown,
  kiloVehicles,
  percentNumber,
  pointsCardText,
  POINTS_UNIT,
  share,
  sharePercentText,
  signedText,
} from '@car/contracts';
import { volumeSplit } from '../attribution/attribution.figures';

/** The volumes a brief compares: the period, the same period a year earlier, and the month before (single month only). */
export interface BriefVolumes {
  qty: number;
  tq: number;
  hb: number | null;
}

export interface BriefFigures {
  /** '2026年10月' or '2026年1-10月'. */
  period: string;
  accumulate: 0 | 1;
  all: BriefVolumes;
  newEnergy: BriefVolumes;
  bev: number;
  /** The leading producers, largest first, with shares of the whole market. */
  producers: readonly DashboardRow[];
}

/** The period as the briefs and the page's headings name it. */
export function periodName(month: number, accumulate: 0 | 1): string {
  const year = Math.floor(month / 100);
  const monthOfYear = month % 100;
  if (accumulate === 0) return `${year}年${monthOfYear}月`;
  return monthOfYear === 1 ? `${year}年1月` : `${year}年1-${monthOfYear}月`;
}

/** '同比增长 5.2%', '环比下降 3.1%', by the dash rule: '同比持平' when it shows 0.0 %, '去年同期无数据' when unknown. */
export function changePhrase(label: '同比' | '环比', current: number, previous: number): string {
  const g = growth(current, previous);
  if (g === null) return label === '同比' ? '去年同期无数据' : '上月无数据';
  const shown = growthNumber(g);
  if (shown === null) return Math.abs(g) >= 10 ? `${label}变化超过 1000%` : `${label}持平`;
  return `${label}${shown > 0 ? '增长' : '下降'} ${Math.abs(shown).toFixed(1)}%`;
}

/** A change of a share in percentage points: '提升 6.1 个百分点', '下降 0.4 个百分点', '持平'. */
export function pointsPhrase(change: number | null): string {
  const points = percentNumber(change);
  if (points === null) return '无可比数据';
  if (points === 0) return '持平';
  return `${points > 0 ? '提升' : '下降'} ${Math.abs(points).toFixed(1)} 个百分点`;
}

/**
 * The spec's three news summaries, written from the period's figures instead of fixed text: the market
 * (retail, yoy and, for a single month, mom), new energy (volume, penetration and its change, BEV's part),
 * and the leading producers (the top three's shares, the fastest grower of the top list).
 */
export function writeBriefs(f: BriefFigures): DashboardBrief[] {
  const cumulative = f.accumulate === 1 ? '累计' : '';
  const market = [`${f.period}乘用车${cumulative}零售 ${kiloVehicles(f.all.qty)} 千辆`, changePhrase('同比', f.all.qty, f.all.tq)];
  if (f.all.hb !== null) market.push(changePhrase('环比', f.all.qty, f.all.hb));

  const penetration = share(f.newEnergy.qty, f.all.qty);
  const lastPenetration = share(f.newEnergy.tq, f.all.tq);
  const change = penetration === null || lastPenetration === null ? null : penetration - lastPenetration;
  const energy = [
    `${f.period}新能源${cumulative}零售 ${kiloVehicles(f.newEnergy.qty)} 千辆，${changePhrase('同比', f.newEnergy.qty, f.newEnergy.tq)}`,
    `渗透率 ${sharePercentText(percentNumber(penetration))}，较去年同期${pointsPhrase(change)}`,
    `纯电动占新能源的 ${sharePercentText(percentNumber(share(f.bev, f.newEnergy.qty)))}`,
  ];

  let producers: string;
  if (f.producers.length === 0) {
    producers = `${f.period}暂无厂商零售数据`;
  } else {
    const leaders = f.producers
      .slice(0, 3)
      .map((p) => `${p.name}（${p.perStr}）`)
      .join('、');
    producers = `${f.period}零售份额前三的厂商：${leaders}`;
    const growers = f.producers.filter((p) => p.yoy !== null && p.yoy > 0);
    const fastest = growers.reduce<DashboardRow | null>((best, p) => (best === null || (p.yoy ?? 0) > (best.yoy ?? 0) ? p : best), null);
    producers += fastest
      ? `；前 ${f.producers.length} 名中同比增长最快的是${fastest.name}（+${fastest.yoys.replace(/^\+/, '')}）`
      : `；前 ${f.producers.length} 名中没有同比增长的厂商`;
  }
  return [
    { title: `${f.period}乘用车市场`, text: `${market.join('，')}。` },
    { title: `${f.period}新能源`, text: `${energy.join('；')}。` },
    { title: `${f.period}厂商格局`, text: `${producers}。` },
  ];
}

/** A part's volume in the two periods a growth compares. */
export interface ComparedVolumes {
  current: number;
  base: number;
}

/** A 拉动 in a sentence: pointsCardText ('+6.8个百分点'), but never its dash — a part that moved nothing reads 0.0. */
function pullText(points: number): string {
  const text = pointsCardText(points);
  return text !== DASH ? text : `${signedText(points.toFixed(1))}个${POINTS_UNIT}`;
}

/**
 * 归因分析's sentence of one growth of the whole market (issue 50): its change split by `volumeSplit` into 新能源's and
 * 燃油车's, whose 拉动 (points to one decimal, by the largest remainder) add up exactly to the growth shown —
 * '同比 +0.9%：新能源拉动 +6.8个百分点，燃油车 -5.9个百分点'. The growth reads as the cards' (growthText, with the one
 * sign rule); one that shows 0.0 % is 持平. None when the base period sold nothing or the growth is out of the dash
 * rule's range: the card shows '-' there, and a sentence cannot read as it.
 */
export function growthSplitSentence(compare: AttributionComparison, newEnergy: ComparedVolumes, fuel: ComparedVolumes): DashboardGrowthSplit | null {
  const parts = [
    { id: 1, name: DASHBOARD_GROWTH_PARTS.newEnergy, ...newEnergy },
    { id: 2, name: DASHBOARD_GROWTH_PARTS.fuel, ...fuel },
  ];
  const split = volumeSplit(parts);
  const shown = split.total.growth;
  if (shown === null || Math.abs(shown) >= 1000) return null;
  // volumeSplit orders its rows by size; the sentence names 新能源 first.
  const rows = parts.map((p) => split.rows.find((r) => r.id === p.id)!);
  const [pull, rest] = rows.map((r) => pullText(r.contribution ?? 0));
  const label = ATTRIBUTION_COMPARISONS.find((c) => c.value === compare)!.growth;
  const head = isGrowthShown(shown) ? `${label} ${signedText(growthText(shown))}` : `${label}持平`;
  return {
    compare,
    growth: shown,
    parts: rows.map((r) => ({ name: r.name, change: r.change, contribution: r.contribution ?? 0 })),
    text: `${head}：${rows[0].name}拉动 ${pull}，${rows[1].name} ${rest}`,
  };
}

/**
 * The dashboard's sentences of 归因分析: the whole market's growth on a year earlier — 同比 of a month, 累计同比 of
 * January to it, 1-2月合计's 同比 — and a single month's 环比 (the period the dashboard shows 环比 for: `all.hb`).
 * 燃油车 is the whole market less 新能源, so the two parts are the market.
 */
export function writeGrowthSplits(period: { accumulate: 0 | 1; newYear: boolean }, all: BriefVolumes, newEnergy: BriefVolumes): DashboardGrowthSplit[] {
  const yearOnYear: AttributionComparison = period.newYear ? 3 : period.accumulate === 1 ? 2 : 0;
  const sentences = [
    growthSplitSentence(yearOnYear, { current: newEnergy.qty, base: newEnergy.tq }, { current: all.qty - newEnergy.qty, base: all.tq - newEnergy.tq }),
  ];
  if (all.hb !== null && newEnergy.hb !== null && period.accumulate === 0 && !period.newYear) {
    sentences.push(growthSplitSentence(1, { current: newEnergy.qty, base: newEnergy.hb }, { current: all.qty - newEnergy.qty, base: all.hb - newEnergy.hb }));
  }
  return sentences.filter((s): s is DashboardGrowthSplit => s !== null);
}

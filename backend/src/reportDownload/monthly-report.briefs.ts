import { growth, growthNumber, growthText, kiloVehicles, percentNumber, share, sharePercentText, type Summary, type TableRow } from '@car/contracts';
import { changePhrase, pointsPhrase } from '../dashboard/dashboard.briefs';

/** A sub-series of a producer's month as the deck's sentences read it: its volumes and its segment's. */
export interface BriefLine {
  name: string;
  segmentName: string;
  qty: number;
  tq: number;
  /** The segment's retail in the month (the sub-series' share of it). */
  segmentQty: number;
}

/** A sub-series' price against its segment's in the month with prices: TP over the segment's TP, less one. */
export interface BriefPrice {
  name: string;
  segmentName: string;
  tpGap: number | null;
}

export interface ProducerBriefFigures {
  /** '2026年10月'. */
  period: string;
  producer: string;
  summary: Pick<Summary, 'qty' | 'tb' | 'hb'>;
  /** The producer's row of the market's producer ranking, its place this month and a year earlier. */
  ranking: { row: Pick<TableRow, 'mix' | 'mixChange'>; place: number; lastYearPlace: number | null };
  /** Its sub-series, largest first. */
  lines: readonly BriefLine[];
  /** Its provinces, largest first. */
  provinces: ReadonlyArray<Pick<TableRow, 'name' | 'sales' | 'tqSales'>>;
  /** Its largest sub-series with a price, when the month (or the latest before it) has prices. */
  price?: BriefPrice;
}

/** How many sub-series the second sentence looks over for the fastest grower (the deck's 主力子车系). */
export const BRIEF_LINES = 10;

/**
 * The three sentences of a producer's monthly deck (issue 31 §2), written from its figures as the dashboard's briefs
 * are (dashboard.briefs.ts, whose phrases they share): the producer's month and place in the market; its leading
 * sub-series and the fastest grower among its top ones; its provinces and its price against the segment.
 */
export function writeProducerBriefs(f: ProducerBriefFigures): [string, string, string] {
  const { summary, ranking } = f;
  const place = `排名第 ${f.ranking.place}${ranking.lastYearPlace === null ? '' : `（去年同期第 ${ranking.lastYearPlace}）`}`;
  const market =
    `${f.period}${f.producer}零售 ${kiloVehicles(summary.qty)} 千辆，${changePhrase('同比', summary.qty, summary.tb)}，` +
    `${changePhrase('环比', summary.qty, summary.hb)}；市场份额 ${sharePercentText(ranking.row.mix)}，` +
    `较去年同期${pointsPhrase(ranking.row.mixChange === null ? null : ranking.row.mixChange / 100)}，${place}。`;

  let lines: string;
  const [lead] = f.lines;
  if (!lead || lead.qty === 0) {
    lines = `${f.period}${f.producer}没有子车系零售。`;
  } else {
    lines =
      `主力子车系${lead.name}（${lead.segmentName}）零售 ${kiloVehicles(lead.qty)} 千辆，占${f.producer}的 ` +
      `${sharePercentText(percentNumber(share(lead.qty, summary.qty)))}，${lead.segmentName}份额 ${sharePercentText(percentNumber(share(lead.qty, lead.segmentQty)))}`;
    const top = f.lines.slice(0, BRIEF_LINES).filter((l) => l.qty > 0);
    const growers = top.filter((l) => (growthNumber(growth(l.qty, l.tq)) ?? 0) > 0);
    const fastest = growers.reduce<BriefLine | null>((best, l) => (best === null || growth(l.qty, l.tq)! > growth(best.qty, best.tq)! ? l : best), null);
    lines += fastest
      ? `；前 ${top.length} 个子车系中同比增长最快的是${fastest.name}（+${growthText(growthNumber(growth(fastest.qty, fastest.tq)))}）。`
      : `；前 ${top.length} 个子车系中没有同比增长的。`;
  }

  const sold = f.provinces.filter((p) => p.sales > 0);
  const rising = sold.filter((p) => (growthNumber(growth(p.sales, p.tqSales)) ?? 0) > 0).length;
  let regions =
    sold.length === 0
      ? `${f.period}${f.producer}没有分省零售。`
      : `${sold.length} 个有零售的省份中 ${rising} 个同比增长，最大的${sold[0].name}零售 ${kiloVehicles(sold[0].sales)} 千辆，${changePhrase('同比', sold[0].sales, sold[0].tqSales)}`;
  if (sold.length > 0) {
    const gap = f.price ? growthNumber(f.price.tpGap) : null;
    regions +=
      f.price && gap !== null
        ? gap === 0
          ? `；${f.price.name}成交价与${f.price.segmentName}均价持平。`
          : `；${f.price.name}成交价较${f.price.segmentName}均价${gap > 0 ? '高' : '低'} ${Math.abs(gap).toFixed(1)}%。`
        : '。';
  }
  return [market, lines, regions];
}

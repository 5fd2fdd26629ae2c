/**
 * A trim's predecessor of the previous model year (decision 278). The catalogue has no link between model years
 * (car: sub-series, 年款, name), so a trim is matched by its name: within its sub-series, the trim of model year − 1
 * whose name without the 年款 is the same; else the only one with the same configuration name (the name's last word,
 * 舒适版, 豪华型 …). No match, or two candidates alike, is no predecessor.
 */

/** A trim as the catalogue names it. */
export interface CatalogueTrim {
  id: number;
  subSeriesId: number;
  modelYear: number;
  name: string;
}

/** The 年款 in a trim's name, wherever it stands ('2026款 1.5L …', '德锐 2026款 1.5T …'). */
const MODEL_YEAR = /\s*\d{4}款\s*/;

/** The name without its 年款: '2026款 1.5L 自动 舒适版' → '1.5L 自动 舒适版'. */
function withoutModelYear(name: string): string {
  return name.replace(MODEL_YEAR, ' ').trim();
}

/** The configuration name, the last word of the name: '2026款 1.5L 自动 舒适版' → '舒适版'. */
function configurationName(name: string): string {
  const words = withoutModelYear(name).split(/\s+/);
  return words[words.length - 1] ?? '';
}

/** Each trim's predecessor among `trims` (successor id → predecessor id); a trim without one is absent. */
export function linkModelYears(trims: readonly CatalogueTrim[]): Map<number, number> {
  const byYear = new Map<string, CatalogueTrim[]>();
  for (const t of trims) {
    const key = `${t.subSeriesId}/${t.modelYear}`;
    byYear.set(key, [...(byYear.get(key) ?? []), t]);
  }
  const links = new Map<number, number>();
  for (const t of trims) {
    const previous = byYear.get(`${t.subSeriesId}/${t.modelYear - 1}`) ?? [];
    const sameName = previous.filter((p) => withoutModelYear(p.name) === withoutModelYear(t.name));
    const sameConfiguration = previous.filter((p) => configurationName(p.name) === configurationName(t.name));
    const match = sameName.length === 1 ? sameName[0] : sameName.length === 0 && sameConfiguration.length === 1 ? sameConfiguration[0] : undefined;
    if (match) links.set(t.id, match.id);
  }
  return links;
}

/** The year-ago side of a trim's figures, which a successor may take from its predecessor. */
export interface YearAgo {
  id: number;
  name: string;
  sales: number;
  tqSales: number;
  tqSegmentSales: number;
  tqRank: number | null;
  tqPrice: number | null;
}

/**
 * Trims of a new model year meet last year's: a trim that sold nothing a year earlier takes the year-ago figures of
 * its predecessor when the predecessor sells nothing now (it was replaced), and the predecessor's row, which then holds
 * nothing, leaves the list. A predecessor still on sale keeps its own figures, and a trim already sold a year earlier
 * is compared with itself, so no year-ago volume is counted twice and the rows still add up to their series.
 * `priorName` names the trim whose year-ago figures a row took.
 */
export function meetPriorModelYear<T extends YearAgo>(trims: readonly T[], predecessorOf: ReadonlyMap<number, number>): Array<T & { priorName?: string }> {
  const byId = new Map(trims.map((t) => [t.id, t]));
  const taken = new Set<number>();
  const out: Array<T & { priorName?: string }> = trims.map((t) => {
    const prior = byId.get(predecessorOf.get(t.id) ?? -1);
    if (t.tqSales !== 0 || !prior || taken.has(prior.id) || prior.sales !== 0 || prior.tqSales === 0) return t;
    taken.add(prior.id);
    return {
      ...t,
      tqSales: prior.tqSales,
      tqSegmentSales: prior.tqSegmentSales,
      tqRank: prior.tqRank,
      tqPrice: prior.tqPrice,
      priorName: prior.name,
    };
  });
  return out.filter((t) => !taken.has(t.id));
}

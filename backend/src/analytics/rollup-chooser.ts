/**
 * The rollup chooser: which table answers a question. Of the tables of the question's source that keep
 * every level it needs (rollups.ts), it takes the one of lowest size rank — or, for a question that reads
 * a January-to-date sum, the lowest that keeps year-to-date sums, where one does.
 */
import { ApiException } from '../common/api-codes';
import type { QuerySource } from './measures';
import type { Level } from './model';
import { AnalyticsQuery, bandsSales, cityBands, isEmpty, levelsOf, readsYearToDate } from './query';
import { RollupDef, ROLLUPS } from './rollups';

/**
 * The table a question reads; `bandRollup` when it is a sales band rollup, read with no join to the prices;
 * `cityBandRollup` when it is one read for a city's TP bands, joined to that city's prices only.
 */
export interface TableChoice {
  rollup: RollupDef;
  bandRollup: boolean;
  cityBandRollup?: boolean;
}

/** The tables of a source that keep every level in `levels`, smallest size rank first. */
function candidates(source: QuerySource, levels: Iterable<Level>): RollupDef[] {
  const needed = [...levels];
  return ROLLUPS.filter((r) => r.source === source && needed.every((l) => r.levels.has(l))).sort((a, b) => a.sizeRank - b.sizeRank);
}

function firstRollup(found: readonly RollupDef[], yearToDate: boolean): RollupDef | undefined {
  return (yearToDate ? found.find((r) => r.yearToDate) : undefined) ?? found[0];
}

/**
 * The smallest table that keeps every level the query needs, for its data source. A question that reads
 * a January-to-date sum (`yearToDate`) takes the first of them that keeps year-to-date sums, where one
 * does: a table without them is smaller a month (no rows carried through months without sales) but
 * would sum up to twelve months instead of reading one.
 */
export function chooseRollup(source: QuerySource, levels: ReadonlySet<Level>, yearToDate = false): RollupDef {
  const found = firstRollup(candidates(source, levels), yearToDate);
  if (!found) {
    throw ApiException.badRequest(source === 1 ? '批发量数据没有地区维度，请选择零售量（数据来源 2）' : '该查询维度组合不受支持');
  }
  return found;
}

/**
 * The rollup that answers a sales price-band question with no join, if any: one of the query's source
 * keeping each trim-month's prices in whole thousands (`bandPrice`) and every other level it needs, for
 * bounds that are whole thousands of yuan (every band the API accepts; docs/query-layer.md "Price bands").
 */
function salesBandRollup(query: AnalyticsQuery, levels: ReadonlySet<Level>, yearToDate: boolean): RollupDef | undefined {
  const bands = query.priceBand;
  if (!bands || ![bands.low, bands.high, bands.width].every((b) => b % 1000 === 0)) return undefined;
  return firstRollup(candidates(query.source, [...levels, 'bandPrice']), yearToDate);
}

/**
 * The table a query reads: the smallest that answers, or `table` when given (the benchmark's raw-fact
 * baseline), which must keep every level the query needs. Sales volume banded by price reads a sales
 * band rollup where its bounds allow (and no city's TP bands it), else the trim rollup joined to the prices.
 */
export function chooseTable(query: AnalyticsQuery, table?: RollupDef): TableChoice {
  const levels = levelsOf(query);
  const yearToDate = readsYearToDate(query);
  let bandRollup: RollupDef | undefined;
  let cityBandRollup: RollupDef | undefined;
  if (bandsSales(query)) {
    if (query.filters?.msrp && !isEmpty(query.filters.msrp)) throw new Error('the msrp filter needs the price source');
    levels.delete('trimPrice');
    // A city's TP is not kept by the band rollups: a city's bands read the one without year-to-date rows (each
    // month is banded by its own price), joined to the city's price facts; a trim-month the city did not price
    // keeps the national price the rollup holds in whole thousands, which bands alike (decision 294).
    const city = cityBands(query) !== undefined;
    bandRollup = table || city ? undefined : salesBandRollup(query, levels, yearToDate);
    cityBandRollup = table || !city ? undefined : salesBandRollup(query, levels, false);
    levels.add('car');
  }
  if (table && (table.source !== query.source || ![...levels].every((l) => table.levels.has(l)))) {
    throw new Error(`${table.name} cannot answer this query`);
  }
  if (bandRollup) return { rollup: bandRollup, bandRollup: true };
  if (cityBandRollup && !cityBandRollup.yearToDate) return { rollup: cityBandRollup, bandRollup: false, cityBandRollup: true };
  return { rollup: table ?? chooseRollup(query.source, levels, yearToDate), bandRollup: false };
}

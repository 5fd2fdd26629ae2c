import { monthRange, yearOf } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { DIMENSIONS, DataSource, DimensionKey, FILTERS, FilterKey, Filters, Level, ROLLUPS, RollupDef } from './model';

/** Inclusive span of months, YYYYMM. */
export interface MonthSpan {
  from: number;
  to: number;
}

/**
 * One question to the sales data: group by these dimensions, narrow by these filters, and sum the
 * volume over each named span of months (e.g. qty = this month, tq = a year before, lj = January
 * to date). Every endpoint asks in this shape.
 */
export interface AnalyticsQuery {
  source: DataSource;
  dimensions: readonly DimensionKey[];
  filters?: Filters;
  measures: Readonly<Record<string, MonthSpan>>;
}

export interface BuiltQuery {
  sql: string;
  params: unknown[];
  rollup: string;
}

const MEASURE_NAME = /^[a-zA-Z][a-zA-Z0-9]{0,30}$/;

/** The levels of detail a query needs, from its dimensions and its (non-empty) filters. */
export function levelsOf(query: Pick<AnalyticsQuery, 'dimensions' | 'filters'>): Set<Level> {
  const levels = new Set<Level>();
  for (const d of query.dimensions) {
    const level = DIMENSIONS[d].level;
    if (level !== 'time') levels.add(level);
  }
  for (const [key, values] of Object.entries(query.filters ?? {})) {
    if (values && values.length > 0) levels.add(FILTERS[key as FilterKey].level);
  }
  return levels;
}

/** The smallest table that keeps every level the query needs, for its data source. */
export function chooseRollup(source: DataSource, levels: ReadonlySet<Level>): RollupDef {
  const found = ROLLUPS.find((r) => r.source === source && [...levels].every((l) => r.levels.has(l)));
  if (!found) {
    throw ApiException.badRequest(source === 1 ? '批发量数据没有地区维度，请选择零售量（数据来源 2）' : '该查询维度组合不受支持');
  }
  return found;
}

/**
 * Writes the parameterised SQL for a query: dimension and filter columns from the typed model, every
 * value bound. It reads the smallest rollup that answers, or `table` when given (the benchmark's
 * raw-fact baseline), which must keep every level the query needs.
 */
export function buildQuery(query: AnalyticsQuery, table?: RollupDef): BuiltQuery {
  const measureNames = Object.keys(query.measures);
  if (measureNames.length === 0) throw new Error('a query needs at least one measure');
  for (const name of measureNames) if (!MEASURE_NAME.test(name)) throw new Error(`bad measure name ${name}`);
  const levels = levelsOf(query);
  if (table && (table.source !== query.source || ![...levels].every((l) => table.levels.has(l)))) {
    throw new Error(`${table.name} cannot answer this query`);
  }
  const rollup = table ?? chooseRollup(query.source, levels);
  const params: unknown[] = [];
  const bind = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };

  const selects: string[] = [];
  const groups: string[] = [];
  query.dimensions.forEach((d, i) => {
    selects.push(`${DIMENSIONS[d].expression} AS "${d}"`);
    groups.push(String(i + 1));
  });
  // Grouped by time, each month must be summed on its own; otherwise a January-to-date span reads the
  // year-to-date sums of its last month, where the rollup keeps them.
  const groupsByTime = query.dimensions.some((d) => DIMENSIONS[d].level === 'time');
  const months = new Set<number>();
  for (const name of measureNames) {
    const span = query.measures[name];
    if (span.from > span.to) throw new Error(`measure ${name} spans backwards`);
    if (rollup.yearToDate && !groupsByTime && span.to > span.from && span.from === yearOf(span.to) * 100 + 1) {
      months.add(span.to);
      selects.push(`coalesce(sum(qty_ytd) FILTER (WHERE month = ${bind(span.to)}), 0) AS "${name}"`);
      continue;
    }
    for (const m of monthRange(span.from, span.to)) months.add(m);
    selects.push(`coalesce(sum(qty) FILTER (WHERE month BETWEEN ${bind(span.from)} AND ${bind(span.to)}), 0) AS "${name}"`);
  }
  const where = [`month = ANY(${bind([...months].sort((a, b) => a - b))}::int[])`];
  for (const [key, values] of Object.entries(query.filters ?? {})) {
    if (!values || values.length === 0) continue;
    where.push(`${FILTERS[key as FilterKey].column} = ANY(${bind([...values])}::int[])`);
  }
  const inner = `SELECT ${selects.join(', ')} FROM ${rollup.from} AS r WHERE ${where.join(' AND ')}${groups.length ? ` GROUP BY ${groups.join(', ')}` : ''}`;

  const nameSelects: string[] = [];
  const joins: string[] = [];
  query.dimensions.forEach((d, i) => {
    const names = DIMENSIONS[d].names;
    if ('table' in names) {
      joins.push(`LEFT JOIN ${names.table} n${i} ON n${i}.id = g."${d}"`);
      nameSelects.push(`n${i}.${names.column ?? 'name'} AS "${d}Name"`);
    } else if ('dictionary' in names) {
      joins.push(`LEFT JOIN dictionary n${i} ON n${i}.type = ${bind(names.dictionary)} AND n${i}.key = g."${d}"::text`);
      nameSelects.push(`n${i}.value AS "${d}Name"`);
    }
  });
  // Year-to-date rows carry keys through months without sales: a group with nothing in any span is
  // no answer, as it would not be on the facts.
  const sold = groups.length ? ` WHERE ${measureNames.map((m) => `g."${m}" <> 0`).join(' OR ')}` : '';
  const sql = `SELECT g.*${nameSelects.map((s) => `, ${s}`).join('')} FROM (${inner}) g ${joins.join(' ')}`.trim() + sold;
  return { sql, params, rollup: rollup.name };
}

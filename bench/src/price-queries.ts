/**
 * The query layer's price questions, timed directly (no price endpoint exists yet): each answered from
 * its price rollup and, for comparison, from the raw price facts with their attributes joined on.
 */
import type { DataSource } from 'typeorm';
import { RAW_FACTS } from '@car/backend/dist/analytics/rollups';
import type { AnalyticsQuery, MeasureRequest } from '@car/backend/dist/analytics/query';
import { buildQuery } from '@car/backend/dist/analytics/sql-writer';
import { spread } from './stats';

const PRICES: readonly MeasureRequest[] = [
  { measure: 'qty', as: 'qty' },
  { measure: 'tp', as: 'tp' },
  { measure: 'msrp', as: 'msrp' },
  { measure: 'discount', as: 'discount' },
  { measure: 'discountRate', as: 'discountRate' },
  { measure: 'rebate', as: 'rebate' },
  { measure: 'tpLow', as: 'tpLow' },
  { measure: 'tpHigh', as: 'tpHigh' },
  { measure: 'tp', shift: 'previousMonth', as: 'tpHb' },
  { measure: 'tp', shift: 'yearToDate', as: 'tpLj' },
];
const BANDS = { basis: 'tp', low: 50_000, high: 400_000, width: 50_000 } as const;

/** The price page's kinds of question, for a month: a segment table, a paged brand list in a province, band splits, top-N. */
export function priceQueries(month: number): Array<{ name: string; query: AnalyticsQuery }> {
  return [
    { name: 'segments, national, every price measure with 环比 and 累计', query: { source: 'price', dimensions: ['segment'], month, measures: PRICES } },
    {
      name: 'brands in 广东, by TP, page 1 of 10 with the row count',
      query: {
        source: 'price',
        dimensions: ['brand'],
        filters: { provinceIds: [440000] },
        month,
        measures: PRICES,
        windows: [{ fn: 'count', as: 'rows' }],
        order: [{ by: 'tp', direction: 'desc' }],
        limit: 10,
        offset: 0,
      },
    },
    {
      name: 'TP bands 5万-40万, national, with shares',
      query: {
        source: 'price',
        dimensions: ['priceBand'],
        month,
        priceBand: BANDS,
        measures: [
          { measure: 'qty', as: 'qty' },
          { measure: 'tp', as: 'tp' },
        ],
        windows: [{ fn: 'share', of: 'qty', as: 'mix' }],
      },
    },
    {
      name: 'MSRP bands by region',
      query: { source: 'price', dimensions: ['area', 'priceBand'], month, priceBand: { ...BANDS, basis: 'msrp' }, measures: [{ measure: 'qty', as: 'qty' }] },
    },
    {
      name: 'top 3 sub-series by volume per segment, BEV',
      query: {
        source: 'price',
        dimensions: ['segment', 'subSeries'],
        filters: { fuels: [6] },
        month,
        measures: PRICES,
        order: [{ by: 'qty', direction: 'desc' }],
        topPerGroup: { by: ['segment'], n: 3 },
      },
    },
  ];
}

export interface PriceTiming {
  name: string;
  rollup: string;
  rows: number;
  p50: number;
  p95: number;
  rawMs: number;
}

async function timed(ds: DataSource, sql: string, params: unknown[]): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const rows: unknown[] = await ds.query(sql, params);
  return { ms: performance.now() - started, rows: rows.length };
}

export async function timePriceQueries(ds: DataSource, month: number, runs: number): Promise<PriceTiming[]> {
  const timings: PriceTiming[] = [];
  for (const { name, query } of priceQueries(month)) {
    const built = buildQuery(query);
    const { rows } = await timed(ds, built.sql, built.params); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push((await timed(ds, built.sql, built.params)).ms);
    const s = spread(samples);
    const raw = buildQuery(query, RAW_FACTS.price);
    timings.push({ name, rollup: built.rollup, rows, p50: s.p50, p95: s.p95, rawMs: (await timed(ds, raw.sql, raw.params)).ms });
  }
  return timings;
}

export function renderPriceTimings(timings: readonly PriceTiming[]): string {
  const lines = [
    '',
    '## Price questions of the query layer (timed directly, beneath the endpoints)',
    '',
    'Each query run on its rollup (query time in PostgreSQL and the round trip, no HTTP) and once on the raw price facts.',
    '',
    '| question | rollup | rows | p50 ms | p95 ms | raw facts ms |',
    '|---|---|---:|---:|---:|---:|',
    ...timings.map((t) => `| ${t.name} | \`${t.rollup}\` | ${t.rows} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.rawMs.toFixed(0)} |`),
  ];
  return `${lines.join('\n')}\n`;
}

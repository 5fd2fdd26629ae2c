import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { containsPattern, prefixPattern } from '../common/like-pattern';

/** The levels of the maker hierarchy a pick-list can list, top down. */
export type CatalogLevel = 'brand' | 'producer' | 'producerBrand' | 'series' | 'subSeries';

/** Alias of each level's table in CATALOG_FROM (a closed map: nothing from a request becomes SQL text). */
const LEVEL_ALIAS: Record<CatalogLevel, string> = {
  brand: 'b',
  producer: 'p',
  producerBrand: 'pb',
  series: 'se',
  subSeries: 's',
};

/** Every level hangs off the sub-series, so a filter on any level narrows every other one consistently. */
const CATALOG_FROM = `
  sub_series s
  JOIN producer p ON p.id = s.producer_id
  JOIN brand b ON b.id = s.brand_id
  JOIN producer_brand pb ON pb.id = s.producer_brand_id
  JOIN series se ON se.id = s.series_id`;

/**
 * What narrows a pick-list. An entry is listed when at least one of its sub-series passes every filter
 * given; filters left undefined do not narrow.
 */
export interface CatalogFilter {
  /** The listed entry's name contains this text (literally, any case). */
  name?: string;
  /** The listed entry's initial letter, A-Z. */
  letter?: string;
  segmentId?: number;
  producerProperties?: number[];
  brandProperties?: number[];
  brandIds?: number[];
  producerIds?: number[];
  producerBrandIds?: number[];
  seriesIds?: number[];
  subSeriesIds?: number[];
  /** Only producers that have at least one report everyone sees (a user's own decks are not, decision 299: the answer is shared). */
  withReport?: boolean;
}

export interface CatalogRow {
  id: number;
  name: string;
  initial: string;
}

export interface SeriesSubSeriesRow {
  seriesId: number;
  seriesName: string;
  seriesInitial: string;
  id: number;
  name: string;
}

export interface TrimRow {
  id: number;
  name: string;
  msrp: number;
  subSeriesId: number;
  subSeriesName: string;
}

export interface TrimSalesRow {
  id: number;
  name: string;
  subSeriesId: number;
  msrp: number;
  qty: number;
}

/**
 * The WHERE clause every catalog query shares, with $1 … $11 bound by `filterParams` in this order.
 * `nameMatch` and `initialColumn` say which names $1 and $2 apply to.
 */
function filterClause(nameMatch: string, initialColumn: string): string {
  return `
    ($1::text IS NULL OR ${nameMatch})
    AND ($2::text IS NULL OR ${initialColumn} = $2)
    AND ($3::int IS NULL OR s.segment_id = $3)
    AND ($4::int[] IS NULL OR p.property = ANY($4))
    AND ($5::int[] IS NULL OR b.property = ANY($5))
    AND ($6::int[] IS NULL OR s.brand_id = ANY($6))
    AND ($7::int[] IS NULL OR s.producer_id = ANY($7))
    AND ($8::int[] IS NULL OR s.producer_brand_id = ANY($8))
    AND ($9::int[] IS NULL OR s.series_id = ANY($9))
    AND ($10::int[] IS NULL OR s.id = ANY($10))
    AND (NOT $11::boolean OR EXISTS (SELECT 1 FROM report r WHERE r.producer_id = s.producer_id AND r.owner_id IS NULL))`;
}

function filterParams(filter: CatalogFilter): unknown[] {
  return [
    filter.name === undefined ? null : containsPattern(filter.name),
    filter.letter ?? null,
    filter.segmentId ?? null,
    filter.producerProperties ?? null,
    filter.brandProperties ?? null,
    filter.brandIds ?? null,
    filter.producerIds ?? null,
    filter.producerBrandIds ?? null,
    filter.seriesIds ?? null,
    filter.subSeriesIds ?? null,
    filter.withReport === true,
  ];
}

const nameLike = (column: string): string => `${column} ILIKE $1 ESCAPE '\\'`;

/** Producers, brands, producer-brands, series, sub-series and trims, as the pick-list dialogs list them. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The entries of one level that have a sub-series passing the filter. */
  async entries(level: CatalogLevel, filter: CatalogFilter): Promise<CatalogRow[]> {
    const alias = LEVEL_ALIAS[level];
    return this.dataSource.query(
      `SELECT DISTINCT ${alias}.id, ${alias}.name, ${alias}.initial
       FROM ${CATALOG_FROM}
       WHERE ${filterClause(nameLike(`${alias}.name`), `${alias}.initial`)}
       ORDER BY ${alias}.initial, ${alias}.name, ${alias}.id`,
      filterParams(filter),
    );
  }

  /** Sub-series with their series; the name filter matches the series' name or the sub-series' own. */
  async seriesWithSubSeries(filter: CatalogFilter): Promise<SeriesSubSeriesRow[]> {
    return this.dataSource.query(
      `SELECT se.id AS "seriesId", se.name AS "seriesName", se.initial AS "seriesInitial", s.id, s.name
       FROM ${CATALOG_FROM}
       WHERE ${filterClause(`(${nameLike('se.name')} OR ${nameLike('s.name')})`, 'se.initial')}
       ORDER BY se.initial, se.name, se.id, s.name, s.id`,
      filterParams(filter),
    );
  }

  /** Sub-series whose name contains the text, names that start with it first. */
  async searchSubSeries(filter: CatalogFilter, limit: number): Promise<CatalogRow[]> {
    const params = filterParams(filter);
    const prefix = filter.name === undefined ? null : prefixPattern(filter.name);
    return this.dataSource.query(
      `SELECT s.id, s.name, s.initial
       FROM ${CATALOG_FROM}
       WHERE ${filterClause(nameLike('s.name'), 's.initial')}
       ORDER BY ($12::text IS NOT NULL AND s.name ILIKE $12 ESCAPE '\\') DESC, s.initial, s.name, s.id
       LIMIT $13`,
      [...params, prefix, limit],
    );
  }

  /** The named sub-series, in the order asked for; unknown ids are left out. */
  async subSeriesByIds(ids: number[]): Promise<CatalogRow[]> {
    return this.dataSource.query(`SELECT s.id, s.name, s.initial FROM sub_series s WHERE s.id = ANY($1::int[]) ORDER BY array_position($1::int[], s.id)`, [
      ids,
    ]);
  }

  /**
   * Trims of the sub-series that are on sale in the month, or sold in it, with that month's MSRP (the
   * list price where the month has none) and retail volume from the month × trim rollup. Ordered by MSRP.
   */
  async trimSales(subSeriesIds: number[], month: number): Promise<TrimSalesRow[]> {
    const rows: Array<Omit<TrimSalesRow, 'qty'> & { qty: string }> = await this.dataSource.query(
      `SELECT c.id, c.name, c.sub_series_id AS "subSeriesId", COALESCE(mm.msrp, c.msrp) AS msrp, COALESCE(r.qty, 0)::text AS qty
       FROM car c
       LEFT JOIN msrp_month mm ON mm.month = $2 AND mm.car_id = c.id
       LEFT JOIN rollup_retail_car r ON r.month = $2 AND r.car_id = c.id
       WHERE c.sub_series_id = ANY($1::int[])
         AND ((c.launch_month <= $2 AND (c.end_month IS NULL OR c.end_month >= $2)) OR r.qty > 0)
       ORDER BY c.sub_series_id, msrp, c.name, c.id`,
      [subSeriesIds, month],
    );
    // qty is a bigint: read it as text so no driver setting can round it.
    return rows.map((row) => ({ ...row, qty: Number(row.qty) }));
  }

  /** Trims under the filter (the name matches the trim's or its sub-series'), by sub-series then MSRP, at most `limit`. */
  async trims(filter: CatalogFilter, limit: number): Promise<TrimRow[]> {
    return this.dataSource.query(
      `SELECT c.id, c.name, c.msrp, s.id AS "subSeriesId", s.name AS "subSeriesName"
       FROM ${CATALOG_FROM}
       JOIN car c ON c.sub_series_id = s.id
       WHERE ${filterClause(`(${nameLike('c.name')} OR ${nameLike('s.name')})`, 's.initial')}
       ORDER BY s.initial, s.name, s.id, c.msrp, c.name, c.id
       LIMIT $12`,
      [...filterParams(filter), limit],
    );
  }
}

import { Injectable } from '@nestjs/common';
import type { CityRetailExportForm } from '@car/contracts';
import { DataSource } from 'typeorm';
import { binder, filterSql, filtersSql } from '../analytics/sql-writer';

/** What a trim's columns show, names resolved once per export (a few thousand trims). */
export interface TrimNames {
  name: string;
  brand: string;
  producer: string;
  producerBrand: string;
  series: string;
  subSeries: string;
  subSeriesCode: string;
  modelLevel: string;
  bodyType: string;
  producerProperty: string;
  brandProperty: string;
  brandFamily: string;
  fuel: string;
  emissionStandard: string;
  engine: string;
  gearbox: string;
  drive: string;
}

export interface CityNames {
  name: string;
  province: string;
  area: string;
  tier: number;
}

/** The product filters of the exports' forms (the form fields of spec §3), each a list or absent. */
export type ProductFilterForm = Partial<
  Pick<
    CityRetailExportForm,
    | 'brandId'
    | 'producerId'
    | 'producerBrandId'
    | 'modelId'
    | 'modelSubId'
    | 'modelSubCode'
    | 'chexingjibie'
    | 'dicBodyShape'
    | 'dicProducerProperty'
    | 'dicBoundProperty'
    | 'dicBrandSeries'
    | 'dicFuel'
    | 'dicDischargeStandard'
    | 'dicEngine'
    | 'dicGearBox'
    | 'dicDriving'
  >
> & { carId?: number[] };

/** One row of the export: month × city × trim, split by use nature, ownership and colour when their tags are on. */
export interface CityRetailRow {
  month: number;
  cityId: number;
  carId: number;
  useNature: number | null;
  ownership: number | null;
  colour: number | null;
  qty: number;
}

/** The splits of the grain the tags ask for. */
export interface CityRetailGrain {
  useNature: boolean;
  ownership: boolean;
  colour: boolean;
}

/** A cursor fetches this many rows at a time: memory stays flat whatever the export's size. */
const FETCH_ROWS = 5_000;

/**
 * The city retail export's reads on the retail facts (month × trim × city × use nature × ownership ×
 * colour). Filters on trims and cities become id lists first, so the scan is one index range on the
 * facts' primary key (month, car_id, city_id, …) read in its own order: no sort, rows stream at once.
 */
@Injectable()
export class CityRetailRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The trims the product filters leave (any export's form), or undefined when no product filter is given. */
  async trimIds(form: ProductFilterForm): Promise<number[] | undefined> {
    const { params, bind } = binder();
    const where = filtersSql(
      {
        carIds: form.carId,
        brandIds: form.brandId,
        producerIds: form.producerId,
        producerBrandIds: form.producerBrandId,
        seriesIds: form.modelId,
        subSeriesIds: form.modelSubId,
        bodyTypes: form.dicBodyShape,
        producerProperties: form.dicProducerProperty,
        brandProperties: form.dicBoundProperty,
        familyIds: form.dicBrandSeries,
        fuels: form.dicFuel,
      },
      bind,
    );
    // The exports' own filters, on the trim's columns the query layer does not keep.
    const codes: Array<[string, number[] | undefined]> = [
      ['model_level', form.chexingjibie],
      ['emission_standard', form.dicDischargeStandard],
      ['gearbox', form.dicGearBox],
      ['drive', form.dicDriving],
    ];
    for (const [column, values] of codes) if (values) where.push(filterSql(column, values, bind));
    const texts: Array<[string, string[] | undefined]> = [
      ['sub_series_code', form.modelSubCode],
      ['engine', form.dicEngine],
    ];
    for (const [column, values] of texts) if (values) where.push(`${column} = ANY(${bind(values)}::text[])`);
    if (where.length === 0) return undefined;
    const rows: Array<{ id: number }> = await this.dataSource.query(`SELECT car_id AS id FROM ${TRIMS} WHERE ${where.join(' AND ')} ORDER BY car_id`, params);
    return rows.map((r) => r.id);
  }

  /** The cities the place filters leave, or undefined when no place filter is given. */
  async cityIds(form: CityRetailExportForm): Promise<number[] | undefined> {
    const { params, bind } = binder();
    const where = filtersSql({ areaIds: form.area, provinceIds: form.province, cityIds: form.city, tiers: form.tier }, bind);
    if (where.length === 0) return undefined;
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT city_id AS id FROM ${CITIES} WHERE ${where.join(' AND ')} ORDER BY city_id`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** How many rows the export will have. */
  async count(scope: CityRetailScope): Promise<number> {
    const { sql, params } = rowsQuery(scope);
    const [row] = await this.dataSource.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM (${sql}) q`, params);
    return row.n;
  }

  /**
   * The rows in month, trim, city order, a batch at a time through a server-side cursor; the next batch
   * is fetched while the caller writes this one.
   */
  async *rows(scope: CityRetailScope): AsyncGenerator<CityRetailRow[]> {
    const { sql, params } = rowsQuery(scope, true);
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let next: Promise<Array<Record<string, number | null>>> | null = null;
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query(`DECLARE city_retail_export NO SCROLL CURSOR FOR ${sql}`, params);
      const fetch = (): Promise<Array<Record<string, number | null>>> => {
        const batch = runner.query(`FETCH ${FETCH_ROWS} FROM city_retail_export`) as Promise<Array<Record<string, number | null>>>;
        // The prefetch fails while the caller still writes the batch before it when the connection drops
        // (decision 137): marked handled at once, its error still reaches the caller at the `await next` below.
        batch.catch(() => undefined);
        return batch;
      };
      next = fetch();
      while (next) {
        const batch: Array<Record<string, number | null>> = await next;
        next = batch.length === FETCH_ROWS ? fetch() : null;
        if (batch.length === 0) break;
        yield batch.map((r) => ({
          month: r.month as number,
          cityId: r.city_id as number,
          carId: r.car_id as number,
          useNature: r.use_nature ?? null,
          ownership: r.ownership ?? null,
          colour: r.colour ?? null,
          qty: Number(r.qty),
        }));
      }
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      // A caller that stopped early (its write failed) leaves a fetch in flight: let it end first.
      await next?.catch(() => undefined);
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }

  /** Every trim with the names its columns show. */
  async trimNames(): Promise<Map<number, TrimNames>> {
    const rows: Array<TrimNames & { id: number }> = await this.dataSource.query(`
      SELECT c.id, c.name, b.name AS brand, p.name AS producer, pb.name AS "producerBrand", se.name AS series,
             s.name AS "subSeries", s.code AS "subSeriesCode",
             coalesce(dl.value, '') AS "modelLevel", coalesce(db.value, '') AS "bodyType",
             coalesce(dpp.value, '') AS "producerProperty", coalesce(dbp.value, '') AS "brandProperty",
             coalesce(dbs.value, '') AS "brandFamily", coalesce(df.value, '') AS fuel,
             coalesce(de.value, '') AS "emissionStandard", coalesce(c.engine, '') AS engine,
             coalesce(dg.value, '') AS gearbox, coalesce(dd.value, '') AS drive
        FROM car c
        JOIN sub_series s ON s.id = c.sub_series_id
        JOIN series se ON se.id = c.series_id
        JOIN producer_brand pb ON pb.id = c.producer_brand_id
        JOIN producer p ON p.id = c.producer_id
        JOIN brand b ON b.id = c.brand_id
        LEFT JOIN dictionary dl ON dl.type = 'dicModelLevel' AND dl.key = c.model_level::text
        LEFT JOIN dictionary db ON db.type = 'dicBodyShape' AND db.key = c.body_type::text
        LEFT JOIN dictionary dpp ON dpp.type = 'dicProducerProperty' AND dpp.key = p.property::text
        LEFT JOIN dictionary dbp ON dbp.type = 'dicBoundProperty' AND dbp.key = b.property::text
        LEFT JOIN dictionary dbs ON dbs.type = 'dicBrandSeries' AND dbs.key = b.family_id::text
        LEFT JOIN dictionary df ON df.type = 'dicFuel' AND df.key = c.fuel::text
        LEFT JOIN dictionary de ON de.type = 'dicDischargeStandard' AND de.key = c.emission_standard::text
        LEFT JOIN dictionary dg ON dg.type = 'dicGearBox' AND dg.key = c.gearbox::text
        LEFT JOIN dictionary dd ON dd.type = 'dicDriving' AND dd.key = c.drive::text`);
    return new Map(rows.map(({ id, ...names }) => [id, names]));
  }

  async cityNames(): Promise<Map<number, CityNames>> {
    const rows: Array<CityNames & { id: number }> = await this.dataSource.query(`
      SELECT c.id, c.name, p.name AS province, a.name AS area, c.tier
        FROM city c JOIN province p ON p.id = c.province_id JOIN area a ON a.id = p.area_id`);
    return new Map(rows.map(({ id, ...names }) => [id, names]));
  }

  /** The labels of a coded dictionary, by code. */
  async labels(type: string): Promise<Map<number, string>> {
    const rows: Array<{ key: string; value: string }> = await this.dataSource.query(`SELECT key, value FROM dictionary WHERE type = $1`, [type]);
    return new Map(rows.map((r) => [Number(r.key), r.value]));
  }
}

/**
 * Every trim with its own attributes under the query layer's filter columns (FILTERS: `brand_id`, `producer_property`,
 * …; the trim's fuel and body type, not its sub-series'), and beside them the columns only the exports filter on.
 */
const TRIMS = `(SELECT c.id AS car_id, c.brand_id, c.producer_id, c.producer_brand_id, c.series_id, c.sub_series_id, c.body_type,
    p.property AS producer_property, b.property AS brand_property, b.family_id, c.fuel,
    s.code AS sub_series_code, c.model_level, c.emission_standard, c.engine, c.gearbox, c.drive
  FROM car c JOIN sub_series s ON s.id = c.sub_series_id JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id) AS t`;

/** Every city with its place under the query layer's filter columns (`area_id`, `province_id`, `city_id`, `tier`). */
const CITIES = `(SELECT c.id AS city_id, c.province_id, p.area_id, c.tier FROM city c JOIN province p ON p.id = c.province_id) AS t`;

/** What one export reads: its months, the id lists its filters became, the fact codes and the grain. */
export interface CityRetailScope {
  from: number;
  to: number;
  trimIds?: number[];
  cityIds?: number[];
  useNature?: number[];
  ownership?: number[];
  colour?: number[];
  grain: CityRetailGrain;
}

function rowsQuery(scope: CityRetailScope, ordered = false): { sql: string; params: unknown[] } {
  const { params, bind } = binder();
  const where = [`f.month BETWEEN ${bind(scope.from)} AND ${bind(scope.to)}`];
  // A filter that matched nothing (an empty id list) keeps no row.
  const lists: Array<[string, number[] | undefined]> = [
    ['f.car_id', scope.trimIds],
    ['f.city_id', scope.cityIds],
    ['f.use_nature', scope.useNature],
    ['f.ownership', scope.ownership],
    ['f.colour', scope.colour],
  ];
  for (const [column, values] of lists) if (values) where.push(filterSql(column, values, bind));
  const keys = ['f.month', 'f.car_id', 'f.city_id'];
  if (scope.grain.useNature) keys.push('f.use_nature');
  if (scope.grain.ownership) keys.push('f.ownership');
  if (scope.grain.colour) keys.push('f.colour');
  const sql = `SELECT ${keys.join(', ')}, sum(f.qty) AS qty FROM retail_fact f WHERE ${where.join(' AND ')} GROUP BY ${keys.join(', ')}${
    ordered ? ` ORDER BY ${keys.join(', ')}` : ''
  }`;
  return { sql, params };
}

import { Injectable } from '@nestjs/common';
import { CATALOG_DICTIONARY_OF } from '@car/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { CatalogReference, CatalogRow } from './catalog-validator';

/** A row as read from or written to a catalog table, by column. */
type DbRow = Record<string, string | number | null>;

const SUB_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'int'], ['code', 'varchar'], ['name', 'varchar'], ['initial', 'char(1)'], ['series_id', 'int'], ['producer_brand_id', 'int'],
  ['producer_id', 'int'], ['brand_id', 'int'], ['segment_id', 'smallint'], ['body_type', 'smallint'], ['fuel', 'smallint'],
  ['launch_month', 'int'], ['end_month', 'int'],
];
const CAR_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'int'], ['jll_code', 'varchar'], ['name', 'varchar'], ['sub_series_id', 'int'], ['series_id', 'int'], ['producer_brand_id', 'int'],
  ['producer_id', 'int'], ['brand_id', 'int'], ['segment_id', 'smallint'], ['model_year', 'smallint'], ['msrp', 'int'], ['fuel', 'smallint'],
  ['engine', 'varchar'], ['battery_kwh', 'numeric'], ['body_type', 'smallint'], ['gearbox', 'smallint'], ['drive', 'smallint'],
  ['emission_standard', 'smallint'], ['model_level', 'smallint'], ['seats', 'smallint'], ['launch_month', 'int'], ['end_month', 'int'],
];
/** The parents a trim repeats from its sub-series. */
const PARENTS = ['series_id', 'producer_brand_id', 'producer_id', 'brand_id', 'segment_id'] as const;

/** Whether `next` differs from `before` in any of the columns (numbers and numeric text alike). */
function differs(before: DbRow | undefined, next: DbRow, columns: ReadonlyArray<readonly [string, string]>): boolean {
  if (!before) return true;
  const text = (v: unknown): string => (v === null || v === undefined ? '' : String(Number.isNaN(Number(v)) ? v : Number(v)));
  return columns.some(([name]) => text(before[name]) !== text(next[name]));
}

/**
 * The reference catalog's side of an import (decision 117): the names and codes a catalog file's rows are
 * checked against, and the upsert of its checked rows by natural key (producer and brand by name, series by
 * producer-brand and name, sub-series by code, trim by code) in one transaction. Nothing is deleted.
 */
@Injectable()
export class CatalogImportRepository {
  constructor(private readonly dataSource: DataSource) {}

  async reference(): Promise<CatalogReference> {
    const q = <T>(sql: string): Promise<T[]> => this.dataSource.query(sql);
    const producers = await q<{ name: string }>(`SELECT name FROM producer`);
    const brands = await q<{ name: string }>(`SELECT name FROM brand`);
    const segments = await q<{ id: number; name: string }>(`SELECT id, name FROM segment`);
    const subSeries = await q<{ code: string; name: string }>(`SELECT code, name FROM sub_series`);
    const cars = await q<{ code: string }>(`SELECT jll_code AS code FROM car`);
    const types = Object.values(CATALOG_DICTIONARY_OF);
    const entries: Array<{ type: string; key: string; value: string }> = await this.dataSource.query(
      `SELECT type, key, value FROM dictionary WHERE type = ANY($1::varchar[])`,
      [types],
    );
    const dictionaries = new Map<string, Map<string, number>>(types.map((t) => [t, new Map()]));
    for (const e of entries) {
      dictionaries.get(e.type)!.set(e.key, Number(e.key));
      dictionaries.get(e.type)!.set(e.value, Number(e.key));
    }
    const segmentOf = new Map<string, number>();
    for (const s of segments) segmentOf.set(s.name, s.id).set(String(s.id), s.id);
    return {
      producers: new Set(producers.map((p) => p.name)),
      brands: new Set(brands.map((b) => b.name)),
      segments: segmentOf,
      dictionaries,
      subSeries: new Map(subSeries.map((s) => [s.code, s.name])),
      cars: new Set(cars.map((c) => c.code)),
    };
  }

  /** One trim of the catalog as a catalog file's row holds it (the template's example), by column key. */
  async exampleRow(): Promise<Record<string, string>> {
    const [row] = await this.dataSource.query(
      `SELECT p.name AS producer, p.property::text AS "producerProperty", b.name AS brand, b.property::text AS "brandProperty",
              se.name AS series, s.code AS "subCode", s.name AS "subName", s.initial, g.name AS segment, c.jll_code AS car,
              c.name AS "carName", c.model_year::text AS "modelYear", c.msrp::text AS msrp, c.fuel::text AS fuel, c.body_type::text AS "bodyType",
              c.gearbox::text AS gearbox, c.drive::text AS drive, c.model_level::text AS "modelLevel", c.seats::text AS seats,
              to_char(to_date(c.launch_month::text, 'YYYYMM'), 'YYYY-MM') AS launch, '' AS "end"
         FROM car c JOIN sub_series s ON s.id = c.sub_series_id JOIN series se ON se.id = s.series_id JOIN producer p ON p.id = s.producer_id
         JOIN brand b ON b.id = s.brand_id JOIN segment g ON g.id = s.segment_id
        ORDER BY c.id LIMIT 1`,
    );
    return row ?? {};
  }

  /**
   * Upserts the rows in one transaction (imports write one at a time): producer and brand properties,
   * missing producer-brands and series, the sub-series and trims (a field left empty keeps its value), then
   * the parents of every trim of a changed sub-series. Answers how many catalog rows changed (0: the file
   * says what the catalog already holds).
   */
  async upsert(importId: string, rows: readonly CatalogRow[]): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('data_import:write', 0))`);
      const q = (sql: string, params?: unknown[]): Promise<DbRow[]> => tx.query(sql, params);
      let changed = 0;
      changed += await this.properties(tx, 'producer', rows, (r) => (r.producer !== undefined && r.producerProperty !== undefined ? [r.producer, r.producerProperty] : null));
      changed += await this.properties(tx, 'brand', rows, (r) => (r.brand !== undefined && r.brandProperty !== undefined ? [r.brand, r.brandProperty] : null));

      const producers = new Map((await q(`SELECT id, name, initial FROM producer`)).map((p) => [String(p.name), p]));
      const brands = new Map((await q(`SELECT id, name FROM brand`)).map((b) => [String(b.name), b]));
      const producerName = new Map([...producers.values()].map((p) => [Number(p.id), p]));
      const brandName = new Map([...brands.values()].map((b) => [Number(b.id), String(b.name)]));
      const pbs = new Map((await q(`SELECT id, producer_id, brand_id FROM producer_brand`)).map((pb) => [`${pb.producer_id}:${pb.brand_id}`, Number(pb.id)]));
      const seriesRows = await q(`SELECT id, name, producer_brand_id FROM series`);
      const seriesOf = new Map(seriesRows.map((s) => [`${s.producer_brand_id}:${s.name}`, Number(s.id)]));
      const seriesName = new Map(seriesRows.map((s) => [Number(s.id), String(s.name)]));
      const subs = new Map((await q(`SELECT * FROM sub_series WHERE code = ANY($1::varchar[])`, [[...new Set(rows.map((r) => r.subCode))]])).map((s) => [String(s.code), s]));
      const cars = new Map((await q(`SELECT * FROM car WHERE jll_code = ANY($1::varchar[])`, [rows.map((r) => r.car)])).map((c) => [String(c.jll_code), c]));
      const [ids] = await q(
        `SELECT (SELECT coalesce(max(id), 0) FROM producer_brand) AS pb, (SELECT coalesce(max(id), 0) FROM series) AS series,
                (SELECT coalesce(max(id), 0) FROM sub_series) AS sub, (SELECT coalesce(max(id), 0) FROM car) AS car`,
      );
      const next = { pb: Number(ids.pb), series: Number(ids.series), sub: Number(ids.sub), car: Number(ids.car) };

      // Each sub-series: the first value its rows give for each field (the check made them agree), else its own.
      const merged = new Map<string, Partial<CatalogRow>>();
      for (const row of rows) {
        const m = merged.get(row.subCode) ?? {};
        for (const [field, value] of Object.entries(row)) if ((m as Record<string, unknown>)[field] === undefined) (m as Record<string, unknown>)[field] = value;
        merged.set(row.subCode, m);
      }
      const newPbs: DbRow[] = [];
      const newSeries: DbRow[] = [];
      const subRows: DbRow[] = [];
      const finalSub = new Map<string, DbRow>();
      for (const [code, m] of merged) {
        const before = subs.get(code);
        const producerId = m.producer !== undefined ? Number(producers.get(m.producer)!.id) : Number(before!.producer_id);
        const brandId = m.brand !== undefined ? Number(brands.get(m.brand)!.id) : Number(before!.brand_id);
        let pbId = pbs.get(`${producerId}:${brandId}`);
        if (pbId === undefined) {
          const producer = producerName.get(producerId)!;
          const brand = brandName.get(brandId)!;
          pbId = ++next.pb;
          newPbs.push({ id: pbId, name: String(producer.name).endsWith(brand) ? String(producer.name) : `${producer.name}-${brand}`, initial: String(producer.initial), producer_id: producerId, brand_id: brandId });
          pbs.set(`${producerId}:${brandId}`, pbId);
        }
        const name = m.series ?? seriesName.get(Number(before!.series_id))!;
        let seriesId = seriesOf.get(`${pbId}:${name}`);
        if (seriesId === undefined) {
          seriesId = ++next.series;
          newSeries.push({ id: seriesId, name, initial: m.initial ?? String(before!.initial), producer_brand_id: pbId });
          seriesOf.set(`${pbId}:${name}`, seriesId);
        }
        const launches = rows.filter((r) => r.subCode === code).map((r) => r.launch ?? Number(cars.get(r.car)?.launch_month ?? Infinity));
        const sub: DbRow = {
          id: before ? Number(before.id) : ++next.sub,
          code,
          name: m.subName ?? String(before!.name),
          initial: m.initial ?? String(before!.initial),
          series_id: seriesId,
          producer_brand_id: pbId,
          producer_id: producerId,
          brand_id: brandId,
          segment_id: m.segment ?? Number(before!.segment_id),
          body_type: before ? Number(before.body_type) : m.bodyType ?? Number(cars.get(m.car!)!.body_type),
          fuel: before ? Number(before.fuel) : m.fuel ?? Number(cars.get(m.car!)!.fuel),
          launch_month: before ? Number(before.launch_month) : Math.min(...launches),
          end_month: before ? (before.end_month as number | null) : null,
        };
        finalSub.set(code, sub);
        if (differs(before, sub, SUB_COLUMNS)) subRows.push(sub);
      }
      const carRows: DbRow[] = [];
      for (const row of rows) {
        const before = cars.get(row.car);
        const sub = finalSub.get(row.subCode)!;
        const car: DbRow = {
          id: before ? Number(before.id) : ++next.car,
          jll_code: row.car,
          name: row.carName ?? before!.name,
          sub_series_id: sub.id,
          ...Object.fromEntries(PARENTS.map((p) => [p, sub[p]])),
          model_year: row.modelYear ?? before!.model_year,
          msrp: row.msrp ?? before!.msrp,
          fuel: row.fuel ?? before!.fuel,
          engine: before?.engine ?? null,
          battery_kwh: before?.battery_kwh ?? null,
          body_type: row.bodyType ?? before!.body_type,
          gearbox: row.gearbox ?? before!.gearbox,
          drive: row.drive ?? before!.drive,
          emission_standard: before?.emission_standard ?? null,
          model_level: row.modelLevel ?? before!.model_level,
          seats: row.seats ?? before!.seats,
          launch_month: row.launch ?? before!.launch_month,
          end_month: row.end ?? before?.end_month ?? null,
        };
        if (differs(before, car, CAR_COLUMNS)) carRows.push(car);
      }
      changed += await this.insert(tx, 'producer_brand', [['id', 'int'], ['name', 'varchar'], ['initial', 'char(1)'], ['producer_id', 'int'], ['brand_id', 'int']], newPbs);
      changed += await this.insert(tx, 'series', [['id', 'int'], ['name', 'varchar'], ['initial', 'char(1)'], ['producer_brand_id', 'int']], newSeries);
      changed += await this.insert(tx, 'sub_series', SUB_COLUMNS, subRows);
      changed += await this.insert(tx, 'car', CAR_COLUMNS, carRows);
      // The other trims of a sub-series that moved or changed segment follow it.
      const [{ count }] = await q(
        `WITH moved AS (
           UPDATE car c SET ${PARENTS.map((p) => `${p} = s.${p}`).join(', ')} FROM sub_series s
            WHERE s.id = ANY($1::int[]) AND c.sub_series_id = s.id AND (${PARENTS.map((p) => `c.${p}`).join(', ')}) IS DISTINCT FROM (${PARENTS.map((p) => `s.${p}`).join(', ')})
           RETURNING 1)
         SELECT count(*)::int AS count FROM moved`,
        [subRows.map((s) => s.id)],
      );
      changed += Number(count);
      await tx.query(`UPDATE data_import SET rows_written = $2 WHERE id = $1`, [importId, changed]);
      return changed;
    });
  }

  /** Sets the property of the producers or brands the rows name with one; answers how many changed. */
  private async properties(tx: EntityManager, table: 'producer' | 'brand', rows: readonly CatalogRow[], pick: (r: CatalogRow) => [string, number] | null): Promise<number> {
    const pairs = new Map<string, number>();
    for (const row of rows) {
      const pair = pick(row);
      if (pair && !pairs.has(pair[0])) pairs.set(pair[0], pair[1]);
    }
    if (pairs.size === 0) return 0;
    const [{ count }] = await tx.query(
      `WITH changed AS (
         UPDATE ${table} t SET property = u.property FROM unnest($1::varchar[], $2::smallint[]) u(name, property)
          WHERE t.name = u.name AND t.property <> u.property RETURNING 1)
       SELECT count(*)::int AS count FROM changed`,
      [[...pairs.keys()], [...pairs.values()]],
    );
    return Number(count);
  }

  /** Inserts the rows, or overwrites the ones whose id exists; answers how many. */
  private async insert(tx: EntityManager, table: string, columns: ReadonlyArray<readonly [string, string]>, rows: readonly DbRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const names = columns.map(([name]) => name);
    for (let i = 0; i < rows.length; i += 5000) {
      await tx.query(
        `INSERT INTO ${table} (${names.join(', ')})
         SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${columns.map(([n, t]) => `${n} ${t}`).join(', ')})
         ON CONFLICT (id) DO UPDATE SET ${names.filter((n) => n !== 'id').map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`,
        [JSON.stringify(rows.slice(i, i + 5000))],
      );
    }
    return rows.length;
  }
}

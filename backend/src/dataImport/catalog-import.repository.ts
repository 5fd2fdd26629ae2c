import { Injectable } from '@nestjs/common';
import { CATALOG_DICTIONARY_OF, CATALOG_NONE } from '@car/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { ROLLUP_TABLES } from '../analytics/rollups';
import type { CatalogReference, CatalogRow } from './catalog-validator';

/** A row as read from or written to a catalog table, by column. */
type DbRow = Record<string, string | number | null>;

const SUB_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'int'],
  ['code', 'varchar'],
  ['name', 'varchar'],
  ['initial', 'char(1)'],
  ['series_id', 'int'],
  ['producer_brand_id', 'int'],
  ['producer_id', 'int'],
  ['brand_id', 'int'],
  ['segment_id', 'smallint'],
  ['body_type', 'smallint'],
  ['fuel', 'smallint'],
  ['launch_month', 'int'],
  ['end_month', 'int'],
];
const CAR_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'int'],
  ['jll_code', 'varchar'],
  ['name', 'varchar'],
  ['sub_series_id', 'int'],
  ['series_id', 'int'],
  ['producer_brand_id', 'int'],
  ['producer_id', 'int'],
  ['brand_id', 'int'],
  ['segment_id', 'smallint'],
  ['model_year', 'smallint'],
  ['msrp', 'int'],
  ['fuel', 'smallint'],
  ['engine', 'varchar'],
  ['battery_kwh', 'numeric'],
  ['body_type', 'smallint'],
  ['gearbox', 'smallint'],
  ['drive', 'smallint'],
  ['emission_standard', 'smallint'],
  ['model_level', 'smallint'],
  ['seats', 'smallint'],
  ['launch_month', 'int'],
  ['end_month', 'int'],
];
const PRODUCER_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'int'],
  ['name', 'varchar'],
  ['initial', 'char(1)'],
  ['property', 'smallint'],
  ['jll_type', 'smallint'],
];
const BRAND_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'int'],
  ['name', 'varchar'],
  ['initial', 'char(1)'],
  ['property', 'smallint'],
  ['family_id', 'smallint'],
  ['group_id', 'smallint'],
  ['jll_type', 'smallint'],
];
/** The parents a trim repeats from its sub-series. */
const PARENTS = ['series_id', 'producer_brand_id', 'producer_id', 'brand_id', 'segment_id'] as const;

/** The trim columns the rollups read (their product key and the list price a missing msrp_month falls back to). */
const ROLLUP_CAR_COLUMNS: ReadonlyArray<readonly [string, string]> = [['sub_series_id', ''], ...PARENTS.map((p) => [p, ''] as const), ['msrp', '']];
/** The rollups keyed by month and trim alone: where a trim's months with sales are read from. */
const TRIM_ROLLUPS = ROLLUP_TABLES.filter((build) => build.keys.length === 1 && build.keys[0] === 'car_id').map((build) => build.table);

/** Each key's first value of every field its rows give (the check made the rows of one key agree). */
function mergeBy(rows: readonly CatalogRow[], key: (row: CatalogRow) => string): Map<string, Partial<CatalogRow>> {
  const merged = new Map<string, Partial<CatalogRow>>();
  for (const row of rows) {
    const m = (merged.get(key(row)) ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries(row)) if (m[field] === undefined) m[field] = value;
    merged.set(key(row), m);
  }
  return merged;
}

/** Whether `next` differs from `before` in any of the columns (numbers and numeric text alike). */
function differs(before: DbRow | undefined, next: DbRow, columns: ReadonlyArray<readonly [string, string]>): boolean {
  if (!before) return true;
  const text = (v: DbRow[string] | undefined): string => (v === null || v === undefined ? '' : String(Number.isNaN(Number(v)) ? v : Number(v)));
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
    const cars = await q<{ code: string; end: number | null }>(`SELECT jll_code AS code, end_month AS end FROM car`);
    const families = await q<{ id: number; name: string }>(`SELECT id, name FROM family`);
    const engines = await q<{ key: string }>(`SELECT key FROM dictionary WHERE type = 'dicEngine'`);
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
      families: new Map(
        families.flatMap((f) => [
          [f.name, f.id],
          [String(f.id), f.id],
        ]),
      ),
      engines: new Set(engines.map((e) => e.key)),
      ended: new Map(cars.filter((c) => c.end !== null).map((c) => [c.code, Number(c.end)])),
    };
  }

  /** One trim of the catalog as a catalog file's row holds it (the template's example), by column key. */
  async exampleRow(): Promise<Record<string, string>> {
    const [row] = await this.dataSource.query<Array<Record<string, string>>>(
      `SELECT p.name AS producer, p.property::text AS "producerProperty", p.initial AS "producerInitial", p.jll_type::text AS "producerType",
              b.name AS brand, b.property::text AS "brandProperty", b.initial AS "brandInitial", b.family_id::text AS "brandFamily",
              bg.name AS "brandGroup", b.jll_type::text AS "brandType",
              se.name AS series, s.code AS "subCode", s.name AS "subName", s.initial, g.name AS segment, c.jll_code AS car,
              c.name AS "carName", c.model_year::text AS "modelYear", c.msrp::text AS msrp, c.fuel::text AS fuel, c.body_type::text AS "bodyType",
              c.gearbox::text AS gearbox, c.drive::text AS drive, c.model_level::text AS "modelLevel", c.seats::text AS seats,
              coalesce(c.engine, $1) AS engine, coalesce(c.battery_kwh::text, $1) AS battery,
              coalesce(c.emission_standard::text, $1) AS "emissionStandard",
              to_char(to_date(c.launch_month::text, 'YYYYMM'), 'YYYY-MM') AS launch,
              coalesce(to_char(to_date(c.end_month::text, 'YYYYMM'), 'YYYY-MM'), '') AS "end"
         FROM car c JOIN sub_series s ON s.id = c.sub_series_id JOIN series se ON se.id = s.series_id JOIN producer p ON p.id = s.producer_id
         JOIN brand b ON b.id = s.brand_id JOIN brand_group bg ON bg.id = b.group_id JOIN segment g ON g.id = s.segment_id
        ORDER BY c.id LIMIT 1`,
      [CATALOG_NONE],
    );
    return row ?? {};
  }

  /**
   * Upserts the rows in one transaction (imports write one at a time): the producers and brands (created when
   * new, their given attributes updated), missing producer-brands and series, the sub-series and trims (a field
   * left empty keeps its value), then the parents of every trim of a changed sub-series. Answers how many
   * catalog rows changed (0: the file says what the catalog already holds) and the months whose rollups the
   * change touches (decision 120): those in which a trim whose rollup attributes changed sold.
   */
  async upsert(importId: string, rows: readonly CatalogRow[]): Promise<{ changed: number; months: number[] }> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('data_import:write', 0))`);
      const q = (sql: string, params?: unknown[]): Promise<DbRow[]> => tx.query(sql, params);
      const makers = await this.makers(tx, rows);
      let changed = makers.changed;
      changed += await this.engines(tx, rows);

      const producers = new Map((await q(`SELECT id, name, initial FROM producer`)).map((p) => [String(p.name), p]));
      const brands = new Map((await q(`SELECT id, name FROM brand`)).map((b) => [String(b.name), b]));
      const producerName = new Map([...producers.values()].map((p) => [Number(p.id), p]));
      const brandName = new Map([...brands.values()].map((b) => [Number(b.id), String(b.name)]));
      const pbs = new Map((await q(`SELECT id, producer_id, brand_id FROM producer_brand`)).map((pb) => [`${pb.producer_id}:${pb.brand_id}`, Number(pb.id)]));
      const seriesRows = await q(`SELECT id, name, producer_brand_id FROM series`);
      const seriesOf = new Map(seriesRows.map((s) => [`${s.producer_brand_id}:${s.name}`, Number(s.id)]));
      const seriesName = new Map(seriesRows.map((s) => [Number(s.id), String(s.name)]));
      const subs = new Map(
        (await q(`SELECT * FROM sub_series WHERE code = ANY($1::varchar[])`, [[...new Set(rows.map((r) => r.subCode))]])).map((s) => [String(s.code), s]),
      );
      const cars = new Map((await q(`SELECT * FROM car WHERE jll_code = ANY($1::varchar[])`, [rows.map((r) => r.car)])).map((c) => [String(c.jll_code), c]));
      const [ids] = await q(
        `SELECT (SELECT coalesce(max(id), 0) FROM producer_brand) AS pb, (SELECT coalesce(max(id), 0) FROM series) AS series,
                (SELECT coalesce(max(id), 0) FROM sub_series) AS sub, (SELECT coalesce(max(id), 0) FROM car) AS car`,
      );
      const next = { pb: Number(ids.pb), series: Number(ids.series), sub: Number(ids.sub), car: Number(ids.car) };

      // Each sub-series: the first value its rows give for each field (the check made them agree), else its own.
      const merged = mergeBy(rows, (row) => row.subCode);
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
          newPbs.push({
            id: pbId,
            name: String(producer.name).endsWith(brand) ? String(producer.name) : `${producer.name}-${brand}`,
            initial: String(producer.initial),
            producer_id: producerId,
            brand_id: brandId,
          });
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
          body_type: before ? Number(before.body_type) : (m.bodyType ?? Number(cars.get(m.car!)!.body_type)),
          fuel: before ? Number(before.fuel) : (m.fuel ?? Number(cars.get(m.car!)!.fuel)),
          launch_month: before ? Number(before.launch_month) : Math.min(...launches),
          end_month: before ? before.end_month : null,
        };
        finalSub.set(code, sub);
        if (differs(before, sub, SUB_COLUMNS)) subRows.push(sub);
      }
      const carRows: DbRow[] = [];
      // Trims whose rollup attributes changed: the months they sold in are rebuilt.
      const touched = new Set<number>();
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
          engine: row.engine !== undefined ? row.engine : (before?.engine ?? null),
          battery_kwh: row.battery !== undefined ? row.battery : (before?.battery_kwh ?? null),
          body_type: row.bodyType ?? before!.body_type,
          gearbox: row.gearbox ?? before!.gearbox,
          drive: row.drive ?? before!.drive,
          emission_standard: row.emissionStandard !== undefined ? row.emissionStandard : (before?.emission_standard ?? null),
          model_level: row.modelLevel ?? before!.model_level,
          seats: row.seats ?? before!.seats,
          launch_month: row.launch ?? before!.launch_month,
          end_month: row.end !== undefined ? row.end : (before?.end_month ?? null),
        };
        if (differs(before, car, CAR_COLUMNS)) carRows.push(car);
        if (before && differs(before, car, ROLLUP_CAR_COLUMNS)) touched.add(Number(car.id));
      }
      changed += await this.insert(
        tx,
        'producer_brand',
        [
          ['id', 'int'],
          ['name', 'varchar'],
          ['initial', 'char(1)'],
          ['producer_id', 'int'],
          ['brand_id', 'int'],
        ],
        newPbs,
      );
      changed += await this.insert(
        tx,
        'series',
        [
          ['id', 'int'],
          ['name', 'varchar'],
          ['initial', 'char(1)'],
          ['producer_brand_id', 'int'],
        ],
        newSeries,
      );
      changed += await this.insert(tx, 'sub_series', SUB_COLUMNS, subRows);
      changed += await this.insert(tx, 'car', CAR_COLUMNS, carRows);
      // The other trims of a sub-series that moved or changed segment follow it.
      const moved: Array<{ id: number }> = await tx
        .query(
          `UPDATE car c SET ${PARENTS.map((p) => `${p} = s.${p}`).join(', ')} FROM sub_series s
          WHERE s.id = ANY($1::int[]) AND c.sub_series_id = s.id AND (${PARENTS.map((p) => `c.${p}`).join(', ')}) IS DISTINCT FROM (${PARENTS.map((p) => `s.${p}`).join(', ')})
          RETURNING c.id`,
          [subRows.map((s) => s.id)],
        )
        .then(([rowsMoved]: [Array<{ id: number }>, number]) => rowsMoved);
      changed += moved.length;
      for (const { id } of moved) touched.add(Number(id));
      const months = await this.soldMonths(tx, [...touched], makers.producers, makers.brands);
      // The import's next state commits with the write: a crash after the commit resumes at the rebuild, never
      // writes again (a second upsert would find nothing changed and skip the rebuild; decision 137).
      await tx.query(
        `UPDATE data_import SET rows_written = $2, months = $3, state = CASE WHEN cardinality($3::int[]) = 0 THEN 'done' ELSE 'publishing' END,
           finished_at = CASE WHEN cardinality($3::int[]) = 0 THEN now() END WHERE id = $1`,
        [importId, changed, months],
      );
      return { changed, months };
    });
  }

  /**
   * The months whose rollups hold the trims (or the trims of the producers and brands) whose rollup
   * attributes changed: the months in which they sold, read from the trim rollups (small, and keyed by
   * trim; the facts have no index by trim) as they were before this import.
   */
  private async soldMonths(tx: EntityManager, carIds: readonly number[], producerIds: readonly number[], brandIds: readonly number[]): Promise<number[]> {
    if (carIds.length === 0 && producerIds.length === 0 && brandIds.length === 0) return [];
    const trims = `SELECT id FROM car WHERE id = ANY($1::int[]) OR producer_id = ANY($2::int[]) OR brand_id = ANY($3::int[])`;
    const rows: Array<{ month: number }> = await tx.query(
      `${TRIM_ROLLUPS.map((table) => `SELECT month FROM ${table} WHERE qty > 0 AND car_id IN (${trims})`).join(' UNION ')} ORDER BY month`,
      [[...carIds], [...producerIds], [...brandIds]],
    );
    return rows.map((r) => Number(r.month));
  }

  /**
   * Creates the producers and brands the rows name that the catalog lacks (and the brand groups their rows
   * name), and writes the attributes the rows give the others. Answers how many rows changed and the existing
   * producers and brands whose rollup attributes changed (property; a brand's family and type too).
   */
  private async makers(tx: EntityManager, rows: readonly CatalogRow[]): Promise<{ changed: number; producers: number[]; brands: number[] }> {
    const producerRows = mergeBy(
      rows.filter((r) => r.producer !== undefined),
      (r) => r.producer!,
    );
    const brandRows = mergeBy(
      rows.filter((r) => r.brand !== undefined),
      (r) => r.brand!,
    );
    const producers = new Map(
      (await tx.query<DbRow[]>(`SELECT * FROM producer WHERE name = ANY($1::varchar[])`, [[...producerRows.keys()]])).map((p) => [String(p.name), p]),
    );
    const brands = new Map(
      (await tx.query<DbRow[]>(`SELECT * FROM brand WHERE name = ANY($1::varchar[])`, [[...brandRows.keys()]])).map((b) => [String(b.name), b]),
    );
    const groups = new Map((await tx.query<DbRow[]>(`SELECT id, name FROM brand_group`)).map((g) => [String(g.name), Number(g.id)]));
    const [ids] = await tx.query<Array<{ producer: number; brand: number; grp: number }>>(
      `SELECT (SELECT coalesce(max(id), 0) FROM producer) AS producer, (SELECT coalesce(max(id), 0) FROM brand) AS brand, (SELECT coalesce(max(id), 0) FROM brand_group) AS grp`,
    );
    const next = { producer: Number(ids.producer), brand: Number(ids.brand), group: Number(ids.grp) };
    const result = { changed: 0, producers: [] as number[], brands: [] as number[] };

    const producerUpserts: DbRow[] = [];
    for (const [name, m] of producerRows) {
      const before = producers.get(name);
      const producer: DbRow = {
        id: before ? Number(before.id) : ++next.producer,
        name,
        initial: m.producerInitial ?? before!.initial,
        property: m.producerProperty ?? before!.property,
        jll_type: m.producerType ?? before!.jll_type,
      };
      if (!differs(before, producer, PRODUCER_COLUMNS)) continue;
      producerUpserts.push(producer);
      if (before && differs(before, producer, [['property', '']])) result.producers.push(Number(before.id));
    }
    const newGroups: DbRow[] = [];
    const brandUpserts: DbRow[] = [];
    for (const [name, m] of brandRows) {
      const before = brands.get(name);
      let groupId = m.brandGroup !== undefined ? groups.get(m.brandGroup) : Number(before!.group_id);
      if (groupId === undefined) {
        groupId = ++next.group;
        groups.set(m.brandGroup!, groupId);
        newGroups.push({ id: groupId, name: m.brandGroup! });
      }
      const brand: DbRow = {
        id: before ? Number(before.id) : ++next.brand,
        name,
        initial: m.brandInitial ?? before!.initial,
        property: m.brandProperty ?? before!.property,
        family_id: m.brandFamily ?? before!.family_id,
        group_id: groupId,
        jll_type: m.brandType ?? before!.jll_type,
      };
      if (!differs(before, brand, BRAND_COLUMNS)) continue;
      brandUpserts.push(brand);
      if (
        before &&
        differs(before, brand, [
          ['property', ''],
          ['family_id', ''],
          ['jll_type', ''],
        ])
      )
        result.brands.push(Number(before.id));
    }
    result.changed += await this.insert(tx, 'producer', PRODUCER_COLUMNS, producerUpserts);
    result.changed += await this.insert(
      tx,
      'brand_group',
      [
        ['id', 'smallint'],
        ['name', 'varchar'],
      ],
      newGroups,
    );
    result.changed += await this.insert(tx, 'brand', BRAND_COLUMNS, brandUpserts);
    return result;
  }

  /** Adds the engines the rows name that the dicEngine dictionary lacks (the check warned of each); answers how many. */
  private async engines(tx: EntityManager, rows: readonly CatalogRow[]): Promise<number> {
    const engines = [...new Set(rows.map((r) => r.engine).filter((e): e is string => typeof e === 'string'))];
    if (engines.length === 0) return 0;
    const added: unknown[] = await tx.query(
      `INSERT INTO dictionary (type, key, value, sort)
       SELECT 'dicEngine', e, e, (SELECT coalesce(max(sort), 0) FROM dictionary WHERE type = 'dicEngine') + row_number() OVER (ORDER BY e)
         FROM unnest($1::varchar[]) e WHERE NOT EXISTS (SELECT 1 FROM dictionary d WHERE d.type = 'dicEngine' AND d.key = e)
       RETURNING key`,
      [engines],
    );
    return added.length;
  }

  /** Inserts the rows, or overwrites the ones whose id exists; answers how many. */
  private async insert(tx: EntityManager, table: string, columns: ReadonlyArray<readonly [string, string]>, rows: readonly DbRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const names = columns.map(([name]) => name);
    for (let i = 0; i < rows.length; i += 5000) {
      await tx.query(
        `INSERT INTO ${table} (${names.join(', ')})
         SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${columns.map(([n, t]) => `${n} ${t}`).join(', ')})
         ON CONFLICT (id) DO UPDATE SET ${names
           .filter((n) => n !== 'id')
           .map((n) => `${n} = EXCLUDED.${n}`)
           .join(', ')}`,
        [JSON.stringify(rows.slice(i, i + 5000))],
      );
    }
    return rows.length;
  }
}

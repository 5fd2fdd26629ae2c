import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DATA_CHANGE_LISTENER, KeptUntilChange, type NotifyListener } from '../database/notify-listener';
import { ReadReplicas } from '../database/read-replicas';
import { containsPattern, prefixPattern } from '../common/like-pattern';

/**
 * How many trims' sheets, and how many sub-series' trims, one process keeps (decision 288): ten comparisons of five
 * whole sub-series (200 trims each); a sheet is one object of about 363 short texts, a few KB.
 */
const KEPT_SHEETS = 2_000;
const KEPT_SUB_SERIES = 500;

/** What each row of the sheet shows for a trim, by item id ({"item id": value}): one row of config_sheet. */
export type ConfigSheet = Readonly<Record<string, string>>;

export interface SubSeriesRow {
  id: number;
  name: string;
}

/** A trim of a compared sub-series, with the MSRP (yuan) of its last month on sale up to `month`. */
export interface ConfigTrimRow {
  id: number;
  jllCode: string;
  name: string;
  subSeriesId: number;
  modelYear: number;
  fuel: number;
  engine: string | null;
  /** kWh as text ('60.5'), null without a traction battery. */
  batteryKwh: string | null;
  endMonth: number | null;
  msrp: number;
}

export interface ConfigItemRow {
  id: number;
  categoryId: number;
  parentId: number | null;
  name: string;
  layer: number;
}

/** What the catalogue says of a trim: the facts the sheet's 基本信息 block repeats (decision 142). */
export interface TrimCatalogueRow {
  name: string;
  subSeries: string;
  series: string;
  producer: string;
  brand: string;
  segment: string;
  modelYear: number;
  launchMonth: number;
}

/** A compared trim with the catalogue's facts of it. */
export type ComparedTrimRow = ConfigTrimRow & TrimCatalogueRow;

export interface CategoryRow {
  id: number;
  name: string;
}

/** A sub-series with its trims (by MSRP), as the comparison reads it for a month. */
interface SubSeriesTrims {
  name: string;
  trims: ComparedTrimRow[];
}

/**
 * The values of `keys`, each from `kept` or, the missing ones together, from one `load` (a key it does not answer
 * is kept as null: it names nothing). Without `kept`, every key is loaded.
 */
async function keptMany<V>(
  kept: KeptUntilChange<V | null> | null,
  keys: readonly string[],
  load: (missing: readonly string[]) => Promise<ReadonlyMap<string, V>>,
): Promise<Map<string, V>> {
  const missing: string[] = [];
  let loaded: Promise<ReadonlyMap<string, V>> | undefined;
  // KeptUntilChange.get calls the loader before it first waits, so every miss is listed before the one read starts.
  const readMissing = (key: string): Promise<V | null> => {
    missing.push(key);
    loaded ??= Promise.resolve().then(() => load(missing));
    return loaded.then((values) => values.get(key) ?? null);
  };
  const values = await Promise.all(keys.map((key) => (kept ? kept.get(key, () => readMissing(key)) : readMissing(key))));
  return new Map(keys.flatMap((key, i) => (values[i] === null ? [] : [[key, values[i]] as const])));
}

/**
 * The configuration sheet (config_category → config_item → config_value) and the trims it is kept for.
 * What a comparison reads besides its figures — the sheet's layout, the sub-series' trims with the catalogue's
 * facts, the trims' sheets — changes only when data is imported, so the API keeps it until any process changes
 * data (decision 288, as the calendar and the answer cache are: `KeptUntilChange`); the worker, with no
 * data-change listener, reads afresh. The figures (each column's volume and TP) are always the query layer's.
 */
@Injectable()
export class CarConfigRepository {
  private readonly keptLayout: KeptUntilChange<{ categories: CategoryRow[]; items: ConfigItemRow[] }> | null;
  private readonly keptSubSeries: KeptUntilChange<SubSeriesTrims | null> | null;
  private readonly keptSheets: KeptUntilChange<{ carId: number; sheet: ConfigSheet } | null> | null;

  constructor(
    private readonly dataSource: DataSource,
    /** The trims and sheets a comparison shows are figure reads: a read replica's when one is ready (decision 223). */
    private readonly reads: ReadReplicas,
    @Optional() @Inject(DATA_CHANGE_LISTENER) changes?: NotifyListener,
  ) {
    this.keptLayout = changes ? new KeptUntilChange([changes], 1) : null;
    this.keptSubSeries = changes ? new KeptUntilChange([changes], KEPT_SUB_SERIES) : null;
    this.keptSheets = changes ? new KeptUntilChange([changes], KEPT_SHEETS) : null;
  }

  /**
   * Sub-series whose name, or whose brand's name, contains the text; those whose own name starts with it
   * first. About a thousand rows: a scan is quicker than any index would be.
   */
  async searchSubSeries(text: string, limit: number): Promise<SubSeriesRow[]> {
    return this.dataSource.query(
      `SELECT s.id, s.name
       FROM sub_series s JOIN brand b ON b.id = s.brand_id
       WHERE s.name ILIKE $1 ESCAPE '\\' OR b.name ILIKE $1 ESCAPE '\\'
       ORDER BY (s.name ILIKE $2 ESCAPE '\\') DESC, (s.name ILIKE $1 ESCAPE '\\') DESC, s.initial, s.name, s.id
       LIMIT $3`,
      [containsPattern(text), prefixPattern(text), limit],
    );
  }

  /**
   * The compared sub-series and every trim of theirs, in one statement (decision 183): the sub-series in
   * the order asked (unknown ids left out, each once), and each trim by MSRP within its sub-series with the
   * catalogue's facts the sheet's 基本信息 rows repeat. The MSRP is the trim's list price in `month`, or in
   * its last month on sale when it ended earlier (msrp_month's key is month × trim, so each trim is one
   * lookup), falling back to its launch price.
   */
  async comparedTrims(subSeriesIds: readonly number[], month: number): Promise<{ subSeries: SubSeriesRow[]; trims: ComparedTrimRow[] }> {
    const asked = [...new Set(subSeriesIds)];
    const found = await keptMany(
      this.keptSubSeries,
      asked.map((id) => `${month}:${id}`),
      async (keys) => {
        const read = await this.readComparedTrims(
          keys.map((key) => Number(key.split(':')[1])),
          month,
        );
        return new Map([...read].map(([id, value]) => [`${month}:${id}`, value]));
      },
    );
    const subSeries = asked.flatMap((id) => {
      const kept = found.get(`${month}:${id}`);
      return kept ? [{ id, name: kept.name }] : [];
    });
    // The trims by sub-series id, each sub-series' by MSRP: the order of the statement's ORDER BY.
    const trims = [...subSeries].sort((a, b) => a.id - b.id).flatMap((s) => found.get(`${month}:${s.id}`)!.trims);
    return { subSeries, trims };
  }

  private async readComparedTrims(subSeriesIds: readonly number[], month: number): Promise<Map<number, SubSeriesTrims>> {
    // A sub-series with no trim is one row of nulls beside its id.
    const rows: Array<ComparedTrimRow & { ssId: number }> = await this.reads.query(
      `SELECT s.id AS "ssId", s.name AS "subSeries",
              c.id, c.jll_code AS "jllCode", c.name, c.sub_series_id AS "subSeriesId", c.model_year AS "modelYear",
              c.fuel, c.engine, c.battery_kwh::text AS "batteryKwh", c.end_month AS "endMonth",
              COALESCE(mm.msrp, c.msrp) AS msrp,
              se.name AS series, p.name AS producer, b.name AS brand, g.name AS segment, c.launch_month AS "launchMonth"
       FROM sub_series s
       LEFT JOIN car c ON c.sub_series_id = s.id
       LEFT JOIN msrp_month mm ON mm.car_id = c.id AND mm.month = LEAST(COALESCE(c.end_month, $2::int), $2::int)
       LEFT JOIN series se ON se.id = c.series_id
       LEFT JOIN producer p ON p.id = c.producer_id
       LEFT JOIN brand b ON b.id = c.brand_id
       LEFT JOIN segment g ON g.id = c.segment_id
       WHERE s.id = ANY($1::int[])
       ORDER BY c.sub_series_id, msrp, c.model_year DESC, c.name, c.id`,
      [[...subSeriesIds], month],
    );
    const bySubSeries = new Map<number, SubSeriesTrims>();
    for (const { ssId, ...row } of rows) {
      const entry = bySubSeries.get(ssId) ?? { name: row.subSeries, trims: [] };
      bySubSeries.set(ssId, entry);
      if (row.id !== null) entry.trims.push(row);
    }
    return bySubSeries;
  }

  /** The sheet's rows in display order (a sub-row right after its parent) and its first-level categories, in one statement. */
  async layout(): Promise<{ categories: CategoryRow[]; items: ConfigItemRow[] }> {
    return this.keptLayout ? this.keptLayout.get('layout', () => this.readLayout()) : this.readLayout();
  }

  private async readLayout(): Promise<{ categories: CategoryRow[]; items: ConfigItemRow[] }> {
    const [{ categories, items }] = await this.dataSource.query<Array<{ categories: CategoryRow[]; items: ConfigItemRow[] }>>(
      `SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name) ORDER BY sort, id), '[]') FROM config_category) AS categories,
              (SELECT coalesce(json_agg(json_build_object('id', id, 'categoryId', category_id, 'parentId', parent_id, 'name', name, 'layer', layer)
                                        ORDER BY category_id, sort, id), '[]') FROM config_item) AS items`,
    );
    return { categories, items };
  }

  /** The first-level categories in display order: the layout's. */
  async categories(): Promise<CategoryRow[]> {
    return (await this.layout()).categories;
  }

  /**
   * What each trim shows in each row, keyed by trim id, for the trims of `jllCodes` (codes of no trim, or of a trim
   * without a sheet, left out): config_sheet, one JSON object per trim. By code, so that a link that names its trims
   * reads their sheets beside the sub-series' trims instead of after them (decision 183).
   */
  async sheets(jllCodes: readonly string[]): Promise<Map<number, ConfigSheet>> {
    if (jllCodes.length === 0) return new Map();
    const found = await keptMany(this.keptSheets, jllCodes, async (missing) => {
      const rows: Array<{ code: string; carId: number; sheet: ConfigSheet }> = await this.reads.query(
        `SELECT c.jll_code AS code, c.id AS "carId", s.sheet FROM car c JOIN config_sheet s ON s.car_id = c.id WHERE c.jll_code = ANY($1::text[])`,
        [[...missing]],
      );
      return new Map(rows.map((row) => [row.code, { carId: row.carId, sheet: row.sheet }]));
    });
    return new Map([...found.values()].map((kept) => [kept.carId, kept.sheet]));
  }

  /**
   * Rewrites config_sheet from config_value (decision 123), after anything that writes the sheets: one
   * JSON object per trim, so a comparison reads a row per column instead of one per column and item.
   * With `carIds`, only those trims' sheets (an import of some trims' values: a few index lookups), inside
   * the caller's transaction when `manager` is given. Answers how many sheets were written.
   */
  async rebuildSheets(carIds?: readonly number[], manager?: EntityManager): Promise<number> {
    const rebuild = async (tx: EntityManager): Promise<number> => {
      const only = carIds ? 'WHERE car_id = ANY($1::int[])' : '';
      const params = carIds ? [[...carIds]] : [];
      await tx.query(`DELETE FROM config_sheet ${only}`, params);
      await tx.query(
        `INSERT INTO config_sheet (car_id, sheet)
         SELECT car_id, json_object_agg(item_id, value ORDER BY item_id) FROM config_value ${only} GROUP BY car_id`,
        params,
      );
      const [{ trims }] = await tx.query<Array<{ trims: number }>>(`SELECT count(*)::int AS trims FROM config_sheet ${only}`, params);
      return trims;
    };
    return manager ? rebuild(manager) : this.dataSource.transaction(rebuild);
  }
}

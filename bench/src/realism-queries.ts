/**
 * The read-only SQL of `npm run bench:realism` (issue 46), over the rollups the pages read: the price trace's
 * regional table (rollup_price_province: month × province × trim), the city tables (rollup_retail_city:
 * month × city × sub-series) and the rankings (rollup_retail_sub_series). Every query only reads.
 */
import type { DataSource } from 'typeorm';
import type { TpCell } from './realism-stats';

type Db = Pick<DataSource, 'query'>;
const num = (value: unknown) => Number(value);

/** The latest month with retail and prices. */
export async function latestMonth(db: Db): Promise<number> {
  const [row] = await db.query<Array<{ month: number | null }>>(`SELECT max(month) AS month FROM data_month WHERE has_retail AND has_price`);
  if (!row?.month) throw new Error('the database has no month with retail and prices: seed it first');
  return num(row.month);
}

export interface Named {
  id: number;
  name: string;
  qty: number;
}

/** The `count` best-selling sub-series (retail) from `from` to `to`, with their brand, best first. */
export async function bestSellers(db: Db, from: number, to: number, count: number): Promise<Array<Named & { brand: string }>> {
  const rows = await db.query<Array<{ id: number; name: string; brand: string; qty: string }>>(
    `SELECT r.sub_series_id AS id, ss.name, b.name AS brand, sum(r.qty) AS qty
       FROM rollup_retail_sub_series r JOIN sub_series ss ON ss.id = r.sub_series_id JOIN brand b ON b.id = ss.brand_id
      WHERE r.month BETWEEN $1 AND $2 GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1 LIMIT $3`,
    [from, to, count],
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name, brand: r.brand, qty: num(r.qty) }));
}

/** Each (sub-series, province, month)'s TP (units-weighted over its trims) and units, from the price trace's rollup. */
export async function provinceTps(db: Db, subSeriesIds: readonly number[], from: number, to: number): Promise<TpCell[]> {
  const rows = await db.query<Array<{ s: number; p: number; m: number; qty: string; tp: string }>>(
    `SELECT sub_series_id AS s, province_id AS p, month AS m, sum(qty) AS qty, sum(tp_amount) / nullif(sum(qty), 0) AS tp
       FROM rollup_price_province WHERE month BETWEEN $1 AND $2 AND sub_series_id = ANY($3) GROUP BY 1, 2, 3`,
    [from, to, subSeriesIds],
  );
  return rows.map((r) => ({ subSeriesId: num(r.s), provinceId: num(r.p), month: num(r.m), qty: num(r.qty), tp: num(r.tp) }));
}

/** The trims each (sub-series, province) cell holds in `month`, with its units. */
export async function trimsPerCell(db: Db, subSeriesIds: readonly number[], month: number): Promise<Array<{ trims: number; qty: number }>> {
  const rows = await db.query<Array<{ trims: string; qty: string }>>(
    `SELECT count(DISTINCT car_id) AS trims, sum(qty) AS qty FROM rollup_price_province
      WHERE month = $1 AND sub_series_id = ANY($2) GROUP BY sub_series_id, province_id`,
    [month, subSeriesIds],
  );
  return rows.map((r) => ({ trims: num(r.trims), qty: num(r.qty) }));
}

export async function names(db: Db, table: 'province' | 'city'): Promise<Map<number, string>> {
  const rows = await db.query<Array<{ id: number; name: string }>>(`SELECT id, name FROM ${table}`);
  return new Map(rows.map((r) => [num(r.id), r.name]));
}

/** Every city's retail (all sub-series) from `from` to `to`, biggest first: the city's market. */
export async function cityMarkets(db: Db, from: number, to: number): Promise<Named[]> {
  const rows = await db.query<Array<{ id: number; name: string; qty: string }>>(
    `SELECT c.id, c.name, coalesce(sum(r.qty), 0) AS qty
       FROM city c LEFT JOIN rollup_retail_city r ON r.city_id = c.id AND r.month BETWEEN $1 AND $2
      GROUP BY 1, 2 ORDER BY 3 DESC, 1`,
    [from, to],
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name, qty: num(r.qty) }));
}

/** Each (sub-series, city, month)'s retail from `from` to `to` (cells with units only). */
export async function cityUnits(
  db: Db,
  subSeriesIds: readonly number[],
  from: number,
  to: number,
): Promise<Array<{ subSeriesId: number; cityId: number; month: number; qty: number }>> {
  const rows = await db.query<Array<{ s: number; c: number; m: number; qty: string }>>(
    `SELECT sub_series_id AS s, city_id AS c, month AS m, sum(qty) AS qty FROM rollup_retail_city
      WHERE month BETWEEN $1 AND $2 AND sub_series_id = ANY($3) GROUP BY 1, 2, 3 HAVING sum(qty) > 0`,
    [from, to, subSeriesIds],
  );
  return rows.map((r) => ({ subSeriesId: num(r.s), cityId: num(r.c), month: num(r.m), qty: num(r.qty) }));
}

/** Each sub-series' national retail by month from `from` to `to`, with its launch and end months. */
export async function nationalUnits(
  db: Db,
  subSeriesIds: readonly number[],
  from: number,
  to: number,
): Promise<Array<{ subSeriesId: number; month: number; qty: number }>> {
  const rows = await db.query<Array<{ s: number; m: number; qty: string }>>(
    `SELECT sub_series_id AS s, month AS m, sum(qty) AS qty FROM rollup_retail_sub_series
      WHERE month BETWEEN $1 AND $2 AND sub_series_id = ANY($3) GROUP BY 1, 2`,
    [from, to, subSeriesIds],
  );
  return rows.map((r) => ({ subSeriesId: num(r.s), month: num(r.m), qty: num(r.qty) }));
}

export async function lifetimes(db: Db, subSeriesIds: readonly number[]): Promise<Map<number, { launch: number; end: number | null }>> {
  const rows = await db.query<Array<{ id: number; launch_month: number; end_month: number | null }>>(
    `SELECT id, launch_month, end_month FROM sub_series WHERE id = ANY($1)`,
    [subSeriesIds],
  );
  return new Map(rows.map((r) => [num(r.id), { launch: num(r.launch_month), end: r.end_month === null ? null : num(r.end_month) }]));
}

export interface BrandPriceRow {
  brand: string;
  brandType: number;
  producerProperty: number;
  brandProperty: number;
  familyId: number;
  fuel: number;
  qty: number;
  tpAmount: number;
  msrpAmount: number;
}

/** TP and MSRP amounts (Σ price × units) by brand and the attributes the classing reads, in `month`. */
export async function brandPrices(db: Db, month: number): Promise<BrandPriceRow[]> {
  const rows = await db.query<Array<Record<string, string>>>(
    `SELECT b.name AS brand, r.jll_type, r.producer_property, r.brand_property, r.family_id, r.fuel,
            sum(r.qty) AS qty, sum(r.tp_amount) AS tp_amount, sum(r.msrp_amount) AS msrp_amount
       FROM rollup_price_province r JOIN brand b ON b.id = r.brand_id WHERE r.month = $1 GROUP BY 1, 2, 3, 4, 5, 6`,
    [month],
  );
  return rows.map((r) => ({
    brand: r.brand,
    brandType: num(r.jll_type),
    producerProperty: num(r.producer_property),
    brandProperty: num(r.brand_property),
    familyId: num(r.family_id),
    fuel: num(r.fuel),
    qty: num(r.qty),
    tpAmount: num(r.tp_amount),
    msrpAmount: num(r.msrp_amount),
  }));
}

/** A sub-series' national TP in `month` and the MSRP of its cheapest trim on sale (with a TP) that month. */
export async function tpAgainstCheapest(db: Db, subSeries: string, month: number): Promise<{ tp: number; cheapest: number } | undefined> {
  const [row] = await db.query<Array<{ tp: string | null; cheapest: string | null }>>(
    `SELECT sum(r.tp_amount) / nullif(sum(r.qty), 0) AS tp, min(r.msrp) AS cheapest
       FROM rollup_price_province r JOIN sub_series ss ON ss.id = r.sub_series_id WHERE r.month = $1 AND ss.name = $2`,
    [month, subSeries],
  );
  return row?.tp == null || row.cheapest == null ? undefined : { tp: num(row.tp), cheapest: num(row.cheapest) };
}

/** A maker's retail by year and fuel. */
export async function makerFuelByYear(db: Db, producer: string): Promise<Array<{ year: number; fuel: number; qty: number }>> {
  const rows = await db.query<Array<{ year: number; fuel: number; qty: string }>>(
    `SELECT r.month / 100 AS year, r.fuel, sum(r.qty) AS qty
       FROM rollup_retail_sub_series r JOIN producer p ON p.id = r.producer_id WHERE p.name = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [producer],
  );
  return rows.map((r) => ({ year: num(r.year), fuel: num(r.fuel), qty: num(r.qty) }));
}

/** A maker's sub-series by retail in `year`, best first, with their fuel. */
export async function makerSubSeries(db: Db, producer: string, year: number): Promise<Array<Named & { fuel: number }>> {
  const rows = await db.query<Array<{ id: number; name: string; fuel: number; qty: string }>>(
    `SELECT ss.id, ss.name, ss.fuel, sum(r.qty) AS qty
       FROM rollup_retail_sub_series r JOIN sub_series ss ON ss.id = r.sub_series_id JOIN producer p ON p.id = r.producer_id
      WHERE p.name = $1 AND r.month BETWEEN $2 AND $3 GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1`,
    [producer, year * 100 + 1, year * 100 + 12],
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name, fuel: num(r.fuel), qty: num(r.qty) }));
}

/** National retail by month and fuel (dicFuel keys). */
export async function retailByMonthAndFuel(db: Db): Promise<Array<{ month: number; fuel: number; qty: number }>> {
  const rows = await db.query<Array<{ month: number; fuel: number; qty: string }>>(
    `SELECT month, fuel, sum(qty) AS qty FROM rollup_retail_sub_series GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((r) => ({ month: num(r.month), fuel: num(r.fuel), qty: num(r.qty) }));
}

/** The makers' retail in `year`, best first (the maker ranking of 厂商品牌表现). */
export async function makerRanking(db: Db, year: number): Promise<Array<{ name: string; qty: number }>> {
  const rows = await db.query<Array<{ name: string; qty: string }>>(
    `SELECT p.name, sum(r.qty) AS qty FROM rollup_retail_sub_series r JOIN producer p ON p.id = r.producer_id
      WHERE r.month BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 2 DESC, 1`,
    [year * 100 + 1, year * 100 + 12],
  );
  return rows.map((r) => ({ name: r.name, qty: num(r.qty) }));
}

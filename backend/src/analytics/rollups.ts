/**
 * The rollups, each declared once: the table, the source it sums, the levels of detail it keeps, whether
 * it keeps year-to-date sums, its size rank (the order the chooser tries a source's tables) and how it is
 * built. The rollup chooser (rollup-chooser.ts) and the rebuild (rollup.repository.ts) both read this list;
 * the migration that created a table is its history, not a second declaration (docs/query-layer.md).
 */
import { CAR_CATALOG_COLUMNS } from '../database/entities/vehicle.entity';
import type { QuerySource, ValueColumn } from './measures';
import type { Level } from './model';

/** A table the SQL writer can read, as the chooser sees it. */
export interface RollupDef {
  name: string;
  /** A table, or for the raw facts a subquery that exposes the same columns. */
  from: string;
  source: QuerySource;
  levels: ReadonlySet<Level>;
  /**
   * Keeps `qty_ytd`, the volume from January to the row's month, with a row for every month after a
   * key's first sale of the year: a January-to-date span (累计) then reads one month, not up to twelve.
   */
  yearToDate: boolean;
  /** The chooser tries a source's tables by this rank, lowest first (see RollupDeclaration.sizeRank). */
  sizeRank: number;
}

/**
 * How one rollup is built for some months: `monthly` sums one month per key, reading `month = ANY($1)`
 * of the facts or of a rollup built before it; `attributes` joins the columns that hang off the key
 * (to the aliased row `k`). RollupRepository adds the year-to-date sums where the rollup keeps them.
 */
export interface RollupBuild {
  table: string;
  source: QuerySource;
  keys: readonly string[];
  monthly: string;
  attributes: { columns: readonly string[]; select: string; joins: string };
  /** The value columns `monthly` yields after the keys; the volume `qty` unless said otherwise. */
  values?: readonly (ValueColumn | 'msrp')[];
  yearToDate: boolean;
}

/** One rollup, declared once: how it is built, and what the chooser needs to know of it. */
export interface RollupDeclaration extends RollupBuild {
  /**
   * Its place by size among the tables of its source, smallest first (rows a month at the large scale in
   * docs/query-layer.md): the chooser takes the lowest rank that keeps every level a question needs.
   * Ranks are spaced by 10 so a new table slots in; two tables of a source never share a rank.
   */
  sizeRank: number;
  /** The levels it keeps; a table that keeps `product` keeps the brand type and the maker too. */
  levels: readonly Level[];
}

const PRODUCT_COLUMNS = `c.sub_series_id, c.series_id, c.producer_brand_id, c.producer_id, c.brand_id, c.segment_id,
  b.family_id, p.property AS producer_property, b.property AS brand_property, b.jll_type, s.fuel, s.body_type`;
const PRODUCT_JOINS = `JOIN car c ON c.id = f.car_id JOIN sub_series s ON s.id = c.sub_series_id
  JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id`;

/** The raw retail facts with every attribute joined on: the fallback no rollup covers. */
export const RAW_RETAIL_SQL = `(SELECT f.month, f.car_id, f.city_id, ci.province_id, pr.area_id, ci.tier, ${PRODUCT_COLUMNS}, f.qty
  FROM retail_fact f ${PRODUCT_JOINS} JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id)`;

/** The raw wholesale facts with their attributes joined on (wholesale has no geography). */
export const RAW_WHOLESALE_SQL = `(SELECT f.month, f.car_id, ${PRODUCT_COLUMNS}, f.qty FROM wholesale_fact f ${PRODUCT_JOINS})`;

/**
 * The price value columns of one price fact: volume, amounts (price × volume, bigint: 40万 × 10,000
 * units overflows integer), the MSRP of the trim-month, and the TP as its own lowest and highest.
 * `rebate_qty` is the volume whose rebate is known, the rebate's weight.
 */
const PRICE_FACT_VALUES = `f.qty, f.tp::bigint * f.qty AS tp_amount, m.msrp, m.msrp::bigint * f.qty AS msrp_amount,
  rb.rebate::bigint * f.qty AS rebate_amount, CASE WHEN rb.rebate IS NULL THEN 0 ELSE f.qty END AS rebate_qty, f.tp AS tp_min, f.tp AS tp_max`;
const PRICE_FACT_JOINS = `JOIN msrp_month m ON m.month = f.month AND m.car_id = f.car_id
  LEFT JOIN rebate_month rb ON rb.month = f.month AND rb.car_id = f.car_id`;

/**
 * The raw price facts (month × trim × city) with MSRP, rebate and every attribute joined on. The trim and the city
 * are joined as the facts' other readers join them; what hangs off them (sub-series, producer, brand, province) is
 * joined LEFT, which their foreign keys make the same rows, so the planner drops each one a question does not read: a
 * city's price question planned in 1.8 ms instead of 3.0 (decision 295).
 */
export const RAW_PRICE_SQL = `(SELECT f.month, f.car_id, f.city_id, ci.province_id, pr.area_id, ci.tier, ${PRODUCT_COLUMNS}, ${PRICE_FACT_VALUES}
  FROM price_fact f ${PRICE_FACT_JOINS} JOIN car c ON c.id = f.car_id LEFT JOIN sub_series s ON s.id = c.sub_series_id
  LEFT JOIN producer p ON p.id = c.producer_id LEFT JOIN brand b ON b.id = c.brand_id
  JOIN city ci ON ci.id = f.city_id LEFT JOIN province pr ON pr.id = ci.province_id)`;

/** A table that keeps the product keeps its brand type and its maker (producer, brand) too. */
const withBrandType = (levels: readonly Level[]): Set<Level> => new Set<Level>(levels.includes('product') ? [...levels, 'brandType', 'maker'] : levels);

/** The raw facts come after every rollup of their source. */
const RAW_RANK = Number.POSITIVE_INFINITY;

/**
 * The raw facts of each source as a table the builder can read. Prices fall back to them where no rollup
 * answers; the benchmark reads them all to time the same question without rollups.
 */
export const RAW_FACTS: Record<QuerySource, RollupDef> = {
  1: { name: 'wholesale_fact', from: RAW_WHOLESALE_SQL, source: 1, levels: withBrandType(['market', 'product', 'car']), yearToDate: false, sizeRank: RAW_RANK },
  2: {
    name: 'retail_fact',
    from: RAW_RETAIL_SQL,
    source: 2,
    levels: withBrandType(['market', 'product', 'car', 'province', 'city']),
    yearToDate: false,
    sizeRank: RAW_RANK,
  },
  price: {
    name: 'price_fact',
    from: RAW_PRICE_SQL,
    source: 'price',
    levels: withBrandType(['market', 'product', 'car', 'province', 'city', 'trimPrice']),
    yearToDate: false,
    sizeRank: RAW_RANK,
  },
};

/** A price rollup's values: volume, amounts, the trim-month's MSRP (the `msrp` filter), lowest and highest TP. */
const PRICE_VALUES = ['qty', 'tp_amount', 'msrp', 'msrp_amount', 'rebate_amount', 'rebate_qty', 'tp_min', 'tp_max'] as const;
/** The same values summed over finer rows of a price rollup. */
const PRICE_VALUES_SUMMED = `sum(qty) AS qty, sum(tp_amount) AS tp_amount, max(msrp) AS msrp, sum(msrp_amount) AS msrp_amount,
  sum(rebate_amount) AS rebate_amount, sum(rebate_qty) AS rebate_qty, min(tp_min) AS tp_min, max(tp_max) AS tp_max`;

const KEY_PRODUCT = {
  columns: [...CAR_CATALOG_COLUMNS, 'family_id', 'producer_property', 'brand_property', 'jll_type', 'fuel', 'body_type'],
  select: PRODUCT_COLUMNS,
  joins: PRODUCT_JOINS.replace('f.car_id', 'k.car_id'),
};

/** The attributes of a sub-series key (the city and province rollups). */
const SUB_SERIES_ATTRIBUTES = {
  columns: KEY_PRODUCT.columns.slice(1),
  select: `s.series_id, s.producer_brand_id, s.producer_id, s.brand_id, s.segment_id, b.family_id, p.property, b.property, b.jll_type, s.fuel, s.body_type`,
  joins: `JOIN sub_series s ON s.id = k.sub_series_id JOIN producer p ON p.id = s.producer_id JOIN brand b ON b.id = s.brand_id`,
};

const MARKET_KEYS = ['segment_id', 'fuel', 'producer_property'] as const;
/** A maker price rollup's key: producer-brand, segment and fuel, then the attributes that hang off the producer-brand. */
const MAKER_KEYS = [
  'producer_brand_id',
  'segment_id',
  'fuel',
  'producer_id',
  'brand_id',
  'family_id',
  'producer_property',
  'brand_property',
  'jll_type',
] as const;
const NO_ATTRIBUTES = { columns: [], select: '', joins: '' };

/**
 * The sales band rollups' monthly rows: the trim rollup's volume beside the trim-month's national TP (else
 * its MSRP, else the launch MSRP) and MSRP, rounded down to whole thousands in integer arithmetic:
 * floor(floor(a / q) / 1000) = floor(a / q / 1000).
 */
const CAR_BAND_MONTHLY = `SELECT r.month, r.car_id,
        coalesce(pc.tp_amount / nullif(pc.qty, 0), coalesce(mm.msrp, c.msrp)) / 1000 * 1000 AS tp_floor,
        coalesce(mm.msrp, c.msrp) / 1000 * 1000 AS msrp_floor, r.qty
      FROM rollup_retail_car r JOIN car c ON c.id = r.car_id
      LEFT JOIN rollup_price_car pc ON pc.month = r.month AND pc.car_id = r.car_id
      LEFT JOIN msrp_month mm ON mm.month = r.month AND mm.car_id = r.car_id
      WHERE r.month = ANY($1) AND r.qty <> 0`;

/**
 * Every rollup, once. In build order: each reads only the facts or rollups listed before it. The chooser
 * orders them by `sizeRank` instead.
 */
export const ROLLUP_TABLES: readonly RollupDeclaration[] = [
  {
    table: 'rollup_retail_car', // month × trim (~2,900)
    sizeRank: 30,
    levels: ['market', 'product', 'car'],
    source: 2,
    keys: ['car_id'],
    monthly: `SELECT month, car_id, sum(qty) AS qty FROM retail_fact WHERE month = ANY($1) GROUP BY month, car_id`,
    attributes: KEY_PRODUCT,
    yearToDate: true,
  },
  {
    table: 'rollup_wholesale_car', // month × trim
    sizeRank: 30,
    levels: ['market', 'product', 'car'],
    source: 1,
    keys: ['car_id'],
    monthly: `SELECT month, car_id, qty FROM wholesale_fact WHERE month = ANY($1)`,
    attributes: KEY_PRODUCT,
    yearToDate: true,
  },
  {
    // A city's trims (decision 294): the sales-proportion page in a city ranks its segment's trims there. Read
    // by the month and city leading its key, one range a month, where the facts keep a city's rows among every
    // other city's (their key leads with the trim). The key puts the segment before the trim (decision 295): the
    // page's trims of a segment in a city are one range of each month, a quarter of the city's rows.
    table: 'rollup_retail_city_car', // month × city × trim (~180,000 a month at the large scale)
    sizeRank: 110,
    levels: ['market', 'product', 'car', 'province', 'city'],
    source: 2,
    keys: ['city_id', 'car_id'],
    monthly: `SELECT month, city_id, car_id, sum(qty) AS qty FROM retail_fact WHERE month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier', ...KEY_PRODUCT.columns],
      select: `ci.province_id, pr.area_id, ci.tier, ${PRODUCT_COLUMNS}`,
      joins: `JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id ${KEY_PRODUCT.joins}`,
    },
    yearToDate: false,
  },
  {
    // Summed from the city × trim rollup, half the size of the facts it came from.
    table: 'rollup_retail_city', // month × city × sub-series (~115,000); no year-to-date rows: they would grow by half (sparse cities) for few readers
    sizeRank: 100,
    levels: ['market', 'product', 'province', 'city'],
    source: 2,
    keys: ['city_id', 'sub_series_id'],
    monthly: `SELECT month, city_id, sub_series_id, sum(qty) AS qty FROM rollup_retail_city_car WHERE month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier', ...SUB_SERIES_ATTRIBUTES.columns],
      select: `ci.province_id, pr.area_id, ci.tier, ${SUB_SERIES_ATTRIBUTES.select}`,
      joins: `JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id ${SUB_SERIES_ATTRIBUTES.joins}`,
    },
    yearToDate: false,
  },
  {
    // Summed from the city rollup, much smaller than the facts it came from.
    table: 'rollup_retail_province', // month × province × sub-series (~17,000)
    sizeRank: 70,
    levels: ['market', 'product', 'province'],
    source: 2,
    keys: ['province_id', 'sub_series_id'],
    monthly: `SELECT month, province_id, sub_series_id, sum(qty) AS qty FROM rollup_retail_city WHERE month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['area_id', ...SUB_SERIES_ATTRIBUTES.columns],
      select: `pr.area_id, ${SUB_SERIES_ATTRIBUTES.select}`,
      joins: `JOIN province pr ON pr.id = k.province_id ${SUB_SERIES_ATTRIBUTES.joins}`,
    },
    yearToDate: true,
  },
  {
    table: 'rollup_retail_sub_series', // month × sub-series (~600)
    sizeRank: 20,
    levels: ['market', 'product'],
    source: 2,
    keys: ['sub_series_id'],
    monthly: `SELECT month, sub_series_id, sum(qty) AS qty FROM rollup_retail_car WHERE month = ANY($1) GROUP BY 1, 2`,
    attributes: SUB_SERIES_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_wholesale_sub_series', // month × sub-series
    sizeRank: 20,
    levels: ['market', 'product'],
    source: 1,
    keys: ['sub_series_id'],
    monthly: `SELECT month, sub_series_id, sum(qty) AS qty FROM rollup_wholesale_car WHERE month = ANY($1) GROUP BY 1, 2`,
    attributes: SUB_SERIES_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_retail_market', // month × segment × fuel × producer property (~100)
    sizeRank: 10,
    levels: ['market'],
    source: 2,
    keys: MARKET_KEYS,
    monthly: `SELECT month, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_retail_sub_series WHERE month = ANY($1) GROUP BY 1, 2, 3, 4`,
    attributes: NO_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_wholesale_market', // month × segment × fuel × producer property
    sizeRank: 10,
    levels: ['market'],
    source: 1,
    keys: MARKET_KEYS,
    monthly: `SELECT month, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_wholesale_sub_series WHERE month = ANY($1) GROUP BY 1, 2, 3, 4`,
    attributes: NO_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_retail_province_market', // month × province × market (~3,000)
    sizeRank: 40,
    levels: ['market', 'province'],
    source: 2,
    keys: ['province_id', ...MARKET_KEYS],
    monthly: `SELECT month, province_id, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_retail_province
      WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5`,
    attributes: { columns: ['area_id'], select: 'pr.area_id', joins: 'JOIN province pr ON pr.id = k.province_id' },
    yearToDate: true,
  },
  {
    table: 'rollup_retail_city_market', // month × city × market (~30,000)
    sizeRank: 80,
    levels: ['market', 'province', 'city'],
    source: 2,
    keys: ['city_id', ...MARKET_KEYS],
    monthly: `SELECT month, city_id, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_retail_city
      WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier'],
      select: 'ci.province_id, pr.area_id, ci.tier',
      joins: 'JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id',
    },
    yearToDate: true,
  },
  {
    // Summed from the city rollup: the dashboard's city table (brandType) reads a thousand rows a month.
    table: 'rollup_retail_city_jll', // month × city × brand type (~1,000)
    // The dashboard's city table by brand type (decision 105). Smaller than the city market rollup but
    // ranked after it: a question both answer (cities, no brand type) keeps the city market rollup.
    sizeRank: 90,
    levels: ['brandType', 'province', 'city'],
    source: 2,
    keys: ['city_id', 'jll_type'],
    monthly: `SELECT month, city_id, jll_type, sum(qty) AS qty FROM rollup_retail_city WHERE month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier'],
      select: 'ci.province_id, pr.area_id, ci.tier',
      joins: 'JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id',
    },
    yearToDate: true,
  },
  {
    // Month × province × trim of the price facts (tier 1-2 cities carry TPs), MSRP and rebate joined on.
    table: 'rollup_price_province', // month × province × trim (~20,000 at the demo scale)
    sizeRank: 60,
    levels: ['market', 'product', 'car', 'province', 'trimPrice'],
    source: 'price',
    keys: ['province_id', 'car_id'],
    monthly: `SELECT f.month, ci.province_id, f.car_id,
        sum(f.qty) AS qty, sum(f.tp::bigint * f.qty) AS tp_amount, max(m.msrp) AS msrp, sum(m.msrp::bigint * f.qty) AS msrp_amount,
        coalesce(sum(rb.rebate::bigint * f.qty), 0) AS rebate_amount, sum(CASE WHEN rb.rebate IS NULL THEN 0 ELSE f.qty END) AS rebate_qty,
        min(f.tp) AS tp_min, max(f.tp) AS tp_max
      FROM price_fact f JOIN city ci ON ci.id = f.city_id ${PRICE_FACT_JOINS}
      WHERE f.month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['area_id', ...KEY_PRODUCT.columns],
      select: `pr.area_id, ${PRODUCT_COLUMNS}`,
      joins: `JOIN province pr ON pr.id = k.province_id ${KEY_PRODUCT.joins}`,
    },
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Summed from the province price rollup: the market's prices by region and province (no product, no trim).
    table: 'rollup_price_province_market', // month × province × market × brand type (~3,000)
    sizeRank: 40,
    levels: ['market', 'brandType', 'province'],
    source: 'price',
    keys: ['province_id', 'segment_id', 'fuel', 'producer_property', 'jll_type'],
    monthly: `SELECT month, province_id, segment_id, fuel, producer_property, jll_type, ${PRICE_VALUES_SUMMED}
      FROM rollup_price_province WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5, 6`,
    attributes: { columns: ['area_id'], select: 'pr.area_id', joins: 'JOIN province pr ON pr.id = k.province_id' },
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Summed from the province price rollup: each province's prices per producer-brand, segment and fuel.
    // The maker's attributes are keys too (each depends on the producer-brand), so no join is needed.
    table: 'rollup_price_province_maker', // month × province × producer-brand × segment × fuel (~12,000)
    sizeRank: 50,
    levels: ['market', 'brandType', 'maker', 'province'],
    source: 'price',
    keys: ['province_id', ...MAKER_KEYS],
    monthly: `SELECT month, province_id, ${MAKER_KEYS.join(', ')}, ${PRICE_VALUES_SUMMED}
      FROM rollup_price_province WHERE month = ANY($1) GROUP BY ${MAKER_KEYS.map((_, i) => i + 3).join(', ')}, 1, 2`,
    attributes: { columns: ['area_id'], select: 'pr.area_id', joins: 'JOIN province pr ON pr.id = k.province_id' },
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    table: 'rollup_price_car', // month × trim (~2,000)
    sizeRank: 30,
    levels: ['market', 'product', 'car', 'trimPrice'],
    source: 'price',
    keys: ['car_id'],
    monthly: `SELECT month, car_id, ${PRICE_VALUES_SUMMED} FROM rollup_price_province WHERE month = ANY($1) GROUP BY 1, 2`,
    attributes: KEY_PRODUCT,
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // The market's prices nationally (decision 122), summed from the trim price rollup: no sub-series, no
    // trim. Prices keep no year-to-date sums (a 累计 price reads up to twelve months of a small table).
    table: 'rollup_price_market', // month × market × brand type (~135)
    sizeRank: 10,
    levels: ['market', 'brandType'],
    source: 'price',
    keys: [...MARKET_KEYS, 'jll_type'],
    monthly: `SELECT month, ${MARKET_KEYS.join(', ')}, jll_type, ${PRICE_VALUES_SUMMED} FROM rollup_price_car WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5`,
    attributes: NO_ATTRIBUTES,
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Each producer-brand's prices nationally per segment and fuel, summed from the trim price rollup.
    table: 'rollup_price_maker', // month × producer-brand × segment × fuel (~550)
    sizeRank: 20,
    levels: ['market', 'brandType', 'maker'],
    source: 'price',
    keys: MAKER_KEYS,
    monthly: `SELECT month, ${MAKER_KEYS.join(', ')}, ${PRICE_VALUES_SUMMED}
      FROM rollup_price_car WHERE month = ANY($1) GROUP BY ${MAKER_KEYS.map((_, i) => i + 2).join(', ')}, 1`,
    attributes: NO_ATTRIBUTES,
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Keyed by the price pair, so the year-to-date sums are per price pair: a January-to-date band reads one month.
    table: 'rollup_retail_car_band', // month × trim × TP × MSRP in 千元 (~3,000-14,000)
    // Sales price bands only (no other question needs bandPrice); January to date reads one month.
    sizeRank: 60,
    levels: ['market', 'product', 'car', 'bandPrice'],
    source: 2,
    keys: ['car_id', 'tp_floor', 'msrp_floor'],
    monthly: CAR_BAND_MONTHLY,
    attributes: KEY_PRODUCT,
    yearToDate: true,
  },
  {
    // The same rows without the year-to-date carry rows (volume 0 in the months a pair did not sell).
    table: 'rollup_retail_car_band_month', // month × trim × TP × MSRP in 千元 (~2,000-3,300)
    // The months' own sales, no year-to-date rows: a band question that reads no January-to-date sum
    // (the structure pages' twelve months, a single month) takes it before the year-to-date one (decision 127).
    sizeRank: 50,
    levels: ['market', 'product', 'car', 'bandPrice'],
    source: 2,
    keys: ['car_id', 'tp_floor', 'msrp_floor'],
    monthly: CAR_BAND_MONTHLY,
    attributes: KEY_PRODUCT,
    yearToDate: false,
  },
];

/**
 * Every table the chooser may read, smallest rank first within each source: the declared rollups, then the raw
 * price facts, read where no rollup answers (a city's prices). Retail and wholesale have no such fallback: every
 * retail question has a rollup since the city × trim one (decision 294).
 */
export const ROLLUPS: readonly RollupDef[] = [
  ...ROLLUP_TABLES.map((t): RollupDef => ({
    name: t.table,
    from: t.table,
    source: t.source,
    levels: withBrandType(t.levels),
    yearToDate: t.yearToDate,
    sizeRank: t.sizeRank,
  })),
  RAW_FACTS.price,
].sort((a, b) => a.sizeRank - b.sizeRank);

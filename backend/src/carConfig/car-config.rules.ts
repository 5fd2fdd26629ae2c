/**
 * The configuration query's rules as pure functions: which trims pass the four filters, which are
 * pre-selected on a first load, the filters' option lists, and the category tables built from the sheet.
 */
import {
  type ConfigBlock,
  type ConfigColumn,
  type FigureKind,
  type ConfigOption,
  type ConfigQuery,
  type ConfigRow,
  LABEL_KEY,
  NONE_OPTION,
  UNEQUIPPED,
} from '@car/contracts';
import type { CategoryRow, ConfigItemRow, ConfigTrimRow, TrimCatalogueRow } from './car-config.repository';

/** A battery's filter value: '75.0' → '75', '60.5' → '60.5'; 无 without one. */
export function batteryValue(trim: Pick<ConfigTrimRow, 'batteryKwh'>): string {
  return trim.batteryKwh === null ? NONE_OPTION : String(Number(trim.batteryKwh));
}

export function engineValue(trim: Pick<ConfigTrimRow, 'engine'>): string {
  return trim.engine ?? NONE_OPTION;
}

type Filters = Pick<ConfigQuery, 'niankuan' | 'engin' | 'energy' | 'battery'>;

/** A trim passes when it matches every filter given; an absent or empty filter does not narrow. */
export function passesFilters(filters: Filters) {
  const batteries = filters.battery?.map((b) => (b === NONE_OPTION ? b : String(Number(b))));
  return (trim: ConfigTrimRow): boolean =>
    (!filters.niankuan?.length || filters.niankuan.includes(trim.modelYear)) &&
    (!filters.engin?.length || filters.engin.includes(engineValue(trim))) &&
    (!filters.energy?.length || filters.energy.includes(trim.fuel)) &&
    (!batteries?.length || batteries.includes(batteryValue(trim)));
}

/** On sale (在售) in the month: not ended before it. With no month of data every trim counts as on sale. */
export function isOnSale(trim: Pick<ConfigTrimRow, 'endMonth'>, month: number | null): boolean {
  return month === null || trim.endMonth === null || trim.endMonth >= month;
}

/**
 * The trims pre-selected on a first load (decision 66): per sub-series, those on sale of its newest model
 * year on sale; a sub-series with none on sale, the trims of its newest model year. Among `trims` (the
 * ones passing the filters), sub-series in the order given, each by MSRP.
 */
export function defaultSelection<T extends ConfigTrimRow>(trims: readonly T[], subSeriesIds: readonly number[], month: number | null): T[] {
  return subSeriesIds.flatMap((id) => {
    const own = trims.filter((t) => t.subSeriesId === id);
    const onSale = own.filter((t) => isOnSale(t, month));
    const pool = onSale.length > 0 ? onSale : own;
    const newest = Math.max(...pool.map((t) => t.modelYear));
    return pool.filter((t) => t.modelYear === newest);
  });
}

/** The four option lists, from every trim of the chosen sub-series (so a filter can always be widened again). */
export function optionLists(
  trims: readonly ConfigTrimRow[],
  fuelNames: ReadonlyMap<number, string>,
): {
  niankuan: ConfigOption[];
  engines: ConfigOption[];
  energies: ConfigOption[];
  batteries: ConfigOption[];
} {
  const distinct = <T>(values: T[]): T[] => [...new Set(values)];
  const years = distinct(trims.map((t) => t.modelYear)).sort((a, b) => b - a);
  const engines = distinct(trims.map(engineValue)).sort((a, b) => (a === NONE_OPTION ? 1 : b === NONE_OPTION ? -1 : a.localeCompare(b)));
  const fuels = distinct(trims.map((t) => t.fuel)).sort((a, b) => a - b);
  const batteries = distinct(trims.map(batteryValue)).sort((a, b) => (a === NONE_OPTION ? 1 : b === NONE_OPTION ? -1 : Number(a) - Number(b)));
  return {
    niankuan: years.map((y) => ({ value: String(y), label: `${y}款` })),
    engines: engines.map((e) => ({ value: e, label: e === NONE_OPTION ? '无（纯电动）' : e })),
    energies: fuels.map((f) => ({ value: String(f), label: fuelNames.get(f) ?? String(f) })),
    batteries: batteries.map((b) => ({ value: b, label: b === NONE_OPTION ? '无' : `${b}kWh` })),
  };
}

/**
 * One table per first-level category, rows nested under their parents (layer 2 and 3), one value per
 * column in column order; a trim with no value in a row shows UNEQUIPPED. Plain loops: a five-sub-series
 * comparison is 363 rows × 200 columns, and the first call after a start runs this before V8 has
 * optimised it (decision 183).
 */
export function buildBlocks(
  categories: readonly CategoryRow[],
  items: readonly ConfigItemRow[],
  columns: ReadonlyArray<Pick<ConfigColumn, 'carJllCode'> & { carId: number }>,
  values: ReadonlyMap<number, Readonly<Record<string, string>>>,
): ConfigBlock[] {
  const headerData = [LABEL_KEY, ...columns.map((c) => c.carJllCode)];
  const sheets = columns.map((c) => values.get(c.carId));
  const blocks = new Map<number, ConfigBlock>(categories.map((c) => [c.id, { id: c.id, desc: c.name, headerData, data: [] }]));
  const rows = new Map<number, ConfigRow>();
  for (const item of items) {
    const key = String(item.id);
    const cells = new Array<string>(sheets.length);
    for (let i = 0; i < sheets.length; i++) cells[i] = sheets[i]?.[key] ?? UNEQUIPPED;
    const row: ConfigRow = { id: item.id, layer: item.layer, desc: item.name, values: cells, data: [] };
    rows.set(item.id, row);
    const parent = item.parentId === null ? undefined : rows.get(item.parentId);
    if (parent) parent.data.push(row);
    else blocks.get(item.categoryId)?.data.push(row);
  }
  return [...blocks.values()].filter((block) => block.data.length > 0);
}

/**
 * The frozen header rows under the trims' names: sub-series, MSRP, and the month's volume and TP (万元),
 * each with its kind, so the page's text and the workbook's number cells read one definition.
 * `monthLabel` is the month of the volume and TP ('2026-10'), null without retail data.
 */
export interface FreezeLine {
  desc: string;
  kind: 'text' | FigureKind;
  value: (column: ConfigColumn) => string | number | null;
}

export function freezeLines(monthLabel: string | null): FreezeLine[] {
  const when = monthLabel === null ? '' : ` ${monthLabel}`;
  return [
    { desc: '子车系', kind: 'text', value: (c) => c.subSeriesName },
    { desc: '厂商指导价(万元)', kind: 'tenThousand', value: (c) => c.msrp },
    { desc: `零售量(辆)${when}`, kind: 'count', value: (c) => c.retailQty },
    { desc: `加权成交价(万元)${when}`, kind: 'tenThousand', value: (c) => c.tp },
  ];
}

/** The category whose rows name the trim (车型名称, 厂商, 级别 …). */
export const BASIC_INFO = '基本信息';

/**
 * The 基本信息 rows that repeat what the catalogue holds, each read from the catalogue (decision 142): 厂商 is
 * the trim's producer, not its brand; a row of the sheet by one of these labels shows
 * the catalogue's value, whatever the sheet stored.
 */
export const CATALOGUE_ROWS: Readonly<Record<string, (trim: TrimCatalogueRow) => string>> = {
  车型名称: (t) => `${t.subSeries} ${t.name}`,
  厂商: (t) => t.producer,
  品牌: (t) => t.brand,
  车系: (t) => t.series,
  级别: (t) => t.segment,
  上市时间: (t) => `${Math.floor(t.launchMonth / 100)}.${String(t.launchMonth % 100).padStart(2, '0')}`,
  年款: (t) => `${t.modelYear}款`,
};

/** The blocks with the 基本信息 rows of CATALOGUE_ROWS read from the catalogue, for the columns' trims in order. */
export function withCatalogue(blocks: readonly ConfigBlock[], trims: readonly TrimCatalogueRow[]): ConfigBlock[] {
  return blocks.map((block) => {
    if (block.desc !== BASIC_INFO) return block;
    return {
      ...block,
      data: block.data.map((row) => {
        const fact = row.layer === 1 ? CATALOGUE_ROWS[row.desc] : undefined;
        return fact ? { ...row, values: trims.map(fact) } : row;
      }),
    };
  });
}

import type { FactImportKind, ImportColumn } from '@car/contracts';
import type { MonthData } from '../reference/calendar.repository';

/**
 * What each fact kind writes: its table, the columns a row fills (the staging table has the same ones and
 * the file's line), the natural key a duplicate repeats, and the data_month flag that shows the month in
 * the calendars (MSRP has none: it travels with the prices).
 */
export interface ImportKindDef {
  table: string;
  /** Fact columns in the order a validated row's values come. */
  columns: readonly string[];
  /** The columns that make a row unique within a file (the table's primary key). */
  key: readonly string[];
  flag: MonthData | null;
  /** The file column each fact column comes from. */
  source: ReadonlyArray<ImportColumn['key']>;
}

export const IMPORT_KIND_DEFS: Record<FactImportKind, ImportKindDef> = {
  retail: {
    table: 'retail_fact',
    columns: ['month', 'car_id', 'city_id', 'use_nature', 'ownership', 'colour', 'qty'],
    key: ['month', 'car_id', 'city_id', 'use_nature', 'ownership', 'colour'],
    flag: 'retail',
    source: ['month', 'car', 'city', 'useNature', 'ownership', 'colour', 'qty'],
  },
  wholesale: { table: 'wholesale_fact', columns: ['month', 'car_id', 'qty'], key: ['month', 'car_id'], flag: 'wholesale', source: ['month', 'car', 'qty'] },
  price: {
    table: 'price_fact',
    columns: ['month', 'car_id', 'city_id', 'tp', 'qty'],
    key: ['month', 'car_id', 'city_id'],
    flag: 'price',
    source: ['month', 'car', 'city', 'tp', 'qty'],
  },
  msrp: { table: 'msrp_month', columns: ['month', 'car_id', 'msrp'], key: ['month', 'car_id'], flag: null, source: ['month', 'car', 'msrp'] },
  rebate: { table: 'rebate_month', columns: ['month', 'car_id', 'rebate'], key: ['month', 'car_id'], flag: 'rebate', source: ['month', 'car', 'rebate'] },
};

import {
  CATALOG_DICTIONARY_OF,
  CATALOG_KEY_COLUMNS,
  CATALOG_NONE,
  CATALOG_ON_SALE,
  ENGINE_PATTERN,
  IMPORT_COLUMNS,
  JLL_LABELS,
  formatMonth,
  type CatalogColumnKey,
  type ImportColumn,
} from '@car/contracts';
import { readMonth, type RowProblem } from './row-validator';

/** What a catalog file's rows are checked against, loaded once per import. */
export interface CatalogReference {
  producers: ReadonlySet<string>;
  brands: ReadonlySet<string>;
  /** Segment name or id (as text) → id. */
  segments: ReadonlyMap<string, number>;
  /** Dictionary type → key or label → key. */
  dictionaries: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Sub-series code → name. */
  subSeries: ReadonlyMap<string, string>;
  /** Trim codes. */
  cars: ReadonlySet<string>;
  /** Brand family (品牌系别) name or id (as text) → id. */
  families: ReadonlyMap<string, number>;
  /** The engines of the dicEngine dictionary (1.5T …). */
  engines: ReadonlySet<string>;
  /** Trim code → its end month, for the trims that have one. */
  ended: ReadonlyMap<string, number>;
}

/**
 * One checked row of a catalog file: a trim, its sub-series and their parents by name. An absent field was
 * left empty: an existing row keeps its value (decision 117). null clears (decision 120): 发动机, 电池容量 and
 * 排放标准 given as 无; 停产月份 empty (or 在售) in a file that has the column.
 */
export interface CatalogRow {
  line: number;
  subCode: string;
  car: string;
  producer?: string;
  producerProperty?: number;
  producerInitial?: string;
  producerType?: number;
  brand?: string;
  brandProperty?: number;
  brandInitial?: string;
  brandFamily?: number;
  brandGroup?: string;
  brandType?: number;
  series?: string;
  subName?: string;
  initial?: string;
  segment?: number;
  carName?: string;
  modelYear?: number;
  msrp?: number;
  fuel?: number;
  bodyType?: number;
  gearbox?: number;
  drive?: number;
  modelLevel?: number;
  seats?: number;
  engine?: string | null;
  battery?: number | null;
  emissionStandard?: number | null;
  launch?: number;
  end?: number | null;
}

type Field = Exclude<keyof CatalogRow, 'line'>;
/** What a new sub-series needs, given in at least one of its rows. */
const SUB_FIELDS: readonly Field[] = ['producer', 'brand', 'series', 'subName', 'initial', 'segment'];
/** What a new trim needs. */
const CAR_FIELDS: readonly Field[] = ['carName', 'modelYear', 'msrp', 'fuel', 'bodyType', 'gearbox', 'drive', 'modelLevel', 'seats', 'launch'];
/** What a new producer needs, given in at least one of its rows. */
const PRODUCER_FIELDS: readonly Field[] = ['producerProperty', 'producerInitial', 'producerType'];
/** What a new brand needs. */
const BRAND_FIELDS: readonly Field[] = ['brandProperty', 'brandInitial', 'brandFamily', 'brandGroup', 'brandType'];
/** Fields that belong to a parent and must agree across the parent's rows: the parent's key field first. */
const SHARED: ReadonlyArray<{ key: Field; fields: readonly Field[]; label: string }> = [
  { key: 'subCode', fields: SUB_FIELDS, label: '子车系' },
  { key: 'producer', fields: PRODUCER_FIELDS, label: '厂商' },
  { key: 'brand', fields: BRAND_FIELDS, label: '品牌' },
];
/** The trim columns a 无 clears. */
const CLEARABLE: readonly Field[] = ['engine', 'battery', 'emissionStandard'];

const LIMITS: Partial<Record<Field, number>> = { subCode: 16, car: 20, producer: 64, brand: 64, brandGroup: 32, series: 64, subName: 64, carName: 128 };
const WHOLE = /^\d{1,10}$/;
const BATTERY = /^\d{1,4}(\.\d)?$/;
/** 厂商类型 / 品牌类型: code or label → jll_type. */
const JLL_TYPES = new Map<string, number>(
  Object.entries(JLL_LABELS).flatMap(([code, label]) => [
    [code, Number(code)],
    [label, Number(code)],
  ]),
);

/**
 * Checks a catalog file (decision 117): the header (its key columns must be there, the others may be left
 * out), each cell (names of known producers and brands, dictionary codes or labels, segments, numbers,
 * months), then across rows: a trim code twice, a parent's attributes that disagree between its rows, a
 * sub-series code neither in the system nor defined by the file, a new trim without its attributes, a
 * sub-series name taken by another. Rows with a problem are left out; the rest are the file's valid rows.
 */
export class CatalogValidator {
  private readonly columns = IMPORT_COLUMNS.catalog;
  private indexes: number[] = [];
  /** Whether the file has 停产月份: then an empty cell there means on sale (decision 120). */
  private hasEnd = false;

  constructor(private readonly reference: CatalogReference) {}

  header(cells: readonly string[], line: number): RowProblem[] {
    const names = cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
    this.indexes = this.columns.map((c) => names.indexOf(c.header));
    this.hasEnd = this.indexes[this.columns.findIndex((c) => c.key === 'end')] >= 0;
    return this.columns
      .filter((c, i) => this.indexes[i] < 0 && CATALOG_KEY_COLUMNS.includes(c.key))
      .map((c) => ({ line, column: c.header, level: 'error' as const, message: `缺少列「${c.header}」：请使用导入模板的表头` }));
  }

  /** One row's cells into a CatalogRow, or null with its problems added. */
  row(cells: readonly string[], line: number, problems: RowProblem[]): CatalogRow | null {
    const row: Record<string, unknown> = { line };
    let ok = true;
    this.columns.forEach((column, i) => {
      const raw = this.indexes[i] < 0 ? undefined : cells[this.indexes[i]];
      const text = raw === undefined ? '' : raw.trim();
      const key = column.key as Field;
      if (key === 'end' && this.hasEnd && (text === '' || text === CATALOG_ON_SALE)) {
        row.end = null;
        return;
      }
      if (text === '') {
        if (CATALOG_KEY_COLUMNS.includes(column.key)) {
          problems.push({ line, column: column.header, level: 'error', message: `${column.header}为空` });
          ok = false;
        }
        return;
      }
      if (text === CATALOG_NONE && CLEARABLE.includes(key)) {
        row[key] = null;
        return;
      }
      const value = this.value(column, text);
      if (typeof value === 'object') {
        problems.push({ line, column: column.header, level: 'error', message: value.error });
        ok = false;
      } else row[key] = value;
    });
    return ok ? (row as unknown as CatalogRow) : null;
  }

  /**
   * The rows that pass the checks across the file; the others' problems added, and the warnings of the valid
   * ones: a new engine (added to the dictionary), a trim an empty 停产月份 puts back on sale.
   */
  across(rows: readonly CatalogRow[], problems: RowProblem[]): CatalogRow[] {
    const header = (key: Field): string => this.columns.find((c) => c.key === key)!.header;
    const bad = new Set<number>();
    const fail = (row: CatalogRow, key: Field, message: string): void => {
      problems.push({ line: row.line, column: header(key), level: 'error', message });
      bad.add(row.line);
    };
    const warn = (row: CatalogRow, key: Field, message: string): void => {
      problems.push({ line: row.line, column: header(key), level: 'warning', message });
    };
    // A trim code twice: every repeat names the first row.
    const firstCar = new Map<string, CatalogRow>();
    for (const row of rows) {
      const first = firstCar.get(row.car);
      if (first) fail(row, 'car', `车型代码「${row.car}」与第 ${first.line} 行重复`);
      else firstCar.set(row.car, row);
    }
    // A parent's attributes must agree between its rows; the parent takes the first row's values.
    const parents = new Map<string, Map<string, { line: number; value: unknown }>>();
    for (const shared of SHARED) {
      for (const row of rows) {
        const id = row[shared.key];
        if (id === undefined || bad.has(row.line)) continue;
        const seen = parents.get(`${shared.key}:${id}`) ?? new Map<string, { line: number; value: unknown }>();
        parents.set(`${shared.key}:${id}`, seen);
        for (const field of shared.fields) {
          const value = row[field];
          if (value === undefined) continue;
          const earlier = seen.get(field);
          if (!earlier) seen.set(field, { line: row.line, value });
          else if (earlier.value !== value) fail(row, field, `与第 ${earlier.line} 行${shared.label}「${String(id)}」的${header(field)}不一致`);
        }
      }
    }
    // A sub-series name belongs to one code, in the system and in the file.
    const nameOwner = new Map<string, string>();
    for (const [code, name] of this.reference.subSeries) nameOwner.set(name, code);
    for (const [key, seen] of parents) {
      if (!key.startsWith('subCode:')) continue;
      const name = seen.get('subName');
      if (name && !nameOwner.has(String(name.value))) nameOwner.set(String(name.value), key.slice('subCode:'.length));
    }
    for (const row of rows) {
      if (bad.has(row.line)) continue;
      const seen = parents.get(`subCode:${row.subCode}`);
      for (const [key, known, fields, label] of [
        ['producer', this.reference.producers, PRODUCER_FIELDS, '厂商'],
        ['brand', this.reference.brands, BRAND_FIELDS, '品牌'],
      ] as const) {
        const name = row[key];
        if (name === undefined || known.has(name) || bad.has(row.line)) continue;
        const given = parents.get(`${key}:${name}`);
        const missing = fields.filter((field) => !given?.has(field)).map(header);
        if (missing.length > 0) fail(row, key, `新${label}「${name}」须填写${missing.join('、')}（系统中没有该${label}）`);
      }
      if (bad.has(row.line)) continue;
      if (row.subName !== undefined && nameOwner.get(row.subName) !== row.subCode) {
        fail(row, 'subName', `子车系名称「${row.subName}」已属于子车系「${nameOwner.get(row.subName)}」`);
      } else if (!this.reference.subSeries.has(row.subCode)) {
        const missing = SUB_FIELDS.filter((field) => !seen?.has(field)).map(header);
        if (missing.length > 0) fail(row, 'subCode', `未知的子车系代码「${row.subCode}」：系统中没有，文件中也未给出其${missing.join('、')}`);
      }
      if (!bad.has(row.line) && !this.reference.cars.has(row.car)) {
        const missing = CAR_FIELDS.filter((field) => row[field] === undefined).map(header);
        if (missing.length > 0) fail(row, 'car', `新车型「${row.car}」须填写${missing.join('、')}`);
      }
      if (!bad.has(row.line) && row.end != null && row.launch !== undefined && row.end < row.launch) {
        fail(row, 'end', `停产月份 ${formatMonth(row.end)} 早于上市月份 ${formatMonth(row.launch)}`);
      }
    }
    const newEngines = new Set<string>();
    for (const row of rows) {
      if (bad.has(row.line)) continue;
      if (row.engine && !this.reference.engines.has(row.engine) && !newEngines.has(row.engine)) {
        newEngines.add(row.engine);
        warn(row, 'engine', `发动机「${row.engine}」不在发动机字典中：将作为新发动机加入`);
      }
      const ended = this.reference.ended.get(row.car);
      if (row.end === null && ended !== undefined) warn(row, 'end', `停产月份为空：车型「${row.car}」将改为在售（原停产月份 ${formatMonth(ended)}）`);
    }
    return rows.filter((row) => !bad.has(row.line));
  }

  /** A cell's value, or what is wrong with it. */
  private value(column: ImportColumn, text: string): string | number | { error: string } {
    const key = column.key as CatalogColumnKey | 'car' | 'msrp';
    const shown = text.slice(0, 20);
    const dictionary = CATALOG_DICTIONARY_OF[key as CatalogColumnKey];
    if (dictionary) return this.reference.dictionaries.get(dictionary)?.get(text) ?? { error: `未知的${column.header}「${shown}」` };
    switch (key) {
      case 'brandFamily':
        return this.reference.families.get(text) ?? { error: `未知的品牌系别「${shown}」` };
      case 'producerType':
      case 'brandType':
        return JLL_TYPES.get(text) ?? { error: `未知的${column.header}「${shown}」：应为 0 合资、1 自主 或 2 新创` };
      case 'producerInitial':
      case 'brandInitial':
        return /^[A-Za-z]$/.test(text) ? text.toUpperCase() : { error: `${column.header}「${shown}」应为一个字母 A-Z` };
      case 'engine':
        return this.reference.engines.has(text) || ENGINE_PATTERN.test(text)
          ? text
          : { error: `发动机「${shown}」应为排量加 L 或 T，如 1.5T、2.0L；没有发动机填「${CATALOG_NONE}」` };
      case 'battery': {
        const kwh = BATTERY.test(text) ? Number(text) : NaN;
        return kwh > 0 ? kwh : { error: `电池容量「${shown}」应为正数（kWh，最多一位小数）；没有动力电池填「${CATALOG_NONE}」` };
      }
      case 'segment':
        return this.reference.segments.get(text) ?? { error: `未知的细分市场「${shown}」` };
      case 'initial':
        return /^[A-Za-z]$/.test(text) ? text.toUpperCase() : { error: `首字母「${shown}」应为一个字母 A-Z` };
      case 'launch':
      case 'end': {
        const month = readMonth(text);
        return month ?? { error: `${column.header}「${shown}」应为 YYYY-MM 格式` };
      }
      case 'modelYear': {
        const year = WHOLE.test(text) ? Number(text) : NaN;
        return year >= 1990 && year <= 2100 ? year : { error: `年款「${shown}」应为四位年份` };
      }
      case 'msrp':
      case 'seats': {
        const clean = text.replace(/,/g, '');
        const value = WHOLE.test(clean) ? Number(clean) : NaN;
        const max = key === 'seats' ? 99 : 2_000_000_000;
        return value > 0 && value <= max ? value : { error: `${column.header}「${shown}」应为正整数` };
      }
      default: {
        const limit = LIMITS[key as Field] ?? 64;
        return text.length <= limit ? text : { error: `${column.header}不能超过 ${limit} 个字` };
      }
    }
  }
}

import { IMPORT_COLUMNS, formatMonth, type FactImportKind, type ImportColumn } from '@car/contracts';
import { IMPORT_KIND_DEFS } from './import-kinds';

/** The reference codes a file's rows are checked against, loaded once per import. */
export interface ImportReference {
  /** 6-digit city codes. */
  cities: ReadonlySet<number>;
  /** Trim code (car.jll_code) → car id. */
  cars: ReadonlyMap<string, number>;
  /** Dictionary key or label → key, for useNature, owner and colour. */
  useNature: ReadonlyMap<string, number>;
  owner: ReadonlyMap<string, number>;
  colour: ReadonlyMap<string, number>;
}

/** One problem of one line, as import_problem keeps it. */
export interface RowProblem {
  line: number;
  column: string;
  level: 'error' | 'warning';
  message: string;
}

const MONTH_TEXT = /^(\d{4})\s*[-/.年]?\s*(\d{1,2})\s*月?$/;
const WHOLE = /^\d{1,10}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** 'YYYY-MM', 'YYYYMM', 'YYYY/MM', '2026年10月' → YYYYMM, or null. */
export function readMonth(text: string): number | null {
  const match = MONTH_TEXT.exec(text);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? Number(match[1]) * 100 + month : null;
}

/**
 * Checks a file's rows against the reference codes and the declared month range, in Node, before anything is
 * written: the header first (every column the kind needs, found by its Chinese name, in any order), then each
 * row into the fact's values or its problems. Duplicates and price warnings need the whole file and are
 * found in SQL afterwards (DataImportRepository).
 */
export class RowValidator {
  private readonly columns: readonly ImportColumn[];
  private readonly sources: ReadonlyArray<ImportColumn['key']>;
  private indexes: number[] = [];
  /** The header of each source column. */
  private readonly names: string[];
  private readonly from: number;
  private readonly to: number;

  constructor(
    private readonly kind: FactImportKind,
    months: { from: number; to: number },
    private readonly reference: ImportReference,
  ) {
    this.columns = IMPORT_COLUMNS[kind];
    this.sources = IMPORT_KIND_DEFS[kind].source;
    this.names = this.sources.map((key) => this.columns.find((c) => c.key === key)!.header);
    this.from = months.from;
    this.to = months.to;
  }

  /** Reads the header row: the problems of a missing column (line 1), none when every column is found. */
  header(cells: readonly string[], line: number): RowProblem[] {
    const names = cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
    const problems: RowProblem[] = [];
    this.indexes = this.names.map((header) => {
      const index = names.indexOf(header);
      if (index < 0) problems.push({ line, column: header, level: 'error', message: `缺少列「${header}」：请使用导入模板的表头` });
      return index;
    });
    return problems;
  }

  /** The row's fact values (in the kind's column order), or null with its problems added to `problems`. */
  row(cells: readonly string[], line: number, problems: RowProblem[]): number[] | null {
    const values = new Array<number>(this.sources.length);
    let ok = true;
    for (let i = 0; i < this.sources.length; i++) {
      const raw = cells[this.indexes[i]];
      const text = raw === undefined ? '' : raw.trim();
      const value = this.value(this.sources[i], this.names[i], text);
      if (typeof value === 'string') {
        problems.push({ line, column: this.names[i], level: 'error', message: value });
        ok = false;
      } else values[i] = value;
    }
    return ok ? values : null;
  }

  /** A cell's value, or the Chinese message of what is wrong with it. */
  private value(key: ImportColumn['key'], name: string, text: string): number | string {
    if (text === '') return `${name}为空`;
    switch (key) {
      case 'month': {
        const month = readMonth(text);
        if (month === null) return `月份「${text.slice(0, 20)}」应为 YYYY-MM 格式`;
        if (month < this.from || month > this.to) return `月份 ${formatMonth(month)} 不在声明的区间 ${formatMonth(this.from)} 至 ${formatMonth(this.to)} 内`;
        return month;
      }
      case 'city': {
        const city = WHOLE.test(text) ? Number(text) : NaN;
        return this.reference.cities.has(city) ? city : `未知的城市代码「${text.slice(0, 20)}」`;
      }
      case 'car':
        return this.reference.cars.get(text) ?? `未知的车型代码「${text.slice(0, 20)}」`;
      case 'useNature':
        return this.reference.useNature.get(text) ?? `未知的使用性质「${text.slice(0, 20)}」`;
      case 'ownership':
        return this.reference.owner.get(text) ?? `未知的所有权「${text.slice(0, 20)}」`;
      case 'colour':
        return this.reference.colour.get(text) ?? `未知的颜色「${text.slice(0, 20)}」`;
      case 'rebate':
        return this.amount(name, text, 0);
      default:
        return this.amount(name, text, 1);
    }
  }

  /** A whole amount of at least `min` (quantities and prices > 0, rebates ≥ 0). */
  private amount(name: string, text: string, min: number): number | string {
    const clean = text.replace(/,/g, '');
    if (!NUMBER.test(clean)) return `${name}「${text.slice(0, 20)}」不是数字`;
    const value = Number(clean);
    if (value < 0) return `${name}不能为负数`;
    if (!Number.isInteger(value) || value > 2_000_000_000) return `${name}应为整数`;
    if (value < min) return `${name}应大于 0`;
    return value;
  }
}

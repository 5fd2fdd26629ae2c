import { CONFIG_MAX_TRIMS, CONFIG_PATH_SEPARATOR, CONFIG_VALUE_MAX, IMPORT_COLUMNS, IMPORT_MESSAGES } from '@car/contracts';
import type { RowProblem } from './row-validator';

/** What a configuration file is checked against, loaded once per import. */
export interface ConfigReference {
  /** Trim code → car id. */
  cars: ReadonlyMap<string, number>;
  /** Category names. */
  categories: ReadonlySet<string>;
  /** configItemKey(category, path) → item id. */
  items: ReadonlyMap<string, number>;
}

/** One value of a configuration file: the trim, the item, what the sheet shows. */
export type ConfigCell = readonly [carId: number, itemId: number, value: string];

/** An item's path as the file writes it, whatever the spaces around the separator. */
export function configPath(levels: readonly string[]): string {
  return levels.map((level) => level.trim()).join(CONFIG_PATH_SEPARATOR);
}

/** The key of an item by its category and path ('座椅加热 > 前排', or '座椅加热>前排'). */
export function configItemKey(category: string, path: string): string {
  return `${category.trim()}\u0000${configPath(path.split(CONFIG_PATH_SEPARATOR.trim()))}`;
}

/**
 * Checks a configuration file (decision 119), row by row as it streams: the header (配置类别 and 配置项, then
 * one column a trim, headed by a known trim code, each trim once), then each row (a known category, an item of
 * it, the item once in the file, values of at most CONFIG_VALUE_MAX characters). A row with a problem is left
 * out whole; the others' non-empty cells are the file's values.
 */
export class ConfigValidator {
  private readonly categoryHeader = IMPORT_COLUMNS.config[0].header;
  private readonly itemHeader = IMPORT_COLUMNS.config[1].header;
  private categoryAt = -1;
  private itemAt = -1;
  /** The trim columns: index in the row, header, car id. */
  private trims: Array<{ at: number; header: string; carId: number }> = [];
  /** Item id → the line that gave it first. */
  private readonly seen = new Map<number, number>();

  constructor(private readonly reference: ConfigReference) {}

  /** How many trim columns the header named (after header()). */
  get trimCount(): number {
    return this.trims.length;
  }

  header(cells: readonly string[], line: number): RowProblem[] {
    const names = cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
    const problems: RowProblem[] = [];
    this.categoryAt = names.indexOf(this.categoryHeader);
    this.itemAt = names.indexOf(this.itemHeader);
    for (const [at, header] of [
      [this.categoryAt, this.categoryHeader],
      [this.itemAt, this.itemHeader],
    ] as const) {
      if (at < 0) problems.push({ line, column: header, level: 'error', message: `缺少列「${header}」：请使用导入模板的表头` });
    }
    const first = new Map<string, number>();
    names.forEach((name, at) => {
      if (at === this.categoryAt || at === this.itemAt || name === '') return;
      const carId = this.reference.cars.get(name);
      if (carId === undefined) {
        problems.push({
          line,
          column: name.slice(0, 32),
          level: 'error',
          message: `未知的车型代码「${name.slice(0, 20)}」：除配置类别、配置项外，每列的表头应为车型代码`,
        });
      } else if (first.has(name)) {
        problems.push({ line, column: name, level: 'error', message: `车型代码「${name}」与第 ${first.get(name)! + 1} 列重复：每个车型只能有一列` });
      } else {
        first.set(name, at);
        this.trims.push({ at, header: name, carId });
      }
    });
    if (problems.length === 0 && this.trims.length === 0) {
      problems.push({ line, column: '', level: 'error', message: '表头中没有车型代码列：配置类别、配置项之后，每列的表头应为一个车型代码' });
    }
    if (this.trims.length > CONFIG_MAX_TRIMS) problems.push({ line, column: '', level: 'error', message: IMPORT_MESSAGES.configTooManyTrims });
    return problems;
  }

  /** The row's non-empty values, or null with its problems added. */
  row(cells: readonly string[], line: number, problems: RowProblem[]): ConfigCell[] | null {
    const before = problems.length;
    const text = (at: number): string => (cells[at] ?? '').trim();
    const category = text(this.categoryAt);
    const path = text(this.itemAt);
    let itemId: number | undefined;
    if (category === '') problems.push({ line, column: this.categoryHeader, level: 'error', message: '配置类别为空' });
    else if (!this.reference.categories.has(category))
      problems.push({ line, column: this.categoryHeader, level: 'error', message: `未知的配置类别「${category.slice(0, 20)}」` });
    if (path === '') problems.push({ line, column: this.itemHeader, level: 'error', message: '配置项为空' });
    else if (problems.length === before) {
      itemId = this.reference.items.get(configItemKey(category, path));
      if (itemId === undefined) {
        problems.push({
          line,
          column: this.itemHeader,
          level: 'error',
          message: `未知的配置项「${path.slice(0, 40)}」：配置类别「${category}」下没有该项（子项请写出上级路径，如 上级${CONFIG_PATH_SEPARATOR}子项）`,
        });
      } else if (this.seen.has(itemId)) {
        problems.push({ line, column: this.itemHeader, level: 'error', message: `与第 ${this.seen.get(itemId)} 行重复：同一配置项只能有一行` });
      } else this.seen.set(itemId, line);
    }
    const values: ConfigCell[] = [];
    for (const trim of this.trims) {
      const value = text(trim.at);
      if (value === '') continue;
      if (value.length > CONFIG_VALUE_MAX) problems.push({ line, column: trim.header, level: 'error', message: `配置值不能超过 ${CONFIG_VALUE_MAX} 个字` });
      else if (itemId !== undefined) values.push([trim.carId, itemId, value]);
    }
    return problems.length === before ? values : null;
  }
}

import {
  cellsOf,
  columnIndexes,
  type ConfigBlock,
  type ConfigColumn,
  type ConfigRow,
  type ConfigTable,
  configViewLabels,
  type HeaderTag,
  trimTitle,
} from '@car/contracts';
import type { DeckColumn, DeckSlide, TableSlide } from '../deck/deck.writer';
import { TABLE_ROWS_PER_SLIDE } from '../deck/deck.style';
import { freezeLines } from './car-config.rules';

/**
 * The slides of 配置查询 (decisions 219, 273): the compared trims' market verdict, then the configuration sheet
 * as the page shows it (its columns in its order, its two checkboxes applied — by default the items that
 * differ): one table running through the categories, each category a bold heading row, its trims a sub-series
 * or a few at a time, each trim's head naming its sub-series.
 */

/** Trim columns on one slide of the sheet, beside the item column: a sub-series of about ten trims on one slide. */
export const CONFIG_TRIMS_PER_SLIDE = 10;

/** A sheet row as a slide shows it: the item indented by its layer, its values in the page's columns; a category's heading has none. */
export interface ConfigSheetRow {
  item: string;
  values: string[];
  /** The category's heading row (its name in bold, across an empty row). */
  heading?: boolean;
}

/** The rows of a category, depth first, each sub-row indented (as the workbook and the page indent them). */
export function sheetRows(block: ConfigBlock, codes: readonly string[]): ConfigSheetRow[] {
  const at = columnIndexes(block.headerData, codes);
  const walk = (rows: readonly ConfigRow[]): ConfigSheetRow[] =>
    rows.flatMap((row) => [{ item: `${'　'.repeat(row.layer - 1)}${row.desc}`, values: cellsOf(row, at) }, ...walk(row.data)]);
  return walk(block.data);
}

/**
 * The market verdict: one row per compared trim in the page's column order, its sub-series, MSRP and the
 * month's retail volume and TP — the page's frozen head rows (freezeLines, one definition) as columns, so each
 * figure keeps its display rule.
 */
export function verdictSlide(table: ConfigTable): TableSlide<ConfigColumn> {
  const lines: Array<DeckColumn<ConfigColumn>> = freezeLines(table.month).map((line) =>
    line.kind === 'text'
      ? { header: line.desc, kind: 'text', value: (c) => line.value(c) as string | null }
      : { header: line.desc, kind: line.kind, value: (c) => line.value(c) as number | null },
  );
  return {
    kind: 'table',
    title: '车型市场表现',
    columns: [{ header: '车型', kind: 'text', value: (c) => c.carName }, ...lines],
    rows: table.columns,
  };
}

/**
 * The trims a slide of the sheet holds, as indexes into the columns: the sub-series together, packed in
 * column order up to `perSlide` trims (a sub-series is split only when it alone holds more).
 */
export function trimGroups(columns: ReadonlyArray<Pick<ConfigColumn, 'subSeriesId'>>, perSlide: number): number[][] {
  // Runs of adjacent columns of one sub-series (a column moved away from its own starts a run of its own).
  const runs: number[][] = [];
  columns.forEach((c, i) => {
    const last = runs.at(-1);
    if (last && columns[last[0]].subSeriesId === c.subSeriesId) last.push(i);
    else runs.push([i]);
  });
  const groups: number[][] = [];
  for (const run of runs) {
    for (let start = 0; start < run.length; start += perSlide) {
      const part = run.slice(start, start + perSlide);
      const last = groups.at(-1);
      if (last && last.length + part.length <= perSlide) last.push(...part);
      else groups.push(part);
    }
  }
  return groups;
}

/**
 * The sheet's pages of rows: the categories one after the other, each under its heading row, cut every
 * `perPage` rows; a page that starts inside a category starts with its heading again (（续）), so every row
 * on a slide sits under the name of its category.
 */
export function sheetPages(blocks: readonly ConfigBlock[], codes: readonly string[], perPage: number): Array<{ categories: string[]; rows: ConfigSheetRow[] }> {
  const pages: Array<{ categories: string[]; rows: ConfigSheetRow[] }> = [];
  let page: { categories: string[]; rows: ConfigSheetRow[] } | null = null;
  for (const block of blocks) {
    const rows = sheetRows(block, codes);
    let next = 0;
    while (next < rows.length) {
      // A heading with no row under it on its page is moved on to the next page.
      if (page === null || page.rows.length + 2 > perPage) {
        page = { categories: [], rows: [] };
        pages.push(page);
      }
      const continued = next > 0;
      page.categories.push(block.desc);
      page.rows.push({ item: continued ? `${block.desc}（续）` : block.desc, values: [], heading: true });
      const take = Math.min(rows.length - next, perPage - page.rows.length);
      page.rows.push(...rows.slice(next, next + take));
      next += take;
    }
  }
  return pages;
}

/**
 * The sheet's slides: for each group of trims (trimGroups), its pages of rows (sheetPages), down then over,
 * numbered `（k/n）`; the title names the categories on the slide. Every trim's head names its sub-series.
 */
export function sheetSlides(blocks: readonly ConfigBlock[], columns: readonly ConfigColumn[]): Array<TableSlide<ConfigSheetRow>> {
  const codes = columns.map((c) => c.carJllCode);
  const pages = sheetPages(blocks, codes, TABLE_ROWS_PER_SLIDE);
  const groups = trimGroups(columns, CONFIG_TRIMS_PER_SLIDE);
  const total = pages.length * groups.length;
  return groups.flatMap((group, g) =>
    pages.map((page, p): TableSlide<ConfigSheetRow> => {
      const number = g * pages.length + p + 1;
      return {
        kind: 'table',
        title: `配置对比：${page.categories.join('、')}${total > 1 ? `（${number}/${total}）` : ''}`,
        columns: [
          { header: '配置项', kind: 'text', value: (r) => r.item },
          ...group.map((i): DeckColumn<ConfigSheetRow> => ({
            header: trimTitle(columns[i].subSeriesName, columns[i].carName),
            kind: 'text',
            value: (r) => (r.heading ? '' : r.values[i]),
            align: 'center',
          })),
        ],
        rows: page.rows,
        strong: (r) => r.heading === true,
        keepColumns: 1,
        columnsPerSlide: 1 + group.length,
      };
    }),
  );
}

export function configSlides(table: ConfigTable, blocks: readonly ConfigBlock[]): DeckSlide[] {
  return [verdictSlide(table), ...sheetSlides(blocks, table.columns)];
}

/**
 * The title slide's tags: the sub-series compared, the trims shown, each filter set (by its option's label),
 * and which rows are shown (仅显示差异项, 隐藏未配置项, or 全部项).
 */
export function configTags(
  table: ConfigTable,
  names: readonly string[],
  filters: { niankuan?: readonly number[]; engin?: readonly string[]; energy?: readonly number[]; battery?: readonly string[] },
  view: { hide: boolean; differ: boolean },
): HeaderTag[] {
  const chosen = (label: string, values: readonly (string | number)[] | undefined, options: ReadonlyArray<{ value: string; label: string }>): HeaderTag[] =>
    values && values.length > 0 ? [{ label, value: values.map((v) => options.find((o) => o.value === String(v))?.label ?? String(v)).join('、') }] : [];
  return [
    { label: '子车系', value: names.join('、') },
    { label: '车型', value: `${table.columns.length} 款` },
    ...chosen('年款', filters.niankuan, table.niankuan),
    ...chosen('发动机', filters.engin, table.engines),
    ...chosen('能源类型', filters.energy, table.energies),
    ...chosen('电池', filters.battery, table.batteries),
    { label: '显示', value: configViewLabels(view).join('、') },
  ];
}

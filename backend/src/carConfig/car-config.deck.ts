import {
  cellsOf,
  columnIndexes,
  CONFIG_LEGEND,
  type ConfigBlock,
  type ConfigColumn,
  type ConfigRow,
  type ConfigTable,
  configViewLabels,
  type HeaderTag,
  trimsVerdict,
  trimTitle,
} from '@car/contracts';
import type { DeckColumn, DeckSlide, TableSlide } from '../deck/deck.writer';
import { BASIC_INFO, freezeLines } from './car-config.rules';

/**
 * The slides of 配置查询 (decisions 219, 273, 285): the compared trims' market verdict, then the configuration sheet
 * as the page shows it (its two checkboxes applied — by default the items that differ) as one table running through
 * the categories, each under a bold heading row. Two or more sub-series are compared a column each, its trims'
 * verdict in every cell (`trimsVerdict`: '●7/10', '98kW、110kW', '7~12.3英寸'), so five sub-series of ten trims
 * fit one slide's width; one sub-series shows its trims, ten to a slide.
 */

/** Trim columns on one slide of one sub-series' sheet, beside the item column. */
export const CONFIG_TRIMS_PER_SLIDE = 10;

/** The 基本信息 row naming each trim (CATALOGUE_ROWS): a sub-series' column names its trims in its head or on 车型市场表现. */
const TRIM_NAME_ROW = '车型名称';

/** A column of the sheet's slides: its head, and the trims (by code) whose verdict it shows — one trim's, or a sub-series'. */
export interface SheetColumn {
  header: string;
  codes: string[];
}

/**
 * The sheet's columns for the page's columns: with two or more sub-series, one per sub-series in the order the page
 * first shows it, headed by its name and how many of its trims are shown ('英朗（10款）'; a single trim by its name);
 * with one, its trims, each headed by its name with its sub-series'.
 */
export function sheetColumns(columns: readonly ConfigColumn[]): SheetColumn[] {
  const bySubSeries = new Map<number, ConfigColumn[]>();
  for (const c of columns) bySubSeries.set(c.subSeriesId, [...(bySubSeries.get(c.subSeriesId) ?? []), c]);
  const one = (c: ConfigColumn): SheetColumn => ({ header: trimTitle(c.subSeriesName, c.carName), codes: [c.carJllCode] });
  if (bySubSeries.size < 2) return columns.map(one);
  return [...bySubSeries.values()].map((trims) =>
    trims.length === 1 ? one(trims[0]) : { header: `${trims[0].subSeriesName}（${trims.length}款）`, codes: trims.map((c) => c.carJllCode) },
  );
}

/** A sheet row as a slide shows it: the item indented by its layer, a value per sheet column; a category's heading has none. */
export interface ConfigSheetRow {
  item: string;
  values: string[];
  /** The category's heading row (its name in bold, across an empty row). */
  heading?: boolean;
}

/**
 * The rows of a category, depth first, each sub-row indented (as the workbook and the page indent them), each cell
 * its column's verdict (a trim's own value); a sub-series' column leaves out the row naming each trim.
 */
export function sheetRows(block: ConfigBlock, columns: readonly SheetColumn[]): ConfigSheetRow[] {
  const at = columns.map((c) => columnIndexes(block.headerData, c.codes));
  const grouped = columns.some((c) => c.codes.length > 1);
  const walk = (rows: readonly ConfigRow[]): ConfigSheetRow[] =>
    rows.flatMap((row) =>
      grouped && block.desc === BASIC_INFO && row.desc === TRIM_NAME_ROW
        ? []
        : [{ item: `${'　'.repeat(row.layer - 1)}${row.desc}`, values: at.map((indexes) => trimsVerdict(cellsOf(row, indexes))) }, ...walk(row.data)],
    );
  return walk(block.data);
}

/**
 * The market verdict: one row per compared trim in the page's column order, its sub-series, MSRP and the
 * month's retail volume and TP — the page's frozen head rows (freezeLines, one definition) as columns, so each
 * figure keeps its display rule; set densely, as the sheet (fifty trims on three slides).
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
    dense: true,
  };
}

/**
 * The sheet as one dense table (decision 285): the categories one after the other, each under its heading row, the
 * item column (headed by the marks' legend, which its cells use) and the sheet's columns; the writer pages it by measured height, a
 * category going on to the next slide starting it with its name again (（续）), the title naming the categories on
 * the slide (`配置对比：车身、发动机（3/12）`). One sub-series' trims go over slides ten at a time, down then over.
 * No slide when no row is shown.
 */
export function sheetSlides(blocks: readonly ConfigBlock[], columns: readonly ConfigColumn[]): Array<TableSlide<ConfigSheetRow>> {
  const sheet = sheetColumns(columns);
  const rows = blocks.flatMap((block) => {
    const own = sheetRows(block, sheet);
    return own.length > 0 ? [{ item: block.desc, values: [], heading: true }, ...own] : [];
  });
  if (rows.length === 0) return [];
  return [
    {
      kind: 'table',
      title: '配置对比',
      columns: [
        { header: CONFIG_LEGEND, kind: 'text', value: (r) => r.item },
        ...sheet.map((c, i): DeckColumn<ConfigSheetRow> => ({ header: c.header, kind: 'text', value: (r) => (r.heading ? '' : r.values[i]), align: 'center' })),
      ],
      rows,
      strong: (r) => r.heading === true,
      section: (r) => (r.heading ? r.item : undefined),
      dense: true,
      keepColumns: 1,
      columnsPerSlide: 1 + Math.min(sheet.length, CONFIG_TRIMS_PER_SLIDE),
    },
  ];
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

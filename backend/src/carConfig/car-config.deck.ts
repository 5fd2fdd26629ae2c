import { cellsOf, columnIndexes, type ConfigBlock, type ConfigColumn, type ConfigRow, type ConfigTable, type HeaderTag } from '@car/contracts';
import type { DeckColumn, DeckSlide, TableSlide } from '../deck/deck.writer';
import { freezeLines } from './car-config.rules';

/**
 * The slides of 配置查询 (decision 219): the compared trims' market verdict, then the configuration sheet
 * category by category, as the page shows them (its columns in its order, its two checkboxes applied).
 */

/** Trim columns on one slide of the configuration sheet, beside the item column (a trim's name wraps to two lines). */
export const CONFIG_TRIMS_PER_SLIDE = 6;

/** A sheet row as a slide shows it: the item indented by its layer, its values in the page's columns. */
export interface ConfigSheetRow {
  item: string;
  values: string[];
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

/** A category of the sheet: the item column kept on every slide, the trims a readable few at a time. */
export function categorySlide(block: ConfigBlock, columns: readonly ConfigColumn[]): TableSlide<ConfigSheetRow> {
  const codes = columns.map((c) => c.carJllCode);
  return {
    kind: 'table',
    title: `配置对比：${block.desc}`,
    columns: [
      { header: '配置项', kind: 'text', value: (r) => r.item },
      ...columns.map((c, i): DeckColumn<ConfigSheetRow> => ({ header: c.carName, kind: 'text', value: (r) => r.values[i], align: 'center' })),
    ],
    rows: sheetRows(block, codes),
    keepColumns: 1,
    columnsPerSlide: 1 + CONFIG_TRIMS_PER_SLIDE,
  };
}

export function configSlides(table: ConfigTable, blocks: readonly ConfigBlock[]): DeckSlide[] {
  return [verdictSlide(table), ...blocks.map((block) => categorySlide(block, table.columns))];
}

/**
 * The title slide's tags: the sub-series compared, the trims shown, each filter set (by its option's label),
 * and the checkboxes that narrow the rows.
 */
export function configTags(
  table: ConfigTable,
  names: readonly string[],
  filters: { niankuan?: readonly number[]; engin?: readonly string[]; energy?: readonly number[]; battery?: readonly string[] },
  view: { hide: boolean; differ: boolean },
): HeaderTag[] {
  const chosen = (label: string, values: readonly (string | number)[] | undefined, options: ReadonlyArray<{ value: string; label: string }>): HeaderTag[] =>
    values && values.length > 0 ? [{ label, value: values.map((v) => options.find((o) => o.value === String(v))?.label ?? String(v)).join('、') }] : [];
  const shown = [view.hide ? '隐藏未配置项' : null, view.differ ? '仅显示差异项' : null].filter((t): t is string => t !== null);
  return [
    { label: '子车系', value: names.join('、') },
    { label: '车型', value: `${table.columns.length} 款` },
    ...chosen('年款', filters.niankuan, table.niankuan),
    ...chosen('发动机', filters.engin, table.engines),
    ...chosen('能源类型', filters.energy, table.energies),
    ...chosen('电池', filters.battery, table.batteries),
    ...(shown.length > 0 ? [{ label: '显示', value: shown.join('、') }] : []),
  ];
}

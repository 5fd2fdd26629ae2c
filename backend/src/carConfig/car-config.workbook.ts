import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { type ConfigBlock, type ConfigRow, type ConfigTable, UNEQUIPPED } from '@car/contracts';
import {
  addDefinitionsSheet,
  addTableHeader,
  HEADER_STYLE,
  headerRowOf,
  kindStyle,
  neutralise,
  openWorkbookStream,
  tableSheetOptions,
  type WorkbookAsOf,
  workbookCell,
  workbookFont,
} from '../workbook/table-workbook';
import { configTags } from './car-config.deck';
import { freezeLines } from './car-config.rules';

const CATEGORY_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };

/** A whole number as the sheet writes it ('119,800', '5'; no leading zero): a figure, written as a number. */
const WHOLE_NUMBER = /^-?(0|[1-9]\d{0,2}(,\d{3})+|[1-9]\d{0,14})$/;

/**
 * The sheet's cell styles, one object each, given to every cell of their kind. exceljs knows a style it has seen by
 * the object (a WeakMap): a cell's own copy made it render and compare every cell's style, half of a 200-column
 * sheet's time (decision 295).
 */
const TEXT_STYLE = kindStyle('text');
const COUNT_STYLE = kindStyle('count');
const CATEGORY_STYLE: Partial<ExcelJS.Style> = { font: workbookFont(true), fill: CATEGORY_FILL };

/** A sheet value's cell: a whole number as a count (decision 141), anything else neutralised text. */
function sheetCell(row: ExcelJS.Row, column: number, value: string): void {
  const cell = row.getCell(column);
  if (WHOLE_NUMBER.test(value)) {
    cell.value = Number(value.replace(/,/g, ''));
    cell.style = COUNT_STYLE;
  } else {
    cell.value = neutralise(value);
    cell.style = TEXT_STYLE;
  }
}

/** The comparison's filters as its workbook's header block names them (decision 281): the deck's tags (configTags). */
export interface ConfigWorkbookView {
  filters: Parameters<typeof configTags>[2];
  hide?: boolean;
  differ?: boolean;
}

/**
 * The comparison as one sheet: the header block (配置查询, the page's tags, 数据截至), then the trims' names and the
 * frozen header rows (sub-series, MSRP, volume, TP: number cells) frozen at the top with the label column, filtered
 * and repeated on each printed page (landscape, one page wide); then each category as a bold grouped row followed
 * by its rows, sub-rows indented and grouped one outline level deeper so Excel can fold them. Every cell names the
 * workbook's face (decisions 267, 281).
 */
export async function streamConfigWorkbook(
  response: Response,
  fileName: string,
  table: ConfigTable,
  blocks: readonly ConfigBlock[],
  asOf: WorkbookAsOf,
  view: ConfigWorkbookView = { filters: {} },
): Promise<void> {
  const workbook = openWorkbookStream(response, fileName);
  const lines = freezeLines(table.month);
  // The sub-series compared, in the columns' order (the page's 子车系 tag).
  const names = [...new Set(table.columns.map((c) => c.subSeriesName))];
  const head = { title: '配置查询', tags: configTags(table, names, view.filters, { hide: view.hide === true, differ: view.differ === true }) };
  const headerRow = headerRowOf(head, asOf);
  const options = tableSheetOptions({ first: headerRow, last: headerRow + lines.length }, 1);
  const sheet = workbook.addWorksheet('配置对比', { ...options, properties: { outlineLevelRow: 2, defaultRowHeight: 18 } });
  sheet.columns = [{ width: 28, style: TEXT_STYLE }, ...table.columns.map(() => ({ width: 24, style: TEXT_STYLE }))];
  const codes = table.columns.map((c) => c.carJllCode);

  const headerStyle = { ...HEADER_STYLE, alignment: { wrapText: true, vertical: 'middle' as const } };
  addTableHeader(sheet, head, asOf, ['配置项', ...table.columns.map((c) => c.carName)], headerStyle);
  // The frozen rows from the columns' numbers: MSRP, volume and TP are number cells (decision 141).
  for (const line of lines) {
    const row = sheet.addRow([line.desc, ...table.columns.map((c) => workbookCell(line.kind, line.value(c)))]);
    const [label, figure] = [kindStyle('text', true), kindStyle(line.kind, true)];
    for (let column = 1; column <= codes.length + 1; column++) row.getCell(column).style = column === 1 ? label : figure;
    row.commit();
  }

  const writeRows = (rows: readonly ConfigRow[]): void => {
    for (const configRow of rows) {
      const row = sheet.addRow([`${'　'.repeat(configRow.layer - 1)}${configRow.desc}`]);
      row.getCell(1).style = TEXT_STYLE;
      codes.forEach((_, i) => sheetCell(row, i + 2, configRow.values[i] ?? UNEQUIPPED));
      if (configRow.layer > 1) row.outlineLevel = configRow.layer - 1;
      row.commit();
      writeRows(configRow.data);
    }
  };
  for (const block of blocks) {
    const row = sheet.addRow([block.desc]);
    row.font = CATEGORY_STYLE.font!;
    for (let column = 1; column <= codes.length + 1; column++) row.getCell(column).style = CATEGORY_STYLE;
    row.commit();
    writeRows(block.data);
  }
  sheet.commit();
  addDefinitionsSheet(
    workbook,
    lines.map((line) => line.desc),
    asOf,
  );
  await workbook.commit();
}

import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { type ConfigBlock, type ConfigRow, type ConfigTable, UNEQUIPPED, XLSX_MIME } from '@car/contracts';
import {
  addDefinitionsSheet,
  addTableHeader,
  attachmentHeader,
  HEADER_STYLE,
  headerRowOf,
  kindStyle,
  neutralise,
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

/** A sheet value's cell: a whole number as a count (decision 141), anything else neutralised text. */
function sheetCell(row: ExcelJS.Row, column: number, value: string): void {
  const cell = row.getCell(column);
  if (WHOLE_NUMBER.test(value)) {
    cell.value = Number(value.replace(/,/g, ''));
    cell.numFmt = kindStyle('count').numFmt!;
  } else {
    cell.value = neutralise(value);
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
  response.setHeader('Content-Type', XLSX_MIME);
  response.setHeader('Content-Disposition', attachmentHeader(fileName));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true, useSharedStrings: false });
  workbook.creator = '车市分析平台';
  const lines = freezeLines(table.month);
  // The sub-series compared, in the columns' order (the page's 子车系 tag).
  const names = [...new Set(table.columns.map((c) => c.subSeriesName))];
  const head = { title: '配置查询', tags: configTags(table, names, view.filters, { hide: view.hide === true, differ: view.differ === true }) };
  const headerRow = headerRowOf(head, asOf);
  const options = tableSheetOptions({ first: headerRow, last: headerRow + lines.length }, 1);
  const sheet = workbook.addWorksheet('配置对比', { ...options, properties: { outlineLevelRow: 2, defaultRowHeight: 18 } });
  const plain = kindStyle('text');
  sheet.columns = [{ width: 28, style: plain }, ...table.columns.map(() => ({ width: 24, style: plain }))];
  const codes = table.columns.map((c) => c.carJllCode);

  const headerStyle = { ...HEADER_STYLE, alignment: { wrapText: true, vertical: 'middle' as const } };
  addTableHeader(sheet, head, asOf, ['配置项', ...table.columns.map((c) => c.carName)], headerStyle);
  // The frozen rows from the columns' numbers: MSRP, volume and TP are number cells (decision 141).
  for (const line of lines) {
    const row = sheet.addRow([line.desc, ...table.columns.map((c) => workbookCell(line.kind, line.value(c)))]);
    for (let column = 1; column <= codes.length + 1; column++) row.getCell(column).style = kindStyle(column === 1 ? 'text' : line.kind, true);
    row.commit();
  }

  const writeRows = (rows: readonly ConfigRow[]): void => {
    for (const configRow of rows) {
      const row = sheet.addRow([`${'　'.repeat(configRow.layer - 1)}${configRow.desc}`]);
      codes.forEach((_, i) => sheetCell(row, i + 2, configRow.values[i] ?? UNEQUIPPED));
      if (configRow.layer > 1) row.outlineLevel = configRow.layer - 1;
      row.commit();
      writeRows(configRow.data);
    }
  };
  for (const block of blocks) {
    const row = sheet.addRow([block.desc]);
    row.font = workbookFont(true);
    for (let column = 1; column <= codes.length + 1; column++) row.getCell(column).fill = CATEGORY_FILL;
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

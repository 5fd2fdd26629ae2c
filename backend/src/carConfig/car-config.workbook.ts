import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { type ConfigBlock, type ConfigRow, type ConfigTable, UNEQUIPPED, XLSX_MIME } from '@car/contracts';
import { addDefinitionsSheet, attachmentHeader, kindStyle, neutralise, type WorkbookAsOf, workbookCell } from '../workbook/table-workbook';
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

/**
 * The comparison as one sheet: the trims' names and the frozen header rows (sub-series, MSRP, volume,
 * TP: number cells) frozen at the top with the label column; then each category as a bold grouped row followed by its
 * rows, sub-rows indented and grouped one outline level deeper so Excel can fold them.
 */
export async function streamConfigWorkbook(
  response: Response,
  fileName: string,
  table: ConfigTable,
  blocks: readonly ConfigBlock[],
  asOf: WorkbookAsOf,
): Promise<void> {
  response.setHeader('Content-Type', XLSX_MIME);
  response.setHeader('Content-Disposition', attachmentHeader(fileName));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true, useSharedStrings: false });
  workbook.creator = '车市分析平台';
  const lines = freezeLines(table.month);
  const headRows = 1 + lines.length;
  const sheet = workbook.addWorksheet('配置对比', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: headRows }],
    properties: { outlineLevelRow: 2, defaultRowHeight: 18 },
  });
  sheet.columns = [{ width: 28 }, ...table.columns.map(() => ({ width: 24 }))];
  const codes = table.columns.map((c) => c.carJllCode);

  const head = sheet.addRow(['配置项', ...table.columns.map((c) => neutralise(c.carName))]);
  head.font = { bold: true };
  head.alignment = { wrapText: true, vertical: 'middle' };
  head.commit();
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
    row.font = { bold: true };
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

import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { type ConfigBlock, type ConfigRow, type ConfigTable, UNEQUIPPED, XLSX_MIME } from '@car/contracts';
import { attachmentHeader, neutralise } from '../saleVolume/table-workbook';

const CATEGORY_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };

/**
 * The comparison as one sheet: the trims' names and the frozen header rows (sub-series, MSRP, volume,
 * TP) frozen at the top with the label column; then each category as a bold grouped row followed by its
 * rows, sub-rows indented and grouped one outline level deeper so Excel can fold them.
 */
export async function streamConfigWorkbook(response: Response, fileName: string, table: ConfigTable, blocks: readonly ConfigBlock[]): Promise<void> {
  response.setHeader('Content-Type', XLSX_MIME);
  response.setHeader('Content-Disposition', attachmentHeader(fileName));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true, useSharedStrings: false });
  workbook.creator = '车市分析平台';
  const headRows = 1 + table.freezes.length;
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
  for (const freeze of table.freezes) {
    const row = sheet.addRow([freeze.desc, ...codes.map((code) => neutralise(freeze.values[code] ?? UNEQUIPPED))]);
    row.font = { bold: true };
    row.commit();
  }

  const writeRows = (rows: readonly ConfigRow[]): void => {
    for (const configRow of rows) {
      const row = sheet.addRow([`${'　'.repeat(configRow.layer - 1)}${configRow.desc}`, ...codes.map((_, i) => neutralise(configRow.values[i] ?? UNEQUIPPED))]);
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
  await workbook.commit();
}

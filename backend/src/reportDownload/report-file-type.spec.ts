import ExcelJS from 'exceljs';
import { reportFileTypeOf } from './report-file-type';

describe('a report file’s kind, read from its content', () => {
  test('a workbook is xlsx, whatever it is called', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('一').addRow([1]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(reportFileTypeOf(content)).toBe('xlsx');
  });

  test('a PDF by its header', () => {
    expect(reportFileTypeOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'latin1'))).toBe('pdf');
  });

  test('a docx and a pptx by their main part', () => {
    const pkg = (part: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`....[Content_Types].xml....${part}....`, 'latin1')]);
    expect(reportFileTypeOf(pkg('word/document.xml'))).toBe('docx');
    expect(reportFileTypeOf(pkg('ppt/presentation.xml'))).toBe('pptx');
  });

  test('text named .pdf, a plain zip, an executable and nothing are refused', () => {
    expect(reportFileTypeOf(Buffer.from('hello, I am not a PDF'))).toBeNull();
    expect(reportFileTypeOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('notes.txt')]))).toBeNull();
    expect(reportFileTypeOf(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(reportFileTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

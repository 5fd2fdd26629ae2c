import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { reportFileTypeOf } from './report-file-type';

/** An Office package with its content types and the given parts, as a real zip. */
async function officePackage(parts: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  for (const [name, text] of Object.entries(parts)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('a report file’s kind, read from its content', () => {
  test('a workbook is xlsx, whatever it is called', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('一').addRow([1]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await reportFileTypeOf(content)).toBe('xlsx');
  });

  test('a PDF by its header and its end', async () => {
    expect(await reportFileTypeOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'))).toBe('pdf');
  });

  test('a docx and a pptx by their main part', async () => {
    expect(await reportFileTypeOf(await officePackage({ 'word/document.xml': '<w:document/>' }))).toBe('docx');
    expect(await reportFileTypeOf(await officePackage({ 'ppt/presentation.xml': '<p:presentation/>' }))).toBe('pptx');
  });

  test('text named .pdf, a plain zip, an executable and nothing are refused', async () => {
    expect(await reportFileTypeOf(Buffer.from('hello, I am not a PDF'))).toBeNull();
    expect(await reportFileTypeOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('notes.txt')]))).toBeNull();
    expect(await reportFileTypeOf(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(await reportFileTypeOf(Buffer.alloc(0))).toBeNull();
  });

  test('a file that only names the parts, but is no zip package, is refused (issue 25 #10)', async () => {
    const named = (part: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`....[Content_Types].xml....${part}....`, 'latin1')]);
    expect(await reportFileTypeOf(named('xl/workbook.xml'))).toBeNull();
    expect(await reportFileTypeOf(named('word/document.xml'))).toBeNull();
    expect(await reportFileTypeOf(named('ppt/presentation.xml'))).toBeNull();
  });

  test('a package without its content types, or with a part cut short, is refused; a PDF cut short too', async () => {
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    expect(await reportFileTypeOf(await zip.generateAsync({ type: 'nodebuffer' }))).toBeNull();
    const whole = await officePackage({ 'word/document.xml': '<w:document>'.padEnd(5000, 'x') });
    const damaged = Buffer.from(whole);
    damaged.fill(0, 120, 160);
    expect(await reportFileTypeOf(damaged)).toBeNull();
    expect(await reportFileTypeOf(Buffer.from('%PDF-1.7\n1 0 obj\n', 'latin1'))).toBeNull();
  });
});

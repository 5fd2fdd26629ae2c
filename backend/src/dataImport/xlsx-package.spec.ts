import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ImportFileRefused } from './import-limits';
import { checkXlsxPackage } from './xlsx-package';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-package-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
async function file(content: Buffer): Promise<string> {
  const at = path.join(dir, `${++counter}.xlsx`);
  await fs.promises.writeFile(at, content);
  return at;
}

async function workbookZip(): Promise<JSZip> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('零售量');
  sheet.addRow(['月份', '城市代码', '车型代码']);
  sheet.addRow(['2026-04', '110000', 'JLL62']);
  return JSZip.loadAsync(await workbook.xlsx.writeBuffer());
}

async function reason(at: string): Promise<string | null> {
  try {
    await checkXlsxPackage(at);
    return null;
  } catch (error) {
    if (error instanceof ImportFileRefused) return error.reason;
    throw error;
  }
}

/** Offsets of every central-directory entry of `name` in a zip. */
function centralEntry(zip: Buffer, name: string): number {
  for (let i = zip.length - 46; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x02014b50 && zip.toString('utf8', i + 46, i + 46 + zip.readUInt16LE(i + 28)) === name) return i;
  }
  throw new Error(`no entry ${name}`);
}

describe('the xlsx package check', () => {
  test('a workbook exceljs wrote passes', async () => {
    const zip = await workbookZip();
    expect(await reason(await file(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })))).toBeNull();
  });

  test('shared strings that inflate past 16 MB are refused, though the file is small', async () => {
    const zip = await workbookZip();
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    zip.file('xl/sharedStrings.xml', strings.replace('</sst>', `${'<si><t>aa</t></si>'.repeat(1_000_000)}</sst>`));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(200_000);
    expect(await reason(await file(bomb))).toMatch(/^XLSX 文件的共享字符串解压后超过 16 MB/);
  });

  test('a part that inflates past the size its directory entry declares is refused (a lying zip)', async () => {
    const zip = await workbookZip();
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    zip.file('xl/sharedStrings.xml', strings.replace('</sst>', `${'<si><t>bb</t></si>'.repeat(100_000)}</sst>`));
    const liar = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    // Both the central and the local header say 1 KB.
    const central = centralEntry(liar, 'xl/sharedStrings.xml');
    liar.writeUInt32LE(1024, central + 24);
    liar.writeUInt32LE(1024, liar.readUInt32LE(central + 42) + 22);
    expect(await reason(await file(liar))).toBe('XLSX 文件已损坏或不是有效的工作簿：请用 Excel 另存为 .xlsx 后重新上传');
  });

  test('one run of text past 256 KB (a giant cell) is refused', async () => {
    const zip = await workbookZip();
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    zip.file('xl/sharedStrings.xml', strings.replace('</sst>', `<si><t>${'c'.repeat(300_000)}</t></si></sst>`));
    expect(await reason(await file(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })))).toBe(
      '文件中有单元格过长：一个单元格不能超过 32,767 个字符',
    );
  });

  test('bytes the directory does not account for (a hidden entry before it) are refused', async () => {
    const zip = await workbookZip();
    const good = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const hidden = Buffer.concat([Buffer.from('PK\x03\x04hidden'), good]);
    expect(await reason(await file(hidden))).toBe('XLSX 文件已损坏或不是有效的工作簿：请用 Excel 另存为 .xlsx 后重新上传');
    expect(await reason(await file(Buffer.from('PK\x03\x04 not a zip at all')))).toBe('XLSX 文件已损坏或不是有效的工作簿：请用 Excel 另存为 .xlsx 后重新上传');
  });
});

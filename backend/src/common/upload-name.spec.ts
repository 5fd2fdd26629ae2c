import { uploadName } from './upload-name';

/** What multer hands over: the header's UTF-8 bytes read as latin1. */
const asMulterReads = (name: string) => Buffer.from(name, 'utf8').toString('latin1');

describe('an uploaded file’s name', () => {
  test('a UTF-8 name read as latin1 is decoded again, its folder dropped', () => {
    expect(uploadName(asMulterReads('C:\\报告\\一月.xlsx'))).toBe('一月.xlsx');
  });

  test('bidirectional controls become _, as control characters do, so "exe.xlsx" cannot show as "xslx.exe"', () => {
    expect(uploadName(asMulterReads('report\u202Exslx.exe'))).toBe('report_xslx.exe');
    expect(uploadName(asMulterReads('a\u2066b\u2069\u200E\u200F\u061C\u0001.pdf'))).toBe('a_b_____.pdf');
  });
});

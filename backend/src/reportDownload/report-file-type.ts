import type { ReportFileType } from '@car/contracts';

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/** The part an Office Open XML package must hold, by kind: a zip entry name (stored uncompressed in the zip). */
const OOXML_PARTS: ReadonlyArray<[ReportFileType, Buffer]> = [
  ['xlsx', Buffer.from('xl/workbook.xml', 'latin1')],
  ['docx', Buffer.from('word/document.xml', 'latin1')],
  ['pptx', Buffer.from('ppt/presentation.xml', 'latin1')],
];
const CONTENT_TYPES = Buffer.from('[Content_Types].xml', 'latin1');

/**
 * The kind of a report file read from its content, never from its name: a PDF starts with '%PDF-'; an
 * xlsx, docx or pptx is a zip package (local header 'PK\3\4') that names '[Content_Types].xml' and its
 * kind's main part among its entries (zip entry names are not compressed). Anything else: null.
 */
export function reportFileTypeOf(content: Buffer): ReportFileType | null {
  if (content.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return 'pdf';
  if (!content.subarray(0, ZIP_LOCAL_HEADER.length).equals(ZIP_LOCAL_HEADER)) return null;
  if (!content.includes(CONTENT_TYPES)) return null;
  for (const [type, part] of OOXML_PARTS) if (content.includes(part)) return type;
  return null;
}

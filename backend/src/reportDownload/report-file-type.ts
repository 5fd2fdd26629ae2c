import zlib from 'node:zlib';
import type { ReportFileType } from '@car/contracts';
import { bufferReader, zipDirectory, type ZipEntry } from '../common/zip-directory';

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_END = Buffer.from('%%EOF', 'latin1');
/** A PDF ends with '%%EOF', give or take a few bytes of line ends and padding. */
const PDF_TAIL = 1024;

/** The part an Office Open XML package must hold, by kind, beside '[Content_Types].xml'. */
const MAIN_PART: ReadonlyArray<[ReportFileType, string]> = [
  ['xlsx', 'xl/workbook.xml'],
  ['docx', 'word/document.xml'],
  ['pptx', 'ppt/presentation.xml'],
];
const CONTENT_TYPES = '[Content_Types].xml';
/** Entries and inflated bytes a report package may have: far above any real report, far below a zip bomb. */
const MAX_ENTRIES = 10_000;
const MAX_PART_BYTES = 64 * 1024 * 1024;
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/**
 * The kind of a report file read from its content, never from its name (issue 25 #10): a PDF starts with
 * '%PDF-' and ends with '%%EOF'; an xlsx, docx or pptx is a zip package whose central directory holds
 * (every entry matching its local header, laid end to end), which has '[Content_Types].xml' and its kind's
 * main part, and each of whose parts inflates to exactly its declared size. Anything else: null.
 */
export async function reportFileTypeOf(content: Buffer): Promise<ReportFileType | null> {
  if (content.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return content.subarray(-PDF_TAIL).includes(PDF_END) ? 'pdf' : null;
  if (!content.subarray(0, ZIP_LOCAL_HEADER.length).equals(ZIP_LOCAL_HEADER)) return null;
  let entries: ZipEntry[];
  try {
    entries = await zipDirectory(bufferReader(content), content.length, MAX_ENTRIES);
  } catch {
    return null;
  }
  const names = new Set(entries.map((entry) => entry.name));
  const type = MAIN_PART.find(([, part]) => names.has(part))?.[0];
  if (!type || !names.has(CONTENT_TYPES) || !entries.every(inflatesWhole(content))) return null;
  return type;
}

/** Each part, inflated one at a time and dropped, is exactly its declared size; their sum stays bounded. */
function inflatesWhole(content: Buffer): (entry: ZipEntry) => boolean {
  let total = 0;
  return (entry) => {
    total += entry.size;
    if (entry.size > MAX_PART_BYTES || total > MAX_INFLATED_BYTES) return false;
    const data = content.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === 0) return entry.compressedSize === entry.size;
    try {
      return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) }).length === entry.size;
    } catch {
      return false;
    }
  };
}

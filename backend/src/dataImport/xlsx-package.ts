import fs from 'node:fs';
import zlib from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@car/contracts';
import { fileReader, ZipRefused, zipDirectory, type ZipEntry } from '../common/zip-directory';
import { ImportFileRefused } from './import-limits';

/**
 * Checks an .xlsx package before exceljs reads it (decision 138). exceljs's streaming reader keeps every shared
 * string in memory and its XML parser gathers a cell's text whole, so a small zip that inflates to hundreds of
 * megabytes (a 1.8 MB file whose shared strings were 387 MB) would fill the heap. Each part is inflated here
 * once, counting bytes and stopping at its limit, never held: the shared strings and every other part but the
 * worksheets at most IMPORT_LIMITS.xlsxPartBytes, a worksheet at most xlsxSheetBytes, no run of XML text or
 * tag longer than xlsxRunBytes, and each part exactly the size its directory entry declares. The directory
 * must account for every byte before it, so the streaming unzip exceljs uses sees no entry this check did not.
 * Throws ImportFileRefused with a Chinese reason.
 */
export async function checkXlsxPackage(filePath: string): Promise<void> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await zipDirectory(fileReader(handle), size, IMPORT_LIMITS.xlsxParts).catch((error: unknown) => {
      if (error instanceof ZipRefused) throw new ImportFileRefused(error.reason === 'broken' ? IMPORT_MESSAGES.xlsxBroken : IMPORT_MESSAGES.xlsxTooLarge);
      throw error;
    });
    for (const entry of entries) await checkPart(filePath, entry);
  } finally {
    await handle.close();
  }
}

const broken = (): ImportFileRefused => new ImportFileRefused(IMPORT_MESSAGES.xlsxBroken);

/** Worksheets are streamed row by row; every other part (shared strings, styles, the workbook) is read whole. */
const isWorksheet = (name: string): boolean => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
const isXml = (name: string): boolean => /\.(xml|rels)$/i.test(name);

/** Inflates one part, counting its bytes and its longest run of text or tag, without keeping it. */
async function checkPart(filePath: string, entry: ZipEntry): Promise<void> {
  const sheet = isWorksheet(entry.name);
  const limit = sheet ? IMPORT_LIMITS.xlsxSheetBytes : IMPORT_LIMITS.xlsxPartBytes;
  const tooLarge = (): ImportFileRefused =>
    new ImportFileRefused(/sharedStrings\.xml$/i.test(entry.name) ? IMPORT_MESSAGES.xlsxSharedStrings : IMPORT_MESSAGES.xlsxPartTooLarge(entry.name));
  if (entry.size > limit) throw tooLarge();
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw broken();
    return;
  }
  const xml = isXml(entry.name);
  const source = fs.createReadStream(filePath, { start: entry.dataStart, end: entry.dataStart + entry.compressedSize - 1, highWaterMark: 1 << 16 });
  const inflate = entry.method === 8 ? zlib.createInflateRaw({ chunkSize: 1 << 16 }) : null;
  const stream: NodeJS.ReadableStream = inflate ? source.pipe(inflate) : source;
  source.on('error', (error) => inflate?.destroy(error));
  let bytes = 0;
  let run = 0;
  let inTag = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > entry.size) throw bytes > limit ? tooLarge() : broken();
      if (!xml) continue;
      // Outside a tag text runs to the next '<'; inside, the tag runs to its '>'.
      let i = 0;
      while (i < chunk.length) {
        const end = chunk.indexOf(inTag ? 0x3e : 0x3c, i);
        if (end < 0) {
          run += chunk.length - i;
          break;
        }
        run += end - i;
        if (run > IMPORT_LIMITS.xlsxRunBytes) break;
        run = 0;
        inTag = !inTag;
        i = end + 1;
      }
      if (run > IMPORT_LIMITS.xlsxRunBytes) throw new ImportFileRefused(IMPORT_MESSAGES.cellTooLong);
    }
  } catch (error) {
    if (error instanceof ImportFileRefused) throw error;
    throw broken();
  } finally {
    source.destroy();
    inflate?.destroy();
  }
  if (bytes !== entry.size) throw broken();
}

import fs from 'node:fs';
import zlib from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@car/contracts';
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
    const entries = await directory(handle, size);
    for (const entry of entries) await checkPart(filePath, entry);
  } finally {
    await handle.close();
  }
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where its compressed bytes start. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
/** A ZIP64 package says so with these in the classic fields: larger than any workbook this product takes. */
const ZIP64_16 = 0xffff;
const ZIP64_32 = 0xffffffff;

const broken = (): ImportFileRefused => new ImportFileRefused(IMPORT_MESSAGES.xlsxBroken);

async function read(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw broken();
  return buffer;
}

/** The central directory's entries, each checked against its local header, laid end to end up to the directory. */
async function directory(handle: fs.promises.FileHandle, size: number): Promise<Entry[]> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await read(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw broken();
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryStart = tail.readUInt32LE(at + 16);
  if (count === ZIP64_16 || directorySize === ZIP64_32 || directoryStart === ZIP64_32) throw new ImportFileRefused(IMPORT_MESSAGES.xlsxTooLarge);
  if (count > IMPORT_LIMITS.xlsxParts) throw new ImportFileRefused(IMPORT_MESSAGES.xlsxTooLarge);
  if (directoryStart + directorySize > size - tailLength + at) throw broken();
  const central = await read(handle, directoryStart, directorySize);
  const entries: Entry[] = [];
  let next = 0;
  let offset = 0;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > central.length || central.readUInt32LE(offset) !== CENTRAL) throw broken();
    const flags = central.readUInt16LE(offset + 8);
    const method = central.readUInt16LE(offset + 10);
    const compressedSize = central.readUInt32LE(offset + 20);
    const declared = central.readUInt32LE(offset + 24);
    const nameLength = central.readUInt16LE(offset + 28);
    const extraLength = central.readUInt16LE(offset + 30);
    const commentLength = central.readUInt16LE(offset + 32);
    const localStart = central.readUInt32LE(offset + 42);
    const name = central.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === ZIP64_32 || declared === ZIP64_32 || localStart === ZIP64_32) throw new ImportFileRefused(IMPORT_MESSAGES.xlsxTooLarge);
    // Encrypted parts, or a compression other than stored and deflate: nothing Excel writes for a workbook.
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw broken();
    if (localStart !== next) throw broken();
    const local = await read(handle, localStart, 30);
    if (local.readUInt32LE(0) !== LOCAL) throw broken();
    const localName = (await read(handle, localStart + 30, local.readUInt16LE(26))).toString('utf8');
    if (localName !== name) throw broken();
    const dataStart = localStart + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    next = dataStart + compressedSize;
    if ((flags & 8) !== 0) {
      // A data descriptor follows the data: 12 bytes, or 16 with its optional signature.
      const head = await read(handle, next, 4);
      next += head.readUInt32LE(0) === DESCRIPTOR ? 16 : 12;
    }
    if (next > directoryStart) throw broken();
    entries.push({ name, method, compressedSize, size: declared, dataStart });
  }
  if (next !== directoryStart) throw broken();
  return entries;
}

/** Worksheets are streamed row by row; every other part (shared strings, styles, the workbook) is read whole. */
const isWorksheet = (name: string): boolean => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
const isXml = (name: string): boolean => /\.(xml|rels)$/i.test(name);

/** Inflates one part, counting its bytes and its longest run of text or tag, without keeping it. */
async function checkPart(filePath: string, entry: Entry): Promise<void> {
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

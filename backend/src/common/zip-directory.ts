import type fs from 'node:fs';

/** One entry of a zip's central directory, checked against its local header. */
export interface ZipEntry {
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

/** Why a zip is refused: its structure does not hold, or it is larger than the caller takes (ZIP64, too many entries). */
export class ZipRefused extends Error {
  constructor(readonly reason: 'broken' | 'tooLarge') {
    super(`zip ${reason}`);
  }
}

const broken = (): ZipRefused => new ZipRefused('broken');
const tooLarge = (): ZipRefused => new ZipRefused('tooLarge');

/** Reads `length` bytes at `position`, all of them or none. */
export type ZipReader = (position: number, length: number) => Promise<Buffer>;

/** A reader of an open file. */
export function fileReader(handle: fs.promises.FileHandle): ZipReader {
  return async (position, length) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    if (bytesRead !== length) throw broken();
    return buffer;
  };
}

/** A reader of bytes in memory (an upload). */
export function bufferReader(content: Buffer): ZipReader {
  return (position, length) =>
    position < 0 || position + length > content.length ? Promise.reject(broken()) : Promise.resolve(content.subarray(position, position + length));
}

/**
 * The central directory's entries of a zip of `size` bytes, each checked against its local header, laid end to
 * end up to the directory, so a streaming unzip sees no entry this did not (decision 138). At most `maxEntries`.
 */
export async function zipDirectory(read: ZipReader, size: number, maxEntries: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await read(size - tailLength, tailLength);
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
  if (count === ZIP64_16 || directorySize === ZIP64_32 || directoryStart === ZIP64_32) throw tooLarge();
  if (count > maxEntries) throw tooLarge();
  if (directoryStart + directorySize > size - tailLength + at) throw broken();
  const central = await read(directoryStart, directorySize);
  const entries: ZipEntry[] = [];
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
    if (compressedSize === ZIP64_32 || declared === ZIP64_32 || localStart === ZIP64_32) throw tooLarge();
    // Encrypted parts, or a compression other than stored and deflate: nothing Excel writes for a workbook.
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw broken();
    if (localStart !== next) throw broken();
    const local = await read(localStart, 30);
    if (local.readUInt32LE(0) !== LOCAL) throw broken();
    const localName = (await read(localStart + 30, local.readUInt16LE(26))).toString('utf8');
    if (localName !== name) throw broken();
    const dataStart = localStart + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    next = dataStart + compressedSize;
    if ((flags & 8) !== 0) {
      // A data descriptor follows the data: 12 bytes, or 16 with its optional signature.
      const head = await read(next, 4);
      next += head.readUInt32LE(0) === DESCRIPTOR ? 16 : 12;
    }
    if (next > directoryStart) throw broken();
    entries.push({ name, method, compressedSize, size: declared, dataStart });
  }
  if (next !== directoryStart) throw broken();
  return entries;
}

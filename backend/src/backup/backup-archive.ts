import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * One backup (decision 229): a folder holding the database, the files of DATA_DIR the app serves or signs with,
 * and a manifest naming each with its size and SHA-256, so a restore checks the whole archive before it changes
 * anything. The database is either `pg_dump -Fc`'s one file (format 1, a DATABASE_URL server with its client
 * programs) or each table's rows as COPY wrote them, read in one snapshot (format 2, the embedded PostgreSQL,
 * for which the machine has no pg_dump; decision 264).
 */
export const BACKUP_FORMAT = 1;
export const COPY_BACKUP_FORMAT = 2;
export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.dump';
/** Format 2: one gzip-compressed COPY text file per table. */
export const TABLES_DIR = 'database';
export const FILES_DIR = 'files';

/**
 * The entries of DATA_DIR a backup keeps: reports (and their bundles), exports, uploaded import files, and the
 * generated JWT and mini-program secrets (without them every session and signed link of the old server is
 * refused). Not `postgres/` (the embedded database: the dump holds it) nor caches such as `bench/`.
 */
export const DATA_DIR_ENTRIES = ['reports', 'exports', 'imports', 'jwt-secret', 'mp-secret'] as const;

/** Files still being written (renamed when complete) are not kept. */
const PARTIAL = /\.(part|partial)$/;

export interface ArchivedFile {
  /** Relative to DATA_DIR, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

/** One table of a format-2 archive: its rows as `COPY … TO STDOUT` wrote them (text format, gzip), in `columns`' order. */
export interface ArchivedTable {
  /** schema.table */
  table: string;
  columns: string[];
  rows: number;
  /** Relative to the archive's folder (under TABLES_DIR). */
  file: ArchivedFile;
}

/** A sequence's last value at the backup (null: never used). */
export interface ArchivedSequence {
  /** schema.sequence */
  sequence: string;
  value: string | null;
}

interface ManifestCommon {
  createdAt: string;
  files: ArchivedFile[];
}

export interface DumpManifest extends ManifestCommon {
  format: typeof BACKUP_FORMAT;
  database: { serverVersion: string; migrations: string[]; dump: ArchivedFile };
}

export interface CopyManifest extends ManifestCommon {
  format: typeof COPY_BACKUP_FORMAT;
  database: { serverVersion: string; migrations: string[]; tables: ArchivedTable[]; sequences: ArchivedSequence[] };
}

export type BackupManifest = DumpManifest | CopyManifest;

/** The files of the archive that hold the database, relative to its folder. */
export function databaseFiles(manifest: BackupManifest): ArchivedFile[] {
  return manifest.format === BACKUP_FORMAT ? [manifest.database.dump] : manifest.database.tables.map((table) => table.file);
}

/** The database's size in the archive. */
export function databaseBytes(manifest: BackupManifest): number {
  return databaseFiles(manifest).reduce((sum, file) => sum + file.bytes, 0);
}

/** The files of DATA_DIR a backup keeps, relative to it. */
export function listDataFiles(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    const full = path.join(dataDir, relative);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) walk(path.posix.join(relative, entry));
    } else if (stat.isFile() && !PARTIAL.test(relative)) {
      found.push(relative);
    }
  };
  for (const entry of DATA_DIR_ENTRIES) walk(entry);
  return found;
}

/** The entries of DATA_DIR a restore would overwrite: those that exist and hold a file. */
export function occupiedEntries(dataDir: string): string[] {
  return DATA_DIR_ENTRIES.filter((entry) => listDataFilesOf(dataDir, entry) > 0);
}

function listDataFilesOf(dataDir: string, entry: string): number {
  const full = path.join(dataDir, entry);
  const stat = fs.lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return 1;
  return fs.readdirSync(full, { recursive: true }).filter((name) => fs.lstatSync(path.join(full, String(name))).isFile()).length;
}

export async function describeFile(root: string, relative: string): Promise<ArchivedFile> {
  const full = path.join(root, relative);
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(full)) hash.update(chunk as Buffer);
  return { path: relative, bytes: fs.statSync(full).size, sha256: hash.digest('hex') };
}

/** Copies one file, keeping a secret's owner-only mode. */
export function copyFile(fromRoot: string, toRoot: string, relative: string): void {
  const target = path.join(toRoot, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(fromRoot, relative), target);
  fs.chmodSync(target, fs.statSync(path.join(fromRoot, relative)).mode & 0o777);
}

/** The manifest of an archive folder, or a Chinese refusal naming what is wrong with it. */
export function readManifest(archive: string): BackupManifest {
  const file = path.join(archive, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Error(`${archive} 不是备份：其中没有 ${MANIFEST_FILE}（npm run backup 写出的文件夹才能恢复）`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${file} 不是有效的 JSON：备份已损坏`);
  }
  const format: unknown = manifest.format;
  if (format !== BACKUP_FORMAT && format !== COPY_BACKUP_FORMAT) {
    throw new Error(`备份格式为 ${String(format)}，本版本只能恢复格式 ${BACKUP_FORMAT} 和 ${COPY_BACKUP_FORMAT}`);
  }
  let named: unknown[];
  try {
    named = [...databaseFiles(manifest), ...manifest.files].map((f) => f.path);
  } catch {
    throw new Error(`${file} 不完整：备份已损坏`);
  }
  const outside = named.findIndex((relative) => !insideFolder(relative));
  if (outside >= 0) throw new Error(`${file} 列出的文件 ${JSON.stringify(named[outside]) ?? '（无路径）'} 不在备份文件夹之内：备份已损坏`);
  return manifest;
}

/** A relative path with forward slashes that stays inside its folder (no `..`, no absolute path, no backslash). */
function insideFolder(relative: unknown): boolean {
  return (
    typeof relative === 'string' &&
    relative !== '' &&
    !relative.startsWith('/') &&
    !relative.includes('\\') &&
    !relative.includes('\0') &&
    relative.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** Checks every file the manifest names against its size and SHA-256: the archive's damage found before anything is restored. */
export async function verifyArchive(archive: string, manifest: BackupManifest): Promise<void> {
  const expected = [
    ...databaseFiles(manifest).map((file) => ({ root: archive, file })),
    ...manifest.files.map((file) => ({ root: path.join(archive, FILES_DIR), file })),
  ];
  const damaged: string[] = [];
  for (const { root, file } of expected) {
    if (!fs.existsSync(path.join(root, file.path))) {
      damaged.push(`${file.path}（缺失）`);
      continue;
    }
    const actual = await describeFile(root, file.path);
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256) damaged.push(`${file.path}（内容与清单不符）`);
  }
  if (damaged.length > 0) {
    throw new Error(`备份已损坏，未做任何恢复：${damaged.slice(0, 10).join('、')}${damaged.length > 10 ? ` 等 ${damaged.length} 个文件` : ''}`);
  }
}

/** How long since `since` (a Date.now()), as the commands print it. */
export function secondsSince(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} 秒`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

/** A database URL without its password, for what the commands print. */
export function shownUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

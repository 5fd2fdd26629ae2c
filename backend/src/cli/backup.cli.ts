import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DUMP_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  BACKUP_FORMAT,
  COPY_BACKUP_FORMAT,
  TABLES_DIR,
  ArchivedFile,
  BackupManifest,
  CopyManifest,
  DumpManifest,
  copyFile,
  databaseBytes,
  describeFile,
  listDataFiles,
  megabytes,
  secondsSince,
  shownUrl,
} from '../backup/backup-archive';
import { loadConfig } from '../config/config';
import { DatabaseFacts, FoundTool, databaseFacts, findPgTool, runPgTool } from '../database/pg-tools';
import { resolveDatabase } from '../database/resolve-database';
import { copyOutDatabase } from '../database/table-copy';

/**
 * `npm run backup -- [--out FOLDER]`: the database and the files of DATA_DIR that matter, into one new folder
 * (default backups/car-backup-<time> under the current folder), written as `<folder>.partial` and renamed when
 * whole (decision 229). A DATABASE_URL server is dumped by `pg_dump -Fc` when the machine has one as new as the
 * server; the embedded PostgreSQL, and a server with no such pg_dump, as each table's rows read in one snapshot
 * (decision 264).
 */
async function main(): Promise<void> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const out = path.resolve(outAt >= 0 && args[outAt + 1] ? args[outAt + 1] : path.join('backups', `car-backup-${stamp}`));
  if (fs.existsSync(out)) throw new Error(`${out} 已存在：请换一个 --out 文件夹，备份不覆盖已有的文件`);
  const partial = `${out}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.join(partial, FILES_DIR), { recursive: true });

  const database = await resolveDatabase(config, say);
  try {
    const facts = await databaseFacts(database.url);
    say(`数据库 ${shownUrl(database.url)}（${database.embedded ? '内置 ' : ''}PostgreSQL ${facts.serverVersion}，已运行 ${facts.migrations.length} 个迁移）`);
    let pgDump: FoundTool | null = null;
    if (database.embedded) {
      say('内置 PostgreSQL 不带 pg_dump：在一个快照中以 COPY 导出每张表（应用可继续运行）');
    } else {
      try {
        pgDump = findPgTool('pg_dump', facts.serverMajor, config.PG_BIN_DIR);
      } catch (error) {
        say(`${error instanceof Error ? error.message : String(error)}。改为在一个快照中以 COPY 导出每张表`);
      }
    }
    const dumpStarted = Date.now();
    const manifestDatabase = pgDump ? await dumpDatabase(pgDump, database.url, partial, facts) : await copyDatabase(database.url, partial);

    // After the database: a report written meanwhile is an extra file no row names (harmless), never a row without its file.
    const relatives = listDataFiles(config.DATA_DIR);
    say(`DATA_DIR（${config.DATA_DIR}）的 ${relatives.length} 个文件 → ${FILES_DIR}/ …`);
    const files: ArchivedFile[] = [];
    for (const relative of relatives) {
      copyFile(config.DATA_DIR, path.join(partial, FILES_DIR), relative);
      files.push(await describeFile(path.join(partial, FILES_DIR), relative));
    }
    const createdAt = new Date().toISOString();
    const manifest: BackupManifest =
      'dump' in manifestDatabase
        ? { format: BACKUP_FORMAT, createdAt, database: manifestDatabase, files }
        : { format: COPY_BACKUP_FORMAT, createdAt, database: manifestDatabase, files };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, out);
    const dbBytes = databaseBytes(manifest);
    const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const byEntry = new Map<string, number>();
    for (const f of files) byEntry.set(f.path.split('/')[0], (byEntry.get(f.path.split('/')[0]) ?? 0) + 1);
    say(`完成，${secondsSince(started)}（数据库 ${secondsSince(dumpStarted)}）：${out}`);
    say(`  ${MANIFEST_FILE}（清单：每个文件的大小与 SHA-256）`);
    if (manifest.format === BACKUP_FORMAT) say(`  ${DUMP_FILE}（${megabytes(dbBytes)}，${manifest.database.migrations.length} 个迁移）`);
    else say(`  ${TABLES_DIR}/（${manifest.database.tables.length} 张表，${megabytes(dbBytes)}，${manifest.database.migrations.length} 个迁移）`);
    say(`  ${FILES_DIR}/（${files.length} 个文件，${megabytes(fileBytes)}：${[...byEntry].map(([entry, n]) => `${entry} ${n}`).join('，') || '无'}）`);
    process.stdout.write(
      `${JSON.stringify({ archive: out, format: manifest.format, dumpBytes: dbBytes, files: files.length, fileBytes, seconds: (Date.now() - started) / 1000 })}\n`,
    );
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await database.stop();
  }
}

/** Format 1: `pg_dump --format=custom` into DUMP_FILE. */
async function dumpDatabase(pgDump: FoundTool, url: string, partial: string, facts: DatabaseFacts): Promise<DumpManifest['database']> {
  say(`pg_dump ${pgDump.major}（${pgDump.file}）导出数据库 → ${DUMP_FILE} …`);
  const dumpFile = path.join(partial, DUMP_FILE);
  const dumpStarted = Date.now();
  const ticker = setInterval(() => say(`  ${DUMP_FILE} ${megabytes(fs.statSync(dumpFile, { throwIfNoEntry: false })?.size ?? 0)} …`), 10_000);
  try {
    await runPgTool(pgDump, ['--format=custom', `--file=${dumpFile}`, `--dbname=${url}`]);
  } finally {
    clearInterval(ticker);
  }
  const dump = await describeFile(partial, DUMP_FILE);
  say(`${DUMP_FILE} ${megabytes(dump.bytes)}，${secondsSince(dumpStarted)}`);
  return { serverVersion: facts.serverVersion, migrations: facts.migrations, dump };
}

/** Format 2: every table's rows in one snapshot into TABLES_DIR, each file described for the manifest. */
async function copyDatabase(url: string, partial: string): Promise<CopyManifest['database']> {
  say(`导出每张表 → ${TABLES_DIR}/ …`);
  let bytes = 0;
  const copyStarted = Date.now();
  const ticker = setInterval(() => say(`  ${TABLES_DIR}/ ${megabytes(bytes)} …`), 10_000);
  let copied;
  try {
    copied = await copyOutDatabase(url, path.join(partial, TABLES_DIR), (_table, size) => (bytes += size));
  } finally {
    clearInterval(ticker);
  }
  const tables = [];
  for (const table of copied.tables) {
    tables.push({ table: table.table, columns: table.columns, rows: table.rows, file: await describeFile(partial, `${TABLES_DIR}/${table.file}`) });
  }
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  say(`${TABLES_DIR}/ ${tables.length} 张表，${rows.toLocaleString('en-US')} 行，${megabytes(bytes)}，${secondsSince(copyStarted)}`);
  return { serverVersion: copied.serverVersion, migrations: copied.migrations, tables, sequences: copied.sequences };
}

function say(message: string): void {
  process.stderr.write(`[backup] ${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[backup] 备份失败：${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

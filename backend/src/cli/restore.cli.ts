import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  BACKUP_FORMAT,
  DATA_DIR_ENTRIES,
  DUMP_FILE,
  FILES_DIR,
  BackupManifest,
  copyFile,
  databaseBytes,
  megabytes,
  secondsSince,
  occupiedEntries,
  readManifest,
  shownUrl,
  verifyArchive,
} from '../backup/backup-archive';
import { loadConfig } from '../config/config';
import { createDatabaseIfMissing, databaseFacts, findPgTool, runPgTool } from '../database/pg-tools';
import { resolveDatabase } from '../database/resolve-database';
import { copyInDatabase, migrationsOf } from '../database/table-copy';

/** The exit code of a refusal that changed nothing (a non-empty target without --replace, a damaged archive). */
const REFUSED = 2;

class Refusal extends Error {}

/**
 * `npm run restore -- <backup folder> [--replace]`: the archive's database into DATABASE_URL (created when its
 * server lacks it; else the embedded one under DATA_DIR, initialised when new: the folder `npm start` uses next)
 * and its files into DATA_DIR. A database with tables or a DATA_DIR holding reports, exports, imports or secrets
 * is refused unless --replace is given; the whole archive is checked against its manifest first (decision 229).
 * A `pg_dump` archive (format 1) goes in through pg_restore, a table archive (format 2) through its migrations
 * and COPY (decision 264). The app runs the migrations of its own release when it next starts, so an older
 * backup opens in a newer release.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const archiveArg = args.find((a) => !a.startsWith('--'));
  if (!archiveArg) throw new Refusal('请指明要恢复的备份文件夹：npm run restore -- backups/car-backup-… [--replace]');
  const archive = path.resolve(archiveArg);
  const config = loadConfig();

  let manifest: BackupManifest;
  try {
    manifest = readManifest(archive);
    say(
      `备份 ${archive}：${manifest.createdAt} 写出，PostgreSQL ${manifest.database.serverVersion}，${manifest.database.migrations.length} 个迁移，` +
        `${manifest.format === BACKUP_FORMAT ? 'pg_dump 导出' : `${manifest.database.tables.length} 张表`}，${manifest.files.length} 个文件`,
    );
    if (manifest.format !== BACKUP_FORMAT) migrationsOf(manifest.database.migrations);
    say('核对清单中每个文件的大小与 SHA-256 …');
    await verifyArchive(archive, manifest);
  } catch (error) {
    throw new Refusal(error instanceof Error ? error.message : String(error));
  }

  const occupied = occupiedEntries(config.DATA_DIR);
  if (occupied.length > 0 && !replace) {
    throw new Refusal(`数据目录 ${config.DATA_DIR} 已有 ${occupied.join('、')}：恢复会覆盖它们。请恢复到新的数据目录（DATA_DIR），或确认覆盖后加 --replace`);
  }

  const database = await resolveDatabase(config, say);
  try {
    if (!database.embedded && (await createDatabaseIfMissing(database.url))) say(`新建数据库 ${shownUrl(database.url)}`);
    const facts = await databaseFacts(database.url);
    if (facts.tables > 0 && !replace) {
      throw new Refusal(
        `目标数据库 ${shownUrl(database.url)} 不是空的（已有 ${facts.tables} 张表）：恢复会覆盖其中的数据。请恢复到新的数据库，或确认覆盖后加 --replace`,
      );
    }
    const restoreStarted = Date.now();
    const ticker = setInterval(() => say(`  恢复数据库中，已 ${secondsSince(restoreStarted)} …`), 15_000);
    try {
      if (manifest.format === BACKUP_FORMAT) {
        const pgRestore = findPgTool('pg_restore', facts.serverMajor, config.PG_BIN_DIR);
        say(`pg_restore ${pgRestore.major}（${pgRestore.file}）→ ${shownUrl(database.url)}（${megabytes(databaseBytes(manifest))}）…`);
        await runPgTool(pgRestore, [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--jobs=2',
          ...(replace && facts.tables > 0 ? ['--clean', '--if-exists'] : []),
          `--dbname=${database.url}`,
          path.join(archive, DUMP_FILE),
        ]);
      } else {
        say(
          `${manifest.database.migrations.length} 个迁移与 ${manifest.database.tables.length} 张表的行（${megabytes(databaseBytes(manifest))}）→ ${shownUrl(database.url)} …`,
        );
        const tables = manifest.database.tables.map((table) => ({ ...table, file: table.file.path }));
        await copyInDatabase(database.url, { ...manifest.database, tables }, (file) => fs.createReadStream(path.join(archive, file)), {
          replace: replace && facts.tables > 0,
          say,
        });
      }
    } finally {
      clearInterval(ticker);
    }
    say(`数据库已恢复，${secondsSince(restoreStarted)}`);

    if (replace) for (const entry of DATA_DIR_ENTRIES) fs.rmSync(path.join(config.DATA_DIR, entry), { recursive: true, force: true });
    say(`${manifest.files.length} 个文件 → ${config.DATA_DIR} …`);
    for (const file of manifest.files) copyFile(path.join(archive, FILES_DIR), config.DATA_DIR, file.path);
    const after = await databaseFacts(database.url);
    say(
      `完成，${secondsSince(started)}：数据库 ${shownUrl(database.url)}（${after.tables} 张表，${after.migrations.length} 个迁移），数据目录 ${config.DATA_DIR}`,
    );
    say('启动应用（npm start）时会运行本版本尚未运行的迁移');
    process.stdout.write(
      `${JSON.stringify({ database: shownUrl(database.url), dataDir: config.DATA_DIR, tables: after.tables, files: manifest.files.length, seconds: (Date.now() - started) / 1000 })}\n`,
    );
  } finally {
    await database.stop();
  }
}

function say(message: string): void {
  process.stderr.write(`[restore] ${message}\n`);
}

main().catch((error: unknown) => {
  const refused = error instanceof Refusal;
  process.stderr.write(`[restore] ${refused ? '拒绝恢复，未做任何改动' : '恢复失败'}：${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(refused ? REFUSED : 1);
});

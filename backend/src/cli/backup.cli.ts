import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DUMP_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  BACKUP_FORMAT,
  BackupManifest,
  copyFile,
  describeFile,
  listDataFiles,
  megabytes,
  secondsSince,
  shownUrl,
} from '../backup/backup-archive';
import { loadConfig } from '../config/config';
import { databaseFacts, findPgTool, runPgTool } from '../database/pg-tools';
import { resolveDatabase } from '../database/resolve-database';

/**
 * `npm run backup -- [--out FOLDER]`: the database (DATABASE_URL, else the embedded one) as `pg_dump -Fc`
 * and the files of DATA_DIR that matter, into one new folder (default backups/car-backup-<time> under the
 * current folder), written as `<folder>.partial` and renamed when whole (decision 229).
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
    say(`数据库 ${shownUrl(database.url)}（PostgreSQL ${facts.serverVersion}，已运行 ${facts.migrations.length} 个迁移）`);
    const pgDump = findPgTool('pg_dump', facts.serverMajor, config.PG_BIN_DIR);
    say(`pg_dump ${pgDump.major}（${pgDump.file}）导出数据库 → ${DUMP_FILE} …`);
    const dumpFile = path.join(partial, DUMP_FILE);
    const dumpStarted = Date.now();
    const ticker = setInterval(() => say(`  ${DUMP_FILE} ${megabytes(fs.statSync(dumpFile, { throwIfNoEntry: false })?.size ?? 0)} …`), 10_000);
    try {
      await runPgTool(pgDump, ['--format=custom', `--file=${dumpFile}`, `--dbname=${database.url}`]);
    } finally {
      clearInterval(ticker);
    }
    const dump = await describeFile(partial, DUMP_FILE);
    say(`${DUMP_FILE} ${megabytes(dump.bytes)}，${secondsSince(dumpStarted)}`);

    // After the dump: a report written meanwhile is an extra file no row names (harmless), never a row without its file.
    const relatives = listDataFiles(config.DATA_DIR);
    say(`DATA_DIR（${config.DATA_DIR}）的 ${relatives.length} 个文件 → ${FILES_DIR}/ …`);
    const files = [];
    for (const relative of relatives) {
      copyFile(config.DATA_DIR, path.join(partial, FILES_DIR), relative);
      files.push(await describeFile(path.join(partial, FILES_DIR), relative));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: { serverVersion: facts.serverVersion, migrations: facts.migrations, dump },
      files,
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, out);
    const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const byEntry = new Map<string, number>();
    for (const f of files) byEntry.set(f.path.split('/')[0], (byEntry.get(f.path.split('/')[0]) ?? 0) + 1);
    say(`完成，${secondsSince(started)}：${out}`);
    say(`  ${MANIFEST_FILE}（清单：每个文件的大小与 SHA-256）`);
    say(`  ${DUMP_FILE}（${megabytes(dump.bytes)}，${facts.migrations.length} 个迁移）`);
    say(`  ${FILES_DIR}/（${files.length} 个文件，${megabytes(fileBytes)}：${[...byEntry].map(([entry, n]) => `${entry} ${n}`).join('，') || '无'}）`);
    process.stdout.write(
      `${JSON.stringify({ archive: out, dumpBytes: dump.bytes, files: files.length, fileBytes, seconds: (Date.now() - started) / 1000 })}\n`,
    );
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await database.stop();
  }
}

function say(message: string): void {
  process.stderr.write(`[backup] ${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[backup] 备份失败：${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  BACKUP_FORMAT,
  BackupManifest,
  DUMP_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  describeFile,
  listDataFiles,
  occupiedEntries,
  readManifest,
  verifyArchive,
} from './backup-archive';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-archive-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(relative: string, text = relative): void {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), text);
}

describe('the files of DATA_DIR a backup keeps', () => {
  it('keeps reports, bundles, exports, imports and the two secrets; not the embedded database, caches or files being written', () => {
    write('reports/a.xlsx');
    write('reports/bundles/1.zip');
    write('reports/b.pptx.part');
    write('exports/9.xlsx');
    write('exports/10.xlsx.partial');
    write('imports/upload-1');
    write('jwt-secret');
    write('mp-secret');
    write('postgres/PG_VERSION');
    write('bench/retail.parquet');
    expect(listDataFiles(dir)).toEqual(['reports/a.xlsx', 'reports/bundles/1.zip', 'exports/9.xlsx', 'imports/upload-1', 'jwt-secret', 'mp-secret']);
  });

  it('a data folder holding only the embedded database or empty folders is free to restore into', () => {
    write('postgres/PG_VERSION');
    fs.mkdirSync(path.join(dir, 'reports', 'bundles'), { recursive: true });
    expect(occupiedEntries(dir)).toEqual([]);
    write('reports/bundles/1.zip');
    write('jwt-secret');
    expect(occupiedEntries(dir)).toEqual(['reports', 'jwt-secret']);
  });
});

describe('an archive is checked against its manifest before anything is restored', () => {
  async function archive(): Promise<BackupManifest> {
    write(DUMP_FILE, 'dump');
    write(`${FILES_DIR}/reports/a.xlsx`, 'report');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: '2026-11-27T13:00:00.000Z',
      database: { serverVersion: '15.20', migrations: ['A1'], dump: await describeFile(dir, DUMP_FILE) },
      files: [await describeFile(path.join(dir, FILES_DIR), 'reports/a.xlsx')],
    };
    write(MANIFEST_FILE, JSON.stringify(manifest));
    return manifest;
  }

  it('a whole archive passes', async () => {
    const manifest = await archive();
    expect(readManifest(dir)).toEqual(manifest);
    await expect(verifyArchive(dir, manifest)).resolves.toBeUndefined();
  });

  it('a changed or missing file is named in Chinese', async () => {
    const manifest = await archive();
    write(`${FILES_DIR}/reports/a.xlsx`, 'tampered');
    fs.rmSync(path.join(dir, DUMP_FILE));
    await expect(verifyArchive(dir, manifest)).rejects.toThrow('备份已损坏，未做任何恢复：database.dump（缺失）、reports/a.xlsx（内容与清单不符）');
  });

  it('a folder without a manifest is not a backup', () => {
    expect(() => readManifest(dir)).toThrow(`${dir} 不是备份：其中没有 manifest.json`);
  });
});

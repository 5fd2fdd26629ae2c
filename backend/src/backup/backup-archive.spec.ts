import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  BACKUP_FORMAT,
  COPY_BACKUP_FORMAT,
  BackupManifest,
  CopyManifest,
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

  async function tableArchive(): Promise<CopyManifest> {
    write('database/001-public.car.tsv.gz', 'rows');
    write(`${FILES_DIR}/jwt-secret`, 'secret');
    const manifest: CopyManifest = {
      format: COPY_BACKUP_FORMAT,
      createdAt: '2026-12-06T01:00:00.000Z',
      database: {
        serverVersion: '18.1',
        migrations: ['A1'],
        tables: [{ table: 'public.car', columns: ['id', 'name'], rows: 1, file: await describeFile(dir, 'database/001-public.car.tsv.gz') }],
        sequences: [{ sequence: 'public.car_id_seq', value: '1' }],
      },
      files: [await describeFile(path.join(dir, FILES_DIR), 'jwt-secret')],
    };
    write(MANIFEST_FILE, JSON.stringify(manifest));
    return manifest;
  }

  it('a table archive (format 2) passes whole and names a damaged table file', async () => {
    const manifest = await tableArchive();
    expect(readManifest(dir)).toEqual(manifest);
    await expect(verifyArchive(dir, manifest)).resolves.toBeUndefined();
    write('database/001-public.car.tsv.gz', 'other rows');
    await expect(verifyArchive(dir, manifest)).rejects.toThrow('备份已损坏，未做任何恢复：database/001-public.car.tsv.gz（内容与清单不符）');
  });

  it.each(['../../etc/passwd', '/etc/passwd', 'reports/../../x', 'reports\\..\\x', 'reports//a', ''])(
    'a manifest naming %j, outside its folder, is refused before any file is read',
    async (outside) => {
      const manifest = await tableArchive();
      write(MANIFEST_FILE, JSON.stringify({ ...manifest, files: [{ ...manifest.files[0], path: outside }] }));
      expect(() => readManifest(dir)).toThrow('不在备份文件夹之内：备份已损坏');
      write(
        MANIFEST_FILE,
        JSON.stringify({ ...manifest, database: { ...manifest.database, tables: [{ ...manifest.database.tables[0], file: { path: outside } }] } }),
      );
      expect(() => readManifest(dir)).toThrow('不在备份文件夹之内：备份已损坏');
    },
  );

  it('a format this release does not know, or a manifest without its lists, is refused', async () => {
    const manifest = await tableArchive();
    write(MANIFEST_FILE, JSON.stringify({ ...manifest, format: 3 }));
    expect(() => readManifest(dir)).toThrow('备份格式为 3，本版本只能恢复格式 1 和 2');
    write(MANIFEST_FILE, JSON.stringify({ ...manifest, database: { serverVersion: '18.1', migrations: [] } }));
    expect(() => readManifest(dir)).toThrow('不完整：备份已损坏');
  });
});

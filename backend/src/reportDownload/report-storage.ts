import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { ReportFileType } from '@car/contracts';
import { APP_CONFIG, AppConfig } from '../config/config';

/** A stored file's generated name: a random id and the kind's extension, never a name a user chose. */
const STORED_NAME = /^[0-9a-f-]{36}\.(xlsx|docx|pptx|pdf)$/;

/**
 * Where report files live (DATA_DIR/reports): every file under a generated name, written to a partial
 * name first and renamed once complete, so a half-written report is never served. Uploads and the
 * monthly report job write through here alike.
 */
@Injectable()
export class ReportStorage {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'reportsDir'>) {}

  get dir(): string {
    return this.config.reportsDir;
  }

  /** Writes a new file of `type` by `write(partialPath)`; answers its stored name and size. */
  async write(type: ReportFileType, write: (partialPath: string) => Promise<void>): Promise<{ fileName: string; fileSize: number }> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const fileName = `${randomUUID()}.${type}`;
    const partial = path.join(this.dir, `${fileName}.part`);
    try {
      await write(partial);
      await fs.promises.rename(partial, path.join(this.dir, fileName));
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    const { size } = await fs.promises.stat(path.join(this.dir, fileName));
    return { fileName, fileSize: size };
  }

  /** Stores content already in memory (an upload). */
  async save(type: ReportFileType, content: Buffer): Promise<{ fileName: string; fileSize: number }> {
    return this.write(type, (partial) => fs.promises.writeFile(partial, content));
  }

  /** The path of a stored file; a name that is not one of ours (a path, '..') is refused. */
  pathOf(fileName: string): string {
    if (!STORED_NAME.test(fileName) && !/^report-\d+-\d{6}\.xlsx$/.test(fileName)) throw new Error(`not a stored report name: ${fileName}`);
    return path.join(this.dir, fileName);
  }

  exists(fileName: string): boolean {
    try {
      return fs.statSync(this.pathOf(fileName)).isFile();
    } catch {
      return false;
    }
  }

  async remove(fileNames: readonly string[]): Promise<void> {
    for (const name of fileNames) await fs.promises.rm(this.pathOf(name), { force: true });
  }

  /** The folder of the bundles (.zip of several reports). */
  get bundleDir(): string {
    return path.join(this.dir, 'bundles');
  }
}

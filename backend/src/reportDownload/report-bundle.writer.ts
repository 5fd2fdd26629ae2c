import fs from 'node:fs';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { ZipArchive, type ZipEntryData } from 'archiver';
import { REPORT_MESSAGES } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { ReportRecord } from './report.repository';
import { ReportStorage } from './report-storage';

/** A file's extension (its stored kind). */
export const typeOfStored = (fileName: string) => path.extname(fileName).slice(1);

/** The name a report has inside a download: its display name and its kind, made unique within one bundle. */
export function entryNames(reports: readonly Pick<ReportRecord, 'name' | 'fileName'>[]): string[] {
  const used = new Set<string>();
  return reports.map((report) => {
    const ext = typeOfStored(report.fileName);
    let name = `${report.name}.${ext}`;
    for (let n = 2; used.has(name); n++) name = `${report.name} (${n}).${ext}`;
    used.add(name);
    return name;
  });
}

/** Where a bundle's zip is written until it is complete (then renamed to `target`). */
export const partialBundleOf = (target: string): string => `${target}.part`;

/**
 * Writes a .zip of reports with archiver, streamed file by file to a partial name and renamed once
 * complete. Office files are zips already and are stored as they are; PDFs are deflated.
 */
@Injectable()
export class ReportBundleWriter {
  constructor(private readonly storage: ReportStorage) {}

  async write(target: string, reports: readonly ReportRecord[], added: (files: number) => Promise<void>): Promise<void> {
    for (const report of reports) if (!this.storage.exists(report.fileName)) throw ApiException.notFound(REPORT_MESSAGES.fileMissing);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const partial = partialBundleOf(target);
    const output = fs.createWriteStream(partial);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    let reported = Promise.resolve();
    try {
      await new Promise<void>((resolve, reject) => {
        output.on('close', resolve);
        output.on('error', reject);
        archive.on('error', reject);
        // A file that went missing after the check is an error, not a silently shorter bundle.
        archive.on('warning', reject);
        archive.on('progress', (progress) => {
          reported = reported.then(() => added(progress.entries.processed)).catch(() => undefined);
        });
        archive.pipe(output);
        const names = entryNames(reports);
        reports.forEach((report, i) => {
          const entry: ZipEntryData = { name: names[i], store: typeOfStored(report.fileName) !== 'pdf' };
          archive.file(this.storage.pathOf(report.fileName), entry);
        });
        void archive.finalize();
      });
      await reported;
      await fs.promises.rename(partial, target);
    } catch (error) {
      archive.abort();
      output.destroy();
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
  }
}

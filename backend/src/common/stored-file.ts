import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { attachmentHeader } from '../workbook/table-workbook';
import { ApiException } from './api-codes';

/** A file a job or an upload left in the data folder, and how it is offered to the browser. */
export interface StoredFile {
  path: string;
  /** The name the browser saves it under (Chinese allowed: sent as RFC 5987 `filename*`). */
  fileName: string;
  contentType: string;
  /** The caller's message (a 404) if the file is gone when it is opened. */
  gone: string;
}

/**
 * Streams a stored file from its path (decision 133). Not `res.sendFile`: Express's `send` refuses every
 * path through a dot-folder by default, and the default data folder is `./.data`. The file is opened before
 * any header is written, so a file removed since the service found it is still the caller's 404 message,
 * and one removed while it streams ends the response (the browser's download fails) rather than the process.
 */
export async function sendStoredFile(res: Response, file: StoredFile): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file.path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw ApiException.notFound(file.gone);
    throw error;
  }
  try {
    const { size } = await handle.stat();
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Content-Disposition', attachmentHeader(file.fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    await pipeline(handle.createReadStream({ autoClose: false }), res);
  } catch (error) {
    // Headers are out: nothing but cutting the response off tells the browser the file is incomplete.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

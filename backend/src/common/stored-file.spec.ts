import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { ApiException } from './api-codes';
import { sendStoredFile } from './stored-file';

/** A stored file served from a data folder whose path has a dot-folder in it, as `npm start`'s `./.data` does. */
describe('sendStoredFile', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-file-'));
  const dir = path.join(root, '.data', 'exports');
  const file = path.join(dir, 'abc.xlsx');
  const body = Buffer.from('PK\u0003\u0004 a workbook, byte for byte');
  let base = '';
  let server: ReturnType<express.Express['listen']>;

  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, body);
    const app = express();
    app.get('/file', (req, res) => {
      const at = req.query.gone === '1' ? path.join(dir, 'missing.xlsx') : file;
      sendStoredFile(res, { path: at, fileName: '城市零售数据_2026-01.xlsx', contentType: 'application/test', gone: '文件已过期' }).catch((error: unknown) => {
        res.status(error instanceof ApiException ? error.status : 500).json({ msg: error instanceof ApiException ? error.msg : 'bug' });
      });
    });
    await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', resolve)));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('streams the file from under a dot-folder with its type, length, RFC 5987 name and no-store', async () => {
    const answer = await fetch(`${base}/file`);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(body);
    expect(answer.headers.get('content-type')).toBe('application/test');
    expect(answer.headers.get('content-length')).toBe(String(body.length));
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="_______2026-01.xlsx"; filename*=UTF-8''${encodeURIComponent('城市零售数据_2026-01.xlsx')}`,
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  test('a file that is gone is the caller’s 404 message, before any header is written', async () => {
    const answer = await fetch(`${base}/file?gone=1`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-disposition')).toBeNull();
    expect(await answer.json()).toEqual({ msg: '文件已过期' });
  });
});

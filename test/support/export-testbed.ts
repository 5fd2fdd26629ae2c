import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, type ExportJobView } from '@car/contracts';
import { signedInApp } from './api-app';
import { binaryBody } from './shared-app';
import { testEnv } from './test-env';
import { createAnalyst } from './users';

const API = `${API_PREFIX}/dataExport`;

/** The data exports' integration tests: the API signed in as a test's own analyst, and a database client. */
export interface ExportTestbed {
  app: NestExpressApplication;
  token: string;
  db: Client;
  close(): Promise<void>;
}

export async function openExportTestbed(options: { account: string; password: string; nickname: string; address: string }): Promise<ExportTestbed> {
  const account = await createAnalyst(options.account, options.password, options.nickname);
  const { app, token } = await signedInApp({ address: options.address, account, password: options.password });
  const db = new Client({ connectionString: testEnv().databaseUrl });
  await db.connect();
  return {
    app,
    token,
    db,
    async close() {
      await db.end();
      await app.close();
    },
  };
}

/** An export followed to its end (queued and running are polled), and its workbook downloaded and opened. */
export function exportCalls(app: () => NestExpressApplication, token: () => string) {
  const server = () => request(app().getHttpServer());

  async function finished(id: string, as = token()): Promise<ExportJobView> {
    for (let i = 0; i < 600; i++) {
      const job = (await server().get(`${API}/job`).query({ id }).set('token', as).expect(200)).body.result as ExportJobView;
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  }

  async function workbookOf(job: ExportJobView, as = token()): Promise<{ workbook: ExcelJS.Workbook; disposition: string }> {
    const res = await server()
      .get(job.result!.replace(/^\/car\/api/, API_PREFIX))
      .set('token', as)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body);
    return { workbook, disposition: String(res.headers['content-disposition']) };
  }

  return { server, finished, workbookOf };
}

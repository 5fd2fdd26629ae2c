import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { testEnv } from './test-env';

export interface SignedInApp {
  app: NestExpressApplication;
  token: string;
}

/**
 * The API on a test database (this run's seeded one unless given), and one
 * sign-in for the whole file from an address of its own, so no other test's throttle window is touched.
 */
export async function signedInApp(options: {
  address: string;
  databaseUrl?: string;
  account?: string;
  password?: string;
}): Promise<SignedInApp> {
  const env = testEnv();
  const databaseUrl = options.databaseUrl ?? env.databaseUrl;
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test' });
  const app = await createApp({ config, databaseUrl }, false);
  await app.init();
  const login = await request(app.getHttpServer())
    .post('/car/api/security/login')
    .set('X-Forwarded-For', options.address)
    .send({ account: options.account ?? 'demo', password: options.password ?? 'Demo@2026' })
    .expect(200);
  return { app, token: login.body.result.token as string };
}

/** A supertest parser that collects a binary body (the .xlsx downloads) as one Buffer. */
export function binaryBody(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  // supertest hands a parser the raw response stream, typed as its own Response.
  const stream = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

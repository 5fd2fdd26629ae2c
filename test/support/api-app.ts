import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { pollUntil } from './poll';
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
  /** More configuration keys, e.g. REDIS_URL and REDIS_PREFIX for the BullMQ mode (in-process otherwise). */
  config?: Record<string, string>;
}): Promise<SignedInApp> {
  const env = testEnv();
  const databaseUrl = options.databaseUrl ?? env.databaseUrl;
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test', ...options.config });
  const app = await createApp({ config, databaseUrl }, false);
  await app.init();
  return { app, token: await signIn(app, options.account ?? 'demo', options.password ?? 'Demo@2026', options.address) };
}

/** One more sign-in on a running app (another user of the file), from the given address: its token. */
export async function signIn(app: NestExpressApplication, account: string, password: string, address: string): Promise<string> {
  const login = await request(app.getHttpServer()).post('/car/api/security/login').set('X-Forwarded-For', address).send({ account, password }).expect(200);
  return login.body.result.token as string;
}

/**
 * The app hears a commit on its LISTEN channels a moment after it (decision 234): sends until the answer satisfies
 * `done`, for at most 5 s, answering the last response.
 */
export function untilAnswer(send: () => request.Test, done: (response: request.Response) => boolean): Promise<request.Response> {
  return pollUntil(async () => await send(), done, 5_000, 20);
}

/** A supertest parser that collects a binary body (the .xlsx downloads) as one Buffer. */
export function binaryBody(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  // supertest hands a parser the raw response stream, typed as its own Response.
  const stream = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

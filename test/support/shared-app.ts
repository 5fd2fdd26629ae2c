import request from 'supertest';
import { pollUntil } from './poll';
import { testEnv } from './test-env';

/** What supertest's `request()` is pointed at: an in-process app's server, or a running app's address. */
export interface ApiTarget {
  getHttpServer(): Parameters<typeof request>[0];
}

/**
 * The jest worker's own running app (issue 43 §3): backend/dist/main.js, which the global setup started on this
 * worker's database (test-env.ts), reached over HTTP. A file that only calls the API on the run's database shares it
 * instead of booting Nest in-process; `getHttpServer()` answers its address, which supertest takes as it takes a
 * server, and `close()` leaves it running for the worker's next file. A file that needs its own database,
 * configuration or the app's providers boots its own (`signedInApp`, api-app.ts).
 */
export interface SharedApp extends ApiTarget {
  getHttpServer(): string;
  close(): Promise<void>;
}

export async function sharedApp(options: { address: string; account?: string; password?: string }): Promise<{ app: SharedApp; token: string }> {
  const baseUrl = testEnv().baseUrl;
  const app: SharedApp = { getHttpServer: () => baseUrl, close: () => Promise.resolve() };
  return { app, token: await signIn(app, options.account ?? 'demo', options.password ?? 'Demo@2026', options.address) };
}

/** One more sign-in on a running app (another user of the file), from the given address: its token. */
export async function signIn(app: ApiTarget, account: string, password: string, address: string): Promise<string> {
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

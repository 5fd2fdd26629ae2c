import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { guardProcess, inJobScope, scopeRequests } from './process-guard';

interface Logged {
  level: string;
  context: string;
  msg: string;
  fields: Record<string, unknown>;
}

/** An error that escapes a request or a job is logged with it, the request is answered 500, nothing stops. */
describe('guardProcess', () => {
  const events = new EventEmitter();
  const logged: Logged[] = [];
  guardProcess({ event: (level, context, msg, fields) => void logged.push({ level, context, msg, fields }) }, 'Process', events);
  let base = '';
  let server: ReturnType<express.Express['listen']>;

  beforeAll(async () => {
    const app = express();
    app.use(scopeRequests);
    // A handler that lets an error escape and never answers: what the process hears of it is `events`'s to hear.
    app.get('/car/api/orphan', () => setImmediate(() => events.emit('unhandledRejection', new Error('orphaned call'))));
    app.get('/page', () => setImmediate(() => events.emit('uncaughtException', new Error('thrown in a callback'))));
    await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', resolve)));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (logged.length = 0));

  test('an API request whose error escaped is answered 500 in the envelope, without a stack, and logged with its route and id', async () => {
    const answer = await fetch(`${base}/car/api/orphan?x=1`, { headers: { 'X-Request-Id': 'req-42' } });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-request-id')).toBe('req-42');
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ code: -1500, msg: '服务器内部错误，请稍后重试', result: null });
    expect(text).not.toContain('orphaned call');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        context: 'Process',
        msg: 'unhandled rejection: orphaned call',
        fields: expect.objectContaining({ requestId: 'req-42', route: 'GET /car/api/orphan' }),
      }),
    ]);
  });

  test('a page request is answered with a short Chinese page; a request id of its own is made', async () => {
    const answer = await fetch(`${base}/page`);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toContain('页面暂时无法显示');
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged[0].fields).toEqual(expect.objectContaining({ requestId: id, route: 'GET /page' }));
  });

  test('an error escaping a job names the job and fails it, though the job itself would never end', async () => {
    const job = inJobScope('job-7', 'exports.cityRetail', async () => {
      await Promise.resolve();
      setImmediate(() => events.emit('unhandledRejection', 'a string reason'));
      await new Promise(() => undefined);
    });
    await expect(job).rejects.toBe('a string reason');
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'unhandled rejection: a string reason', fields: expect.objectContaining({ jobId: 'job-7', job: 'exports.cityRetail' }) }),
    ]);
  });

  test('a job ends with its own outcome', async () => {
    await expect(inJobScope('job-8', 'reports.bundle', () => Promise.resolve(3))).resolves.toBe(3);
    await expect(inJobScope('job-9', 'reports.bundle', () => Promise.reject(new Error('own failure')))).rejects.toThrow('own failure');
    expect(logged).toEqual([]);
  });

  test('outside any work the error is still logged', () => {
    events.emit('uncaughtException', new Error('at start'));
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'uncaught exception: at start', fields: expect.not.objectContaining({ requestId: expect.anything() }) }),
    ]);
  });
});

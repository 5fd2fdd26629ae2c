import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { testEnv } from '../support/test-env';

describe('the answer envelope and its codes', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const env = testEnv();
    const config = loadConfig({ DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test' });
    app = await createApp({ config, databaseUrl: env.databaseUrl }, false);
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
  });

  test('success is code 1 with msg and result', async () => {
    const response = await request(app.getHttpServer()).get('/car/api/health').expect(200);
    expect(response.body).toEqual({
      code: 1,
      msg: '成功',
      result: {
        status: 'ok',
        database: { ok: true, latencyMs: expect.any(Number), latestMonth: '2026-10' },
        // The app's own housekeeping (the day's audit.prune, queued at start) may be running when it answers.
        queue: { mode: 'in-process', ok: true, waiting: expect.any(Number), active: expect.any(Number), failed: 0 },
      },
    });
  });

  test('an unknown path is a 404 with code -1404 and a Chinese message', async () => {
    const response = await request(app.getHttpServer()).get('/car/api/no/such/call').expect(404);
    expect(response.body).toEqual({ code: -1404, msg: '接口不存在', result: null });
  });

  test('a body that is not JSON is a 400 with code -1400, not a stack trace', async () => {
    const response = await request(app.getHttpServer()).post('/car/api/health').set('content-type', 'application/json').send('{"account": ').expect(400);
    expect(response.body).toEqual({ code: -1400, msg: '请求参数错误', result: null });
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js/);
  });

  test('OpenAPI describes the API at /car/api/docs', async () => {
    const response = await request(app.getHttpServer()).get('/car/api/docs-json').expect(200);
    expect(response.body.info.title).toBe('车市分析平台 API');
    expect(Object.keys(response.body.paths)).toContain('/car/api/health');
    await request(app.getHttpServer()).get('/car/api/docs').expect(200);
  });
});

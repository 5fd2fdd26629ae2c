import * as fs from 'node:fs';
import * as path from 'node:path';
import { shipped } from './support/shipped';

/** The harness itself: what runs is the product as a new user gets it, in the mode under test. */
describe('the product as shipped', () => {
  const app = shipped();

  it('runs from a clone whose own path has no dot-folder, its data in the default ./.data', () => {
    expect(app.cloneDir).not.toMatch(/\/\./);
    expect(app.dataDir).toBe(path.join(app.cloneDir, '.data'));
    // Made by the start path itself: the embedded PostgreSQL and the generated signing secret.
    expect(fs.existsSync(path.join(app.dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(app.dataDir, 'jwt-secret'))).toBe(true);
  });

  it('answers health with the demo data loaded and the queue of its mode', async () => {
    const response = await fetch(`${app.baseUrl}/car/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { database: { latestMonth: string | null }; queue: { mode: string } } };
    expect(body.result.database.latestMonth).toMatch(/^\d{4}-\d{2}$/);
    expect(body.result.queue.mode).toBe(app.mode === 'redis' ? 'bullmq' : 'in-process');
  });
});

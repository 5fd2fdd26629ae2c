import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const MAIN = path.resolve(__dirname, '..', '..', 'backend', 'dist', 'main.js');

function boot(env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('configuration errors at boot', () => {
  test('a bad PORT stops the app before it touches anything, naming the key', () => {
    const { status, stderr } = boot({ PORT: 'eighty' });
    expect(status).toBe(78);
    expect(stderr).toContain('配置错误');
    expect(stderr).toContain('PORT');
  });

  test('every bad key is named at once', () => {
    const { status, stderr } = boot({ DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', LOG_LEVEL: 'loud', JWT_SECRET: 'short' });
    expect(status).toBe(78);
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'JWT_SECRET']) expect(stderr).toContain(key);
  });
});

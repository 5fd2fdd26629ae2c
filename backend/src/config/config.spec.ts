import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('with nothing set it runs embedded: no database or Redis URL, port 3000', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.embeddedPgDir).toMatch(/\.data[/\\]postgres$/);
  });

  test('empty values count as unset', () => {
    expect(loadConfig({ REDIS_URL: '', PORT: '' }).REDIS_URL).toBeUndefined();
  });

  test('a bad value names its key in the error', () => {
    expect(() => loadConfig({ PORT: '99999' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'x', SEED_SCALE: 'huge' });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'SEED_SCALE']);
    }
  });

  test('a secret shorter than 32 characters is refused', () => {
    expect(() => loadConfig({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
  });

  test('a placeholder secret from the examples is refused though it is long enough', () => {
    expect(() => loadConfig({ JWT_SECRET: 'please-set-a-long-random-secret-in-production' })).toThrow(/JWT_SECRET: is a placeholder/);
    expect(() => loadConfig({ JWT_SECRET: 'change-me-to-a-long-random-string-of-32-chars' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ JWT_SECRET: 'kq3V9f0yZr8uWm2pLx7sTn4bHc6dJe1a' }).JWT_SECRET).toBe('kq3V9f0yZr8uWm2pLx7sTn4bHc6dJe1a');
  });
});

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
    // Each running job holds two of the worker's ten database connections and part of its capped heap (decision 126).
    expect(loadConfig({ WORKER_CONCURRENCY: '4' }).WORKER_CONCURRENCY).toBe(4);
    expect(() => loadConfig({ WORKER_CONCURRENCY: '5' })).toThrow(/WORKER_CONCURRENCY/);
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

  test('TRUST_PROXY is a list of proxy addresses, CIDRs and range names; false (the default) trusts none', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,2001:DB8::/32 ,uniquelocal' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      '2001:db8::/32',
      'uniquelocal',
    ]);
  });

  test('TRUST_PROXY=true is refused: any caller could choose its own address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every caller/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });

  test('TRUST_PROXY refuses what is not an address or a CIDR, and a /0 that trusts everyone', () => {
    for (const value of ['proxy.example.com', '10.0.0.0/33', '10.0.0.0/0', '::/0', '10.0.0.1/8/8', '300.1.1.1', 'anywhere']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });

  test('the audit trail keeps a year by default; 0 keeps everything; under six months or over ten years is refused', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).AUDIT_RETENTION_DAYS).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '180' }).AUDIT_RETENTION_DAYS).toBe(180);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '3650' }).AUDIT_RETENTION_DAYS).toBe(3650);
    for (const value of ['179', '30', '3651', '-1', '365.5', 'a year']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS/);
    }
  });

  test("a worker waits BullMQ's 30 s for a dead worker's job unless told; 1-600 whole seconds, else the key is named", () => {
    expect(loadConfig({}).WORKER_STALL_SECONDS).toBe(30);
    expect(loadConfig({ WORKER_STALL_SECONDS: '1' }).WORKER_STALL_SECONDS).toBe(1);
    expect(loadConfig({ WORKER_STALL_SECONDS: '3' }).WORKER_STALL_SECONDS).toBe(3);
    expect(loadConfig({ WORKER_STALL_SECONDS: '600' }).WORKER_STALL_SECONDS).toBe(600);
    expect(() => loadConfig({ WORKER_STALL_SECONDS: '0' })).toThrow(/WORKER_STALL_SECONDS: must be 1-600 seconds/);
    expect(() => loadConfig({ WORKER_STALL_SECONDS: '601' })).toThrow(/WORKER_STALL_SECONDS: must be 1-600 seconds/);
    expect(() => loadConfig({ WORKER_STALL_SECONDS: '2.5' })).toThrow(/WORKER_STALL_SECONDS: must be a whole number of seconds/);
    for (const value of ['-3', 'thirty', '30s']) {
      expect(() => loadConfig({ WORKER_STALL_SECONDS: value })).toThrow(/WORKER_STALL_SECONDS/);
    }
  });

  test('DATABASE_READ_URL is a comma list of postgres URLs beside DATABASE_URL; unset, there are none', () => {
    const primary = 'postgres://car@db/car';
    expect(loadConfig({}).DATABASE_READ_URL).toEqual([]);
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://car@replica1/car, postgresql://car@replica2:5433/car,' }).DATABASE_READ_URL,
    ).toEqual(['postgres://car@replica1/car', 'postgresql://car@replica2:5433/car']);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://car@replica1/car,mysql://replica2' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://car@replica1/car' })).toThrow(/DATABASE_READ_URL: replicas need DATABASE_URL/);
  });
});

/** What the global setup hands to the tests, through environment variables. */
export interface TestEnv {
  /** Seeded database of this run. */
  databaseUrl: string;
  /** The same server's maintenance database, for creating scratch databases. */
  adminUrl: string;
  /** The app started from the production build on this run's database. */
  baseUrl: string;
  /** null when no Redis could be reached. */
  redisUrl: string | null;
  redisPrefix: string;
  dataDir: string;
  /**
   * With jest workers (integration in parallel), one world per worker: its own database cloned from the same
   * template, data folder, Redis prefix and built app. `testEnv()` answers the one of JEST_WORKER_ID.
   */
  workers?: Omit<TestEnv, 'workers'>[];
}

export function testEnv(): TestEnv {
  const raw = process.env.CAR_TEST_ENV;
  if (!raw) throw new Error('CAR_TEST_ENV is not set: run the tests through jest (npm test)');
  const env = JSON.parse(raw) as TestEnv;
  const worker = env.workers?.[Number(process.env.JEST_WORKER_ID ?? '1') - 1];
  return worker ? { ...env, ...worker } : env;
}

/** Replaces the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

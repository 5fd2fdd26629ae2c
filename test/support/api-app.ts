import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { signIn } from './shared-app';
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

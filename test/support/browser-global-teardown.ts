import { BROWSER_RUN_ENV } from './chromium';
import globalTeardown from './global-teardown';

/** Closes the run's Chromium, then what the run's own set-up made (global-teardown.ts). */
export default async function browserGlobalTeardown(): Promise<void> {
  const server = globalThis.__carBrowserServer;
  globalThis.__carBrowserServer = undefined;
  delete process.env[BROWSER_RUN_ENV];
  try {
    await server?.close();
  } finally {
    await globalTeardown();
  }
}

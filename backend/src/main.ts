import 'reflect-metadata';
import { prepareDatabase } from './bootstrap/prepare-database';
import { loadConfigOrExit } from './config/config';
import { JsonLogger } from './common/json-logger';
import { guardProcess } from './common/process-guard';
import { createApp } from './create-app';
import { resolveDatabase } from './database/resolve-database';
import { API_PREFIX } from '@car/contracts';
import { frontendBuilt, mountWebApp } from './web/web-app';

/** How long an idle kept-alive connection stays open: longer than a proxy's usual upstream keep-alive (60 s). */
const KEEP_ALIVE_MS = 65_000;

async function main(): Promise<void> {
  const webBuilt = frontendBuilt();
  const config = loadConfigOrExit();
  const logger = new JsonLogger(config.LOG_LEVEL, config.logFormat);
  guardProcess(logger, 'Process');
  const started = performance.now();
  const database = await resolveDatabase(config, (m) => logger.log(m, 'Database'));
  await prepareDatabase(database.url, config, (m) => logger.log(m, 'Database'));

  const app = await createApp({ config, databaseUrl: database.url }, logger);
  const apiBase = `http://127.0.0.1:${config.PORT}${API_PREFIX}`;
  await webBuilt;
  const web = await mountWebApp(app, config.projectRoot, apiBase);
  if (!web) logger.warn('frontend/build is missing: run `npm run build`; only the API is served', 'Web');
  app.enableShutdownHooks();
  const shutdown = async (): Promise<void> => {
    await app.close();
    await database.stop();
  };
  process.once('SIGINT', () => void shutdown().then(() => process.exit(0)));
  process.once('SIGTERM', () => void shutdown().then(() => process.exit(0)));
  await app.listen(config.PORT, config.HOST);
  // An idle kept-alive connection outlives the clients' and proxies' own idle limits (Node's default is 5 s): a
  // client that sends on a connection the server is closing at that moment reads ECONNRESET (seen by CI's download
  // after an export's progress polls). Headers must be allowed longer than the keep-alive.
  const server = app.getHttpServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const address = `http://localhost:${config.PORT}`;
  process.stdout.write(
    [
      '',
      `  车市分析平台 is ready in ${seconds}s at ${address}`,
      `  API ${address}${API_PREFIX}  ·  OpenAPI ${address}${API_PREFIX}/docs`,
      `  database: ${database.embedded ? `embedded PostgreSQL (${config.embeddedPgDir})` : 'DATABASE_URL'}`,
      `  jobs: ${config.REDIS_URL ? 'BullMQ on REDIS_URL (run `npm run worker`)' : 'in-process (no REDIS_URL)'}`,
      '  demo logins: analyst demo / Demo@2026 · administrator admin / Admin@2026',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`启动失败: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

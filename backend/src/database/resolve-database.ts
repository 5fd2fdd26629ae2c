import type { AppConfig } from '../config/config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR. */
export async function resolveDatabase(config: AppConfig, log: (m: string) => void): Promise<ResolvedDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: () => Promise.resolve() };
  const db = await startEmbeddedPostgres(config.embeddedPgDir, config.EMBEDDED_PG_PORT, log);
  return { url: db.url, embedded: true, stop: () => db.stop() };
}

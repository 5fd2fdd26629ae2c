import { isIP } from 'node:net';
import * as path from 'node:path';
import { z } from 'zod';

/**
 * The whole configuration, parsed once at boot from the environment. Every key is listed in
 * `.env.example`; a bad value stops the process with a message that names the key.
 */
const PROJECT_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Secrets copied from an example rather than generated. */
const PLACEHOLDER_SECRET = /change-?me|please-set|placeholder|example|your-secret|secret-here/i;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Ranges Express's trust proxy (proxy-addr) knows by name. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one entry of TRUST_PROXY cannot be trusted as a proxy, or null when it can. */
function proxyEntryProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return `"${entry}" is not an address, a CIDR or one of ${[...PROXY_RANGE_NAMES].join(', ')}`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 1 && bits <= (version === 4 ? 32 : 128))) return `"${entry}" has no valid prefix length (/0 would trust every caller)`;
  return null;
}

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For / -Proto / -Host are believed, as a comma list of
 * addresses, CIDRs and range names; `false` (the default) trusts none. Loopback is always trusted on top for
 * -For and -Proto (create-app.ts): it is the Remix server in this process forwarding the browser's address; for
 * -Host only when listed (decision 262). `true` is refused: it would let any caller that reaches the port choose
 * its own address.
 */
const trustedProxies = z.string().transform((text, ctx): string[] => {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return [];
  if (value === 'true' || value === '1') {
    ctx.addIssue({
      code: 'custom',
      message: "true would trust every caller's X-Forwarded-For: list the proxy addresses or CIDRs instead (e.g. 10.0.0.2 or 172.16.0.0/12), or false",
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const problems = entries.map(proxyEntryProblem).filter((problem): problem is string => problem !== null);
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
  return problems.length > 0 ? z.NEVER : entries;
});

const STALL_SECONDS_RANGE = "must be 1-600 seconds (BullMQ's default is 30)";

/** The answer cache's size when ANSWER_CACHE_MB is unset (outside the tests). */
export const DEFAULT_ANSWER_CACHE_MB = 64;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Streaming replicas of DATABASE_URL's server that serve the analytics reads (decision 223): a comma list
   * of postgres:// URLs naming the same database; unset: every read goes to DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'must be a comma list of postgres:// URLs')))
    .optional()
    .transform((urls) => urls ?? []),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Folder of pg_dump and pg_restore for the backup and restore commands (decision 229); unset: the newest on the machine. */
  PG_BIN_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('car'),
  DATA_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, '.data')),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    // The examples' and the old compose file's placeholders pass the length check: refuse them by name.
    .refine((secret) => !PLACEHOLDER_SECRET.test(secret), 'is a placeholder from the examples: set a long random secret (openssl rand -base64 48)')
    .optional(),
  /** The secret the mini-program's back end signs /wechatsalevolume links with (HMAC-SHA256); unset: one made in DATA_DIR. */
  MP_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .refine((secret) => !PLACEHOLDER_SECRET.test(secret), 'is a placeholder from the examples: set a long random secret (openssl rand -base64 48)')
    .optional(),
  /** How long an mp session (the car-mp cookie) lasts. */
  MP_SESSION_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  /**
   * How long the security audit trail (security_event) keeps an event, in days; older ones are deleted by a
   * daily job (decision 121). 0 keeps every event. China's Cybersecurity Law (art. 21) asks for
   * network logs of at least six months, so a shorter retention is refused.
   */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .refine(
      (days) => days === 0 || (days >= 180 && days <= 3650),
      'must be 0 (keep every event) or 180-3650 days (the Cybersecurity Law asks for at least six months of logs)',
    )
    .default(365),
  /**
   * How many jobs one worker process runs at once from each of its queues (decision 258): car-jobs (exports, reports,
   * imports, rollup rebuilds …) and car-jobs-quick (report bundles, which hold no connection while they zip). At most
   * 4: each running export holds two of the process's ten database connections (its lock and its cursor) and about
   * 30 MB of the worker's 256 MB old-generation cap (decision 126); run more workers for more.
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(2),
  /**
   * The worker's BullMQ lockDuration and stalledInterval, in seconds (decision 242): a job whose worker died is taken
   * up by another worker one to two of these after the dead one last renewed its lock. A live worker renews every
   * half of it, so an event loop blocked longer than half makes a live job look stalled (run again, or failed at
   * BullMQ's stalled limit). 30 is BullMQ's own default; the tests that kill a worker mid-job give theirs 3.
   */
  WORKER_STALL_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(1, STALL_SECONDS_RANGE).max(600, STALL_SECONDS_RANGE).default(30),
  /**
   * How much memory the API process gives the analytics answers it keeps until the data next changes, in MB
   * (decision 129); 0 turns the cache off. Unset: 64, or 0 under NODE_ENV=test.
   */
  ANSWER_CACHE_MB: z.coerce.number().int('must be a whole number of MB').min(0).max(4096).optional(),
  SEED_ON_EMPTY: booleanFlag.default(true),
  SEED_SCALE: z.enum(['demo', 'large', 'tiny']).default('demo'),
  SEED_NUMBER: z.coerce.number().int().min(0).default(20261121),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  TRUST_PROXY: trustedProxies.default([]),
  CHECK_RESULTS: booleanFlag.optional(),
  /**
   * Where people open the app, for the links a group robot's message carries (robots/): an http(s) origin,
   * with a path prefix if the app is published under one.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) URL such as https://car.example.com')
    .default('http://localhost:3000'),
  /**
   * Lets group robots be registered and sent to over plain http and at loopback, private and link-local
   * addresses (decision 194): for the tests' local receiver and closed networks only; never on a server that
   * can reach anything worth protecting.
   */
  ROBOT_ALLOW_INSECURE: booleanFlag.default(false),
});

export type AppConfig = z.infer<typeof schema> & {
  projectRoot: string;
  exportsDir: string;
  /** Uploaded import files while their import runs (dataImport/). */
  importsDir: string;
  reportsDir: string;
  embeddedPgDir: string;
  logFormat: 'json' | 'pretty';
  /** Check every answer against its contract's result schema (tests and development; off in production by default). */
  checkResults: boolean;
  /** ANSWER_CACHE_MB in bytes (0: no answer cache). */
  answerCacheBytes: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置错误 (configuration error):\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const c = parsed.data;
  if (c.DATABASE_READ_URL.length > 0 && !c.DATABASE_URL) {
    throw new ConfigError(['DATABASE_READ_URL: replicas need DATABASE_URL, the primary they replicate (the embedded PostgreSQL has none)']);
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    projectRoot: PROJECT_ROOT,
    exportsDir: path.join(dataDir, 'exports'),
    importsDir: path.join(dataDir, 'imports'),
    reportsDir: path.join(dataDir, 'reports'),
    embeddedPgDir: path.join(dataDir, 'postgres'),
    logFormat: c.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    checkResults: c.CHECK_RESULTS ?? c.NODE_ENV !== 'production',
    answerCacheBytes: (c.ANSWER_CACHE_MB ?? (c.NODE_ENV === 'test' ? 0 : DEFAULT_ANSWER_CACHE_MB)) * 2 ** 20,
  };
}

/**
 * The configuration of a process that is starting (the app's and the worker's main): a bad key stops it
 * with exit code 78 (EX_CONFIG) and a message naming the key.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n请检查环境变量（见 .env.example）。\n`);
    process.exit(78);
  }
}

export const APP_CONFIG = Symbol('APP_CONFIG');

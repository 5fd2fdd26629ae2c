import * as argon2 from 'argon2';
import { Client } from 'pg';
import { testEnv } from './test-env';

let counter = 0;

/**
 * The tests' own accounts are hashed with Argon2id at a low cost: a check of one takes about 2 ms of CPU where the
 * library's defaults (64 MiB, 3 passes, 4 lanes: what the seed and the admin page store) take about 215 ms, and the
 * suite signs in and fails sign-ins hundreds of times on two cores. The product verifies any Argon2id hash by the
 * parameters it carries, so the same code path runs; the demo accounts and the unknown-account decoy keep the defaults.
 */
export const TEST_HASH = { type: argon2.argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 } as const;

/** Inserts a user of the given role into this run's database (or the one given) and returns its account. */
export async function createUser(
  role: 'analyst' | 'admin',
  prefix: string,
  password: string,
  nickname: string,
  databaseUrl = testEnv().databaseUrl,
): Promise<string> {
  counter++;
  const account = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}`;
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const hash = await argon2.hash(password, TEST_HASH);
    await db.query(
      `INSERT INTO app_user (account, password_hash, nickname, role_id)
       VALUES ($1, $2, $3, (SELECT id FROM role WHERE code = $4))`,
      [account, hash, nickname, role],
    );
  } finally {
    await db.end();
  }
  return account;
}

/** Inserts an analyst of its own into this run's database (or the one given) and returns its account. */
export function createAnalyst(prefix: string, password: string, nickname: string, databaseUrl = testEnv().databaseUrl): Promise<string> {
  return createUser('analyst', prefix, password, nickname, databaseUrl);
}

/** Inserts an administrator of its own (the demo admin's sign-ins are left alone) and returns its account. */
export function createAdmin(prefix: string, password: string, nickname: string, databaseUrl = testEnv().databaseUrl): Promise<string> {
  return createUser('admin', prefix, password, nickname, databaseUrl);
}

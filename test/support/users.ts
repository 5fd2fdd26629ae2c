import * as argon2 from 'argon2';
import { Client } from 'pg';
import { testEnv } from './test-env';

let counter = 0;

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
    const hash = await argon2.hash(password, { type: argon2.argon2id });
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

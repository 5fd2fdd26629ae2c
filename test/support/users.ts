import * as argon2 from 'argon2';
import { Client } from 'pg';
import { testEnv } from './test-env';

let counter = 0;

/** Inserts an analyst of its own into this run's database (or the one given) and returns its account. */
export function createAnalyst(prefix: string, password: string, nickname: string, databaseUrl = testEnv().databaseUrl): Promise<string> {
  return createUser(prefix, password, nickname, 'analyst', databaseUrl);
}

/** Inserts a user of the role given (analyst or admin) into this run's database and returns its account. */
export async function createUser(prefix: string, password: string, nickname: string, role: 'analyst' | 'admin', databaseUrl = testEnv().databaseUrl): Promise<string> {
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

import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SECRET_FILE = 'jwt-secret';
const GENERATED_BYTES = 48;

/**
 * The HMAC key that signs session tokens. JWT_SECRET when set (required when several instances share
 * the load: each must verify the others' tokens); otherwise 48 random bytes made once and kept in
 * DATA_DIR/jwt-secret (mode 0600), so sessions survive a restart of a single instance.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  return loadSecret(configured, dataDir, SECRET_FILE, 'JWT_SECRET');
}

/** A configured secret, else one made once and kept in DATA_DIR/`fileName` (the JWT's, the mini-program's demo secret). */
export function loadSecret(configured: string | undefined, dataDir: string, fileName: string, key: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) createSecretFile(file);
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 bytes: delete it to make a new one, or set ${key}`);
  return new Uint8Array(secret);
}

/** Writes a temporary file and links it into place, so two processes starting at once agree on one key. */
function createSecretFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${randomBytes(GENERATED_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

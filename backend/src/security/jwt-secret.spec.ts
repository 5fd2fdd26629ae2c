import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadJwtSecret } from './jwt-secret';

describe('the token signing key', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-jwt-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('JWT_SECRET wins when set, and no file is written', () => {
    const secret = loadJwtSecret('x'.repeat(40), dir);
    expect(Buffer.from(secret).toString()).toBe('x'.repeat(40));
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  test('without JWT_SECRET, 48 random bytes are made once, kept private, and reused after a restart', () => {
    const first = loadJwtSecret(undefined, dir);
    expect(first.length).toBe(48);
    const file = path.join(dir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadJwtSecret(undefined, dir)).equals(Buffer.from(first))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
  });

  test('a data folder that does not exist yet is created', () => {
    expect(loadJwtSecret(undefined, path.join(dir, 'nested', 'data')).length).toBe(48);
  });
});

import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** Argon2id with the library's defaults (the seed uses the same), so every stored hash is alike. */
@Injectable()
export class PasswordHasher {
  /** Checked against when the account does not exist, so its absence takes as long as a wrong password. */
  private readonly decoy = argon2.hash('decoy', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /** `hash` null (no such account) spends the same time and answers false. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? (await this.decoy), password);
      return hash !== null && matches;
    } catch {
      // A stored value that is not an argon2 hash matches nothing.
      return false;
    }
  }
}

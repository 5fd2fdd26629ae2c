import { randomInt } from 'node:crypto';
import { isStrongPassword } from '@car/contracts';

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand (no I, l, O, 0, 1). */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIALS = '@#$%&*+=?';
const ALL = UPPER + LOWER + DIGITS + SPECIALS;
const LENGTH = 12;

/**
 * A temporary password for a reset: 12 characters from a cryptographic source, with each of the four
 * classes present, so it always obeys the password rule; shown once to the administrator, never stored.
 */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIALS), ...Array.from({ length: LENGTH - 4 }, () => pick(ALL))];
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  const password = characters.join('');
  if (!isStrongPassword(password)) throw new Error('temporary password outside the rule');
  return password;
}

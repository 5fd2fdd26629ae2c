import { isStrongPassword } from '@car/contracts';
import { temporaryPassword } from './temporary-password';

describe('temporaryPassword', () => {
  test('always obeys the password rule and is never the same twice', () => {
    const passwords = Array.from({ length: 500 }, temporaryPassword);
    expect(passwords.every(isStrongPassword)).toBe(true);
    expect(new Set(passwords).size).toBe(passwords.length);
    expect(passwords.every((p) => p.length === 12)).toBe(true);
  });
});

import { isStrongPassword, newPasswordSchema, PASSWORD_RULE_MESSAGE } from './security';

function messageOf(value: unknown): string | null {
  const parsed = newPasswordSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0].message;
}

describe('the password rule', () => {
  test.each([
    ['upper, lower, digit and special', 'Admin@2026'],
    ['upper, lower and digit', 'Abcdefg1'],
    ['lower, digit and special', 'abc123!@'],
    ['upper, digit and special', 'ABC123!@'],
    ['upper, lower and special', 'Abcdefg!'],
    ['exactly 20 characters', 'Aa1!Aa1!Aa1!Aa1!Aa1!'],
  ])('accepts %s', (_label, password) => {
    expect(isStrongPassword(password)).toBe(true);
    expect(messageOf(password)).toBeNull();
  });

  test.each([
    ['7 characters', 'Aa1!Aa1'],
    ['21 characters', 'Aa1!Aa1!Aa1!Aa1!Aa1!A'],
    ['only two classes (lower and digit)', 'abcd1234'],
    ['only two classes (upper and lower)', 'ABCDefgh'],
    ['a single class', 'abcdefghij'],
    ['a space', 'Abc 1234'],
    ['full-width characters', 'Ａbc12345!'],
    ['Chinese characters', '密码Abc12345'],
  ])('refuses %s with the spec message', (_label, password) => {
    expect(isStrongPassword(password)).toBe(false);
    expect(messageOf(password)).toBe(PASSWORD_RULE_MESSAGE);
  });

  test('a missing or empty new password asks for one', () => {
    expect(messageOf(undefined)).toBe('请输入新密码');
    expect(messageOf('')).toBe('请输入新密码');
  });
});

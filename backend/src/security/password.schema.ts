import { z } from 'zod';

/**
 * The spec's password rule, checked on the server whatever the client did: 8-20 visible ASCII
 * characters (no spaces, no full-width characters) using at least three of upper case, lower case,
 * digits and special characters. The front end keeps a copy (frontend/app/utils/password-schema.ts)
 * with the same messages; this one is the rule that counts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_RULE_MESSAGE = '密码由8-20位大小写字母、数字、特殊字符组合';

const CHARACTER_CLASSES: readonly RegExp[] = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  if (!/^[\x21-\x7e]+$/.test(password)) return false;
  return CHARACTER_CLASSES.filter((characterClass) => characterClass.test(password)).length >= 3;
}

/** A new password: required, then the rule. */
export const newPasswordSchema = z
  .string('请输入新密码')
  .min(1, '请输入新密码')
  .refine(isStrongPassword, PASSWORD_RULE_MESSAGE);

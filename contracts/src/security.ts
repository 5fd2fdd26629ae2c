import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from './params';

/**
 * Sign-in, the password rule and the shell's calls (spec 001 "login/password/menus"; docs/security.md
 * "Roles and sessions"). The rule is checked by the change-password form before it submits, by its action, and by
 * the API whatever the client did; all three read it here.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_RULE_MESSAGE = '密码由8-20位大小写字母、数字、特殊字符组合';

const CHARACTER_CLASSES: readonly RegExp[] = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** 8-20 visible ASCII characters (no spaces, no full-width characters), at least three of upper, lower, digits, specials. */
export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  if (!/^[\x21-\x7e]+$/.test(password)) return false;
  return CHARACTER_CLASSES.filter((characterClass) => characterClass.test(password)).length >= 3;
}

/** A new password: required, then the rule. */
export const newPasswordSchema = z.string('请输入新密码').min(1, '请输入新密码').refine(isStrongPassword, PASSWORD_RULE_MESSAGE);

/** Login has no password rule (spec section 5): a wrong password is just a wrong password. */
export const loginSchema = z.object({
  account: z
    .string('请输入账号')
    .trim()
    .min(1, '请输入账号')
    .refine((account) => !CONTROL_CHARACTERS.test(account), `账号${CONTROL_CHARACTER_MESSAGE}`),
  password: z.string('请输入密码').min(1, '请输入密码'),
});
export type LoginDto = z.output<typeof loginSchema>;

/** The API's body. */
export const changePasswordSchema = z.object({
  oldPwd: z.string('请输入旧密码').min(1, '请输入旧密码'),
  newPwd: newPasswordSchema,
});
export type ChangePasswordDto = z.output<typeof changePasswordSchema>;

/** The page's form: the API's body plus the confirmation, compared as soon as both are typed. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPwd: z.string('请输入确认密码').min(1, '请输入确认密码') })
  .refine((form) => form.newPwd === form.confirmPwd, {
    path: ['confirmPwd'],
    message: '两次密码输入不一致',
    when: ({ value }) => {
      const form = value as { newPwd?: unknown; confirmPwd?: unknown };
      return typeof form.newPwd === 'string' && typeof form.confirmPwd === 'string' && form.confirmPwd !== '';
    },
  });
export type ChangePasswordForm = z.output<typeof changePasswordFormSchema>;
export type ChangePasswordField = keyof ChangePasswordForm;
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string>>;
export type ChangePasswordCheck = { ok: true; form: ChangePasswordForm } | { ok: false; errors: ChangePasswordErrors };

/** The form when valid, else the first message for each wrong field. */
export function checkChangePassword(input: Record<string, unknown>): ChangePasswordCheck {
  const result = changePasswordFormSchema.safeParse(input);
  if (result.success) return { ok: true, form: result.data };
  const errors: ChangePasswordErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ChangePasswordField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** `mustChangePassword`: an administrator set the password (new account, reset); the shell sends the user to /resetpassword. */
export const loginResultSchema = z.object({ token: z.string(), nickname: z.string(), mustChangePassword: z.boolean() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const menuItemSchema = z.object({ id: z.number(), name: z.string(), path: z.string() });
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuGroupSchema = menuItemSchema.extend({ subMenuItems: z.array(menuItemSchema) });
export type MenuGroup = z.infer<typeof menuGroupSchema>;

/** `GET security/me`: the signed-in user; producerId/brandId pre-select the user's own maker. */
export const currentUserSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  /** The role's code: 'admin' or 'analyst' (roles are data, see the role table). */
  role: z.string(),
  producerId: z.number().nullable(),
  brandId: z.number().nullable(),
  /** Until true turns false, the API answers only the shell's calls (403 请先修改密码 otherwise). */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * The calls a user whose password an administrator set may still make (the shell's menus and profile,
 * the change itself, sign-out); every other answers 403 请先修改密码 until the password is changed.
 */
export const PASSWORD_CHANGE_CALLS: readonly string[] = ['security/me', 'security/menus', 'security/changePwd', 'security/logout'];

/** A call that answers nothing but its code (logout, change password). */
export const emptyResultSchema = z.null();

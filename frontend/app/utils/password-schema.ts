/**
 * The change-password form's one schema: the page checks it before submitting and the action checks it again.
 * Messages are the spec's. A password is 8-20 visible ASCII characters (no spaces, no full-width characters)
 * using at least three of: upper case, lower case, digits, special characters.
 */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_RULE_MESSAGE = '密码由8-20位大小写字母、数字、特殊字符组合';

const CHARACTER_CLASSES: readonly RegExp[] = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  if (!/^[\x21-\x7e]+$/.test(password)) return false;
  return CHARACTER_CLASSES.filter((cls) => cls.test(password)).length >= 3;
}

export const changePasswordSchema = z
  .object({
    oldPwd: z.string('请输入旧密码').min(1, '请输入旧密码'),
    newPwd: z.string('请输入新密码').min(1, '请输入新密码').refine(isStrongPassword, PASSWORD_RULE_MESSAGE),
    confirmPwd: z.string('请输入确认密码').min(1, '请输入确认密码'),
  })
  .refine((form) => form.newPwd === form.confirmPwd, {
    path: ['confirmPwd'],
    message: '两次密码输入不一致',
    // Compare as soon as both are typed, even while another field is still wrong.
    when: ({ value }) => {
      const form = value as { newPwd?: unknown; confirmPwd?: unknown };
      return typeof form.newPwd === 'string' && typeof form.confirmPwd === 'string' && form.confirmPwd !== '';
    },
  });

export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;
export type ChangePasswordField = keyof ChangePasswordForm;
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string>>;

export type ChangePasswordCheck = { ok: true; form: ChangePasswordForm } | { ok: false; errors: ChangePasswordErrors };

/** The form when valid, else the first message for each wrong field. */
export function checkChangePassword(input: Record<string, unknown>): ChangePasswordCheck {
  const result = changePasswordSchema.safeParse(input);
  if (result.success) return { ok: true, form: result.data };
  const errors: ChangePasswordErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ChangePasswordField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

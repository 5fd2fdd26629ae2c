import { z } from 'zod';
import { newPasswordSchema } from './password.schema';

/**
 * Bodies of the security calls. Their messages are shown to the user as they are (the change-password
 * form shows 请输入旧密码, not a field name), so they go through `messagePipe`, not the generic zodPipe.
 * Login has no password rule (spec section 5): a wrong password is just a wrong password.
 */
export const loginSchema = z.object({
  account: z.string('请输入账号').trim().min(1, '请输入账号'),
  password: z.string('请输入密码').min(1, '请输入密码'),
});
export type LoginDto = z.infer<typeof loginSchema>;

export const changePasswordSchema = z.object({
  oldPwd: z.string('请输入旧密码').min(1, '请输入旧密码'),
  newPwd: newPasswordSchema,
});
export type ChangePasswordDto = z.infer<typeof changePasswordSchema>;

export interface LoginResult {
  token: string;
  nickname: string;
}

export interface MenuItemDto {
  id: number;
  name: string;
  path: string;
}

export interface MenuGroupDto extends MenuItemDto {
  subMenuItems: MenuItemDto[];
}

export interface CurrentUserDto {
  id: number;
  account: string;
  nickname: string;
  /** The role's code: 'admin' or 'analyst'. */
  role: string;
  producerId: number | null;
  brandId: number | null;
}

import { z } from 'zod';
import * as s from './search';
import { changePasswordSchema, currentUserSchema, emptyResultSchema, loginResultSchema, loginSchema, menuGroupSchema } from './security';
import { endpoint, get, NO_BODY } from './endpoint';

/** 登录、退出、修改密码与当前用户 (backend/src/security). */

export const SECURITY = {
  login: endpoint({
    method: 'POST',
    path: 'security/login',
    tag: 'security',
    access: 'public',
    params: loginSchema,
    result: loginResultSchema,
    summary: '登录：account, password → {token, nickname}，并设置 car-token Cookie',
  }),
  logout: endpoint({
    method: 'POST',
    path: 'security/logout',
    tag: 'security',
    access: 'session',
    params: NO_BODY,
    result: emptyResultSchema,
    summary: '退出：吊销当前令牌并清除 Cookie',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'security/changePwd',
    tag: 'security',
    access: 'session',
    params: changePasswordSchema,
    result: emptyResultSchema,
    summary: '修改密码：oldPwd, newPwd；成功后此前的令牌全部失效',
  }),
  menus: get('security', 'security/menus', s.noParamsSchema, z.array(menuGroupSchema), '当前用户角色的菜单：[{id, name, path, subMenuItems}]'),
  me: get('security', 'security/me', s.noParamsSchema, currentUserSchema, '当前用户：{id, account, nickname, role, producerId, brandId}'),
};

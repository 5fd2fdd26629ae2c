import * as ad from './admin';
import * as aj from './admin-jobs';
import * as s from './search';
import { calls } from './endpoint';

/** 管理: users, security log and job monitor (backend/src/admin). */
const admin = calls('admin', 'admin', true);

/** 用户管理 (/admin/users): administrators only. */
export const ADMIN_USERS = {
  list: admin.get(
    'users/list',
    ad.userListSchema,
    ad.userPageSchema,
    '用户列表，最新创建在前：keyword（账号或昵称）, role, status（enabled / disabled）, page, pageSize（默认 20）',
  ),
  options: admin.get('users/options', s.noParamsSchema, ad.userOptionsSchema, '用户表单的选项：角色 [{code, name}]，厂商及其品牌 [{id, name, brands}]'),
  bindings: admin.get('users/bindings', ad.userIdQuerySchema, ad.bindingListSchema, '用户的小程序绑定 [{openId, createTime}]；解除绑定用 mp/unbind'),
  create: admin.post(
    'users/create',
    ad.userCreateSchema,
    ad.adminUserSchema,
    '创建用户：account, password（密码规则）, nickname, role, producerId, brandId；首次登录须修改密码',
  ),
  update: admin.post(
    'users/update',
    ad.userUpdateSchema,
    ad.adminUserSchema,
    '修改用户：id, nickname, role, producerId, brandId（未给出即为无）；旧令牌随之失效',
  ),
  disable: admin.post('users/disable', ad.userIdBodySchema, ad.adminUserSchema, '停用用户：id；其令牌立即失效（-1012），不能停用自己或最后一个管理员'),
  enable: admin.post('users/enable', ad.userIdBodySchema, ad.adminUserSchema, '启用用户：id'),
  resetPassword: admin.post(
    'users/resetPassword',
    ad.userIdBodySchema,
    ad.passwordResetSchema,
    '重置密码：id → 临时密码（仅此一次显示）；旧令牌失效，下次登录须修改密码',
  ),
  revokeSessions: admin.post('users/revokeSessions', ad.userIdBodySchema, ad.adminUserSchema, '吊销用户的全部会话：id；已签发的令牌答 -1012'),
};

/** 安全日志 (/admin/audit): administrators only. */
export const ADMIN_AUDIT = {
  list: admin.get(
    'audit/list',
    ad.auditListSchema,
    ad.auditPageSchema,
    '安全日志，最新在前：events（逗号分隔）, account, address（前缀）, from, to（YYYY-MM-DD，北京时间）, page, pageSize',
  ),
  download: admin.get('audit/download', ad.auditDownloadSchema, 'xlsx', '下载安全日志 Excel：与列表相同的筛选，最多 100000 行'),
};

/** 任务监控 (/admin/jobs): administrators only, in both queue modes. */
export const ADMIN_JOBS = {
  list: admin.get(
    'jobs/list',
    aj.jobListSchema,
    aj.jobPageSchema,
    '任务列表（管理员）：state（waiting、active、completed、failed）, kind, page, pageSize（默认 20）→ 最新入队在前，含进度、耗时、错误',
  ),
  summary: admin.get(
    'jobs/summary',
    aj.jobSummaryQuerySchema,
    aj.jobSummarySchema,
    '任务概况（管理员）：队列模式、各状态任务数（可按 kind）、任务类型、BullMQ 看板地址',
  ),
  retry: admin.post('jobs/retry', aj.jobRetrySchema, aj.jobRetryResultSchema, '重试失败的任务（管理员）：id → 以原参数重新入队'),
};

import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE, blankIsAbsent, intText, labelled, optional, positiveId, searchText, strictQuery } from './params';
import { newPasswordSchema } from './security';

/**
 * 系统管理: users (/admin/users) and the security audit trail (/admin/audit). Every call is the
 * administrator's (@AdminOnly: 403 仅管理员可执行此操作 for anyone else); docs/security.md "Administration:
 * users and audit", decisions 81-84.
 */

// ---------- the audit trail's events ----------

/** Every security event the API records, with the label the audit page and its workbook show. */
export const SECURITY_EVENT_LABELS = {
  'login.success': '登录成功',
  'login.failure': '登录失败',
  'login.throttled': '登录被锁定',
  logout: '退出登录',
  'password.changed': '修改密码',
  'password.change_refused': '修改密码被拒（旧密码错误）',
  'token.refused': '令牌被拒',
  'access.refused': '越权访问被拒',
  'cross_site.refused': '跨站请求被拒',
  'user.created': '创建用户',
  'user.updated': '修改用户',
  'user.disabled': '停用用户',
  'user.enabled': '启用用户',
  'password.reset': '重置密码',
  'sessions.revoked': '吊销会话',
  'mp.unbound': '解除小程序绑定',
  'job.retried': '重试任务',
  'view.saved': '保存视图',
  'view.renamed': '重命名视图',
  'view.deleted': '删除视图',
  'view.shared': '共享视图',
  'view.copied': '另存视图',
  'competitorSet.saved': '新建竞品组',
  'competitorSet.updated': '修改竞品组',
  'competitorSet.deleted': '删除竞品组',
  'competitorSet.shared': '共享竞品组',
  'competitorSet.copied': '另存竞品组',
  'robot.created': '登记群机器人',
  'robot.updated': '修改群机器人',
  'robot.deleted': '删除群机器人',
  'robot.sent': '机器人消息已发送',
  'robot.send_failed': '机器人消息发送失败',
} as const;
export type SecurityEventName = keyof typeof SECURITY_EVENT_LABELS;
export const SECURITY_EVENT_NAMES = Object.keys(SECURITY_EVENT_LABELS) as [SecurityEventName, ...SecurityEventName[]];

/** What an admin action's row says beyond who did it: whom it concerned and which fields changed (never a password). */
export const auditDetailSchema = z.object({
  targetId: z.number().int().optional(),
  targetAccount: z.string().optional(),
  /** Changed fields: the value before and after (role codes, producer and brand ids, nickname). */
  changes: z
    .record(
      z.string(),
      z.object({
        from: z.union([z.string(), z.number(), z.null()]),
        to: z.union([z.string(), z.number(), z.null()]),
        /** The values as people read them when they are codes or ids (a role's, a producer's or brand's name). */
        fromText: z.string().nullable().optional(),
        toText: z.string().nullable().optional(),
      }),
    )
    .optional(),
  openId: z.string().optional(),
  /** A retried job (任务监控): its id and kind. */
  jobId: z.string().optional(),
  jobKind: z.string().optional(),
  /** A saved view (我的视图): its id and name, and whom a share names. */
  viewId: z.number().int().optional(),
  viewName: z.string().optional(),
  sharedWith: z.string().optional(),
  /** A competitor set (竞品组): its id and name. */
  setId: z.number().int().optional(),
  setName: z.string().optional(),
  /** A group robot (群机器人): its id and name, and for a send the delivery and its attempt. */
  robotId: z.number().int().optional(),
  robotName: z.string().optional(),
  deliveryId: z.number().int().optional(),
  attempt: z.number().int().optional(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** The fields of a user an update names, as the audit page shows them. */
export const USER_FIELD_LABELS: Record<string, string> = { nickname: '昵称', role: '角色', producerId: '厂商', brandId: '品牌', enabled: '状态' };

/** One line for the audit table and workbook: '对象 zhangsan；角色 analyst → admin'. */
export function auditDetailText(detail: AuditDetail | null | undefined): string {
  if (!detail) return '';
  const parts: string[] = [];
  if (detail.targetAccount) parts.push(`对象 ${detail.targetAccount}`);
  if (detail.openId) parts.push(`openId ${detail.openId}`);
  if (detail.jobId) parts.push(`任务 ${detail.jobKind ?? ''} ${detail.jobId}`.replace(/ +/g, ' '));
  if (detail.viewName !== undefined) parts.push(`视图 ${detail.viewName}`);
  if (detail.setName !== undefined) parts.push(`竞品组 ${detail.setName}`);
  if (detail.sharedWith !== undefined) parts.push(`共享给 ${detail.sharedWith}`);
  if (detail.robotName !== undefined) parts.push(`机器人 ${detail.robotName}`);
  if (detail.deliveryId !== undefined) parts.push(`发送记录 ${detail.deliveryId}${detail.attempt ? `（第 ${detail.attempt} 次）` : ''}`);
  // A status is stored as its code (enabled, disabled) and read as its label (启用, 停用).
  const valueText = (field: string, value: string | number | null) =>
    value === null ? '无' : field === 'enabled' ? (USER_STATUS_LABELS[value as UserStatus] ?? String(value)) : String(value);
  for (const [field, { from, to, fromText, toText }] of Object.entries(detail.changes ?? {})) {
    parts.push(`${USER_FIELD_LABELS[field] ?? field} ${fromText ?? valueText(field, from)} → ${toText ?? valueText(field, to)}`);
  }
  return parts.join('；');
}

// ---------- users ----------

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The audit workbook holds at most this many rows, newest first (a narrower filter gets the rest). */
export const AUDIT_DOWNLOAD_MAX = 100_000;

export const USER_STATUS_LABELS = { enabled: '启用', disabled: '停用' } as const;
export type UserStatus = keyof typeof USER_STATUS_LABELS;

export const ADMIN_MESSAGES = {
  accountTaken: '账号已存在',
  userNotFound: '用户不存在',
  selfDisable: '不能停用自己的账号',
  selfDemote: '不能修改自己的角色',
  lastAdmin: '至少需要保留一个启用的管理员',
  unknownRole: '所选角色不存在',
  unknownProducer: '所选厂商不存在',
  unknownBrand: '所选品牌不存在',
  brandNotOfProducer: '所选品牌不属于所选厂商',
  brandNeedsProducer: '选择品牌前请先选择厂商',
  /** Refused on every call but the shell's own until the user has changed a password an administrator set. */
  passwordChangeRequired: '请先修改密码',
  /** The mini-program's bind with such a password. */
  passwordChangeRequiredForMp: '请先在网页端登录并修改密码，再绑定小程序',
} as const;

/**
 * Every field of the administrators' calls has its Chinese label (`labelled`), so a refusal reads '密码由8-20位…'
 * or '每页条数不能超过 100' in the dialogs' toasts and in the API's msg alike.
 */
const pageParam = labelled(
  optional(positiveId('应为正整数')).transform((page) => page ?? 1),
  '页码',
);
const pageSizeParam = labelled(
  optional(positiveId('应为正整数').refine((size) => size <= ADMIN_MAX_PAGE_SIZE, `不能超过 ${ADMIN_MAX_PAGE_SIZE}`)).transform(
    (size) => size ?? ADMIN_PAGE_SIZE,
  ),
  '每页条数',
);

export const ACCOUNT_RULE_MESSAGE = '账号由3-32位字母、数字或 _ . @ - 组成';
export const accountSchema = z
  .string('请输入账号')
  .trim()
  .min(1, '请输入账号')
  .regex(/^[A-Za-z0-9_.@-]{3,32}$/, ACCOUNT_RULE_MESSAGE);
export const nicknameSchema = z
  .string('请输入昵称')
  .trim()
  .min(1, '请输入昵称')
  .max(32, '昵称不能超过 32 个字符')
  .refine((text) => !CONTROL_CHARACTERS.test(text), `昵称${CONTROL_CHARACTER_MESSAGE}`);
export const roleCodeSchema = z
  .string('请选择角色')
  .trim()
  .min(1, '请选择角色')
  .regex(/^[a-z_]{1,32}$/, ADMIN_MESSAGES.unknownRole);
/** A positive id sent as a number or text; '' and null read as none. */
const optionalRef = (message: string) =>
  z.preprocess(
    (value) => (value === null ? undefined : blankIsAbsent(value)),
    intText(message)
      .refine((id) => id > 0 && id < 2 ** 31, message)
      .optional(),
  );
const userIdSchema = labelled(
  intText('应为正整数').refine((id) => id > 0 && id < 2 ** 31, '应为正整数'),
  '用户编号',
);

export const userListSchema = strictQuery({
  /** Part of the account or the nickname. */
  keyword: labelled(optional(searchText), '账号或昵称'),
  role: labelled(optional(roleCodeSchema), '角色'),
  status: labelled(optional(z.enum(['enabled', 'disabled'], '应为 enabled 或 disabled')), '状态'),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type UserListQuery = z.output<typeof userListSchema>;

/** The user's fields an administrator sets: nickname, role, own producer and brand (what 本品 marks). */
const userFields = {
  nickname: labelled(nicknameSchema, '昵称'),
  role: labelled(roleCodeSchema, '角色'),
  producerId: labelled(optionalRef('应为正整数'), '本品厂商'),
  brandId: labelled(optionalRef('应为正整数'), '本品品牌'),
};

/** A new user: the initial password follows the password rule and must be changed at the first sign-in. */
export const userCreateSchema = z.strictObject({ account: labelled(accountSchema, '账号'), password: labelled(newPasswordSchema, '密码'), ...userFields });
export type UserCreateDto = z.output<typeof userCreateSchema>;

/** An update names every field: an absent producer or brand means none. */
export const userUpdateSchema = z.strictObject({ id: userIdSchema, ...userFields });
export type UserUpdateDto = z.output<typeof userUpdateSchema>;

/** disable, enable, resetPassword, revokeSessions: the user's id. */
export const userIdBodySchema = z.strictObject({ id: userIdSchema });
export const userIdQuerySchema = strictQuery({ id: labelled(positiveId('应为正整数'), '用户编号') });

export const adminUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  roleName: z.string(),
  producerId: z.number().int().nullable(),
  producerName: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  enabled: z.boolean(),
  /** Set by an administrator's password (creation, reset) until the user changes it. */
  mustChangePassword: z.boolean(),
  /** 'YYYY-MM-DD HH:mm' (Asia/Shanghai). */
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
  bindings: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userPageSchema = z.object({ items: z.array(adminUserSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type UserPage = z.infer<typeof userPageSchema>;

export const userOptionsSchema = z.object({
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  producers: z.array(z.object({ id: z.number().int(), name: z.string(), brands: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

/** The temporary password, shown once to the administrator; the user must change it at the next sign-in. */
export const passwordResetSchema = z.object({ user: adminUserSchema, password: z.string() });

export const bindingSchema = z.object({ openId: z.string(), createTime: z.string() });
export const bindingListSchema = z.array(bindingSchema);

// ---------- the audit list ----------

export const DATE_MESSAGE = '应为 YYYY-MM-DD 格式的日期';
const dateParam = z
  .string(DATE_MESSAGE)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '2000-01-01' && text <= '2999-12-31';
  }, DATE_MESSAGE);

const eventList = z.string('应为逗号分隔的事件类型').transform((text, ctx): SecurityEventName[] | undefined => {
  const parts = [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ];
  const unknown = parts.find((part) => !(part in SECURITY_EVENT_LABELS));
  if (unknown !== undefined) {
    ctx.addIssue({ code: 'custom', message: `没有事件类型 ${unknown.length > 40 ? `${unknown.slice(0, 40)}…` : unknown}` });
    return z.NEVER;
  }
  return parts.length === 0 ? undefined : (parts as SecurityEventName[]);
});

const auditFilterShape = {
  /** Event kinds, a comma list ('login.failure,login.throttled'); none: every kind. */
  events: labelled(optional(eventList), '事件类型'),
  /** Part of the account: the one who acted, or the user an admin action concerned. */
  account: labelled(optional(searchText), '账号'),
  /** The start of an address ('10.1.' or a whole address). */
  address: labelled(optional(searchText), '地址'),
  /** First and last day, China time, inclusive. */
  from: labelled(optional(dateParam), '开始日期'),
  to: labelled(optional(dateParam), '结束日期'),
};
const datesInOrder = (q: { from?: string; to?: string }) => q.from === undefined || q.to === undefined || q.from <= q.to;

export const auditListSchema = strictQuery({ ...auditFilterShape, page: pageParam, pageSize: pageSizeParam }).refine(datesInOrder, {
  message: '开始日期不能晚于结束日期',
  path: ['from'],
});
export type AuditListQuery = z.output<typeof auditListSchema>;
export const auditDownloadSchema = strictQuery(auditFilterShape).refine(datesInOrder, { message: '开始日期不能晚于结束日期', path: ['from'] });
export type AuditFilter = z.output<typeof auditDownloadSchema>;

export const auditItemSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai). */
  time: z.string(),
  event: z.string(),
  userId: z.number().int().nullable(),
  account: z.string().nullable(),
  address: z.string(),
  reason: z.string().nullable(),
  path: z.string().nullable(),
  detail: auditDetailSchema.nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
/** The audit list counts its matches up to this many (a count of a million rows costs a few hundred ms; pages past it still work). */
export const AUDIT_COUNT_CAP = 10_000;
export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  /** The matches, counted up to AUDIT_COUNT_CAP; `totalCapped` says there are more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

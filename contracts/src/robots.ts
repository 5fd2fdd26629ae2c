import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE, blankIsAbsent, intText, labelled, positiveId, strictQuery } from './params';

/**
 * Team robots (群机器人, /admin/robots): an administrator registers a team's 企业微信 / 钉钉 / 飞书 group robot
 * webhook; the app sends it messages (a subscription's hit, a test) in that service's markdown format, each
 * send a robot_delivery row retried with backoff and audited. A team is the users of one producer; a robot of
 * no producer is everyone's. The URL and the signing secret are write-only: no answer carries them.
 * docs/robots.md, decisions 194-196.
 */

export const ROBOT_SERVICES = ['wecom', 'dingtalk', 'feishu'] as const;
export type RobotService = (typeof ROBOT_SERVICES)[number];
export const ROBOT_SERVICE_LABELS: Record<RobotService, string> = { wecom: '企业微信', dingtalk: '钉钉', feishu: '飞书' };

export const ROBOT_DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type RobotDeliveryState = (typeof ROBOT_DELIVERY_STATES)[number];
export const ROBOT_DELIVERY_STATE_LABELS: Record<RobotDeliveryState, string> = { queued: '待发送', sent: '已发送', failed: '发送失败' };

/** How many sends a delivery gets before it is failed (the first and two retries, with backoff). */
export const ROBOT_ATTEMPTS = 3;
/** The deliveries a robot's history shows, newest first. */
export const ROBOT_DELIVERY_LIMIT = 20;

export const ROBOT_MESSAGES = {
  httpsOnly: '仅支持 https 地址',
  privateTarget: '不允许内网地址',
  unresolvable: '机器人地址的域名无法解析',
  invalidUrl: '机器人地址无效',
  credentialsInUrl: '机器人地址不能包含用户名或密码',
  notFound: '机器人不存在',
  disabled: '机器人已停用',
  /** A subscription's delivery whose owner is disabled or has left the robot's team by the time it is sent (decision 261). */
  subscriberLeft: '订阅人已停用或已不属于该机器人所属的团队，未发送',
  wecomHasNoSecret: '企业微信机器人不使用签名密钥',
  /** The edit dialog's checkbox that confirms it (clearSecret), and the refusal of a change to 企业微信 without it. */
  confirmDropSecret: '删除已保存的签名密钥',
  secretWouldBeDropped: '企业微信机器人不使用签名密钥：改为企业微信会删除已保存的签名密钥，请勾选“删除已保存的签名密钥”确认',
  testTitle: '测试消息',
  testLine: '这是来自车市分析平台的测试消息，收到即表示机器人配置正确。',
} as const;

/**
 * What a robot is sent: a title, the lines (the figure, its change …) and a link, a path within the app
 * (made absolute with PUBLIC_URL when sent). The subscriptions' job builds one per hit; the texts are
 * escaped when formatted, so a name cannot add a link or markup.
 */
export const robotMessageSchema = z.object({
  title: z.string().min(1).max(100),
  lines: z.array(z.string().max(500)).max(30),
  /** A path of this app: '/salevolume/wholemarket?month=2026-10' (never another site). */
  link: z
    .string()
    .max(1000)
    .regex(/^\/(?![/\\])/, '链接应为本站路径'),
});
export type RobotMessage = z.infer<typeof robotMessageSchema>;

const robotName = z
  .string('请输入机器人名称')
  .trim()
  .min(1, '请输入机器人名称')
  .max(64, '名称不能超过 64 个字符')
  .refine((text) => !CONTROL_CHARACTERS.test(text), `名称${CONTROL_CHARACTER_MESSAGE}`);
/** The webhook address; its scheme and target are checked by the server (https, a public address). */
const robotUrl = z.string('请输入机器人地址').trim().min(1, '请输入机器人地址').max(1000, '地址不能超过 1000 个字符');
const robotSecret = z
  .string()
  .trim()
  .max(200, '密钥不能超过 200 个字符')
  .refine((text) => !CONTROL_CHARACTERS.test(text), `密钥${CONTROL_CHARACTER_MESSAGE}`);
const producerRef = z.preprocess(
  (value) => (value === null ? undefined : blankIsAbsent(value)),
  intText('应为正整数')
    .refine((id) => id > 0 && id < 2 ** 31, '应为正整数')
    .optional(),
);
const robotId = labelled(
  intText('应为正整数').refine((id) => id > 0 && id < 2 ** 31, '应为正整数'),
  '机器人编号',
);
const serviceParam = labelled(z.enum(ROBOT_SERVICES, '应为 wecom（企业微信）、dingtalk（钉钉）或 feishu（飞书）'), '机器人类型');

/** admin/robots/create: a producer's robot (none: everyone's); the secret only for 钉钉 / 飞书 signing. */
export const robotCreateSchema = z.strictObject({
  name: labelled(robotName, '名称'),
  producerId: labelled(producerRef, '所属厂商'),
  service: serviceParam,
  url: labelled(robotUrl, '机器人地址'),
  secret: labelled(z.preprocess(blankIsAbsent, robotSecret.optional()), '签名密钥'),
  enabled: labelled(z.boolean('应为 true 或 false').default(true), '启用'),
});
export type RobotCreateDto = z.output<typeof robotCreateSchema>;

/**
 * admin/robots/update: every field as sent, but an absent (or empty) url or secret keeps the stored one; clearSecret
 * removes it, and must be sent to change a robot with a secret to 企业微信 (secretWouldBeDropped otherwise, decision 256).
 */
export const robotUpdateSchema = z.strictObject({
  id: robotId,
  name: labelled(robotName, '名称'),
  producerId: labelled(producerRef, '所属厂商'),
  service: serviceParam,
  url: labelled(z.preprocess(blankIsAbsent, robotUrl.optional()), '机器人地址'),
  secret: labelled(z.preprocess(blankIsAbsent, robotSecret.optional()), '签名密钥'),
  clearSecret: labelled(z.boolean('应为 true 或 false').default(false), '清除密钥'),
  enabled: labelled(z.boolean('应为 true 或 false'), '启用'),
});
export type RobotUpdateDto = z.output<typeof robotUpdateSchema>;

export const robotIdBodySchema = z.strictObject({ id: robotId });
export const robotDeliveriesQuerySchema = strictQuery({ id: labelled(positiveId('应为正整数'), '机器人编号') });

export const robotDeliverySchema = z.object({
  id: z.number().int(),
  robotId: z.number().int(),
  title: z.string(),
  state: z.enum(ROBOT_DELIVERY_STATES),
  stateLabel: z.string(),
  /** Sends tried so far. */
  attempts: z.number().int(),
  /** Why the last send failed ('HTTP 500', 'errcode 310000 …', '连接超时'); null once sent. */
  lastError: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm:ss', China time. */
  createTime: z.string(),
  sentTime: z.string().nullable(),
});
export type RobotDelivery = z.infer<typeof robotDeliverySchema>;

/** A robot as the administrator sees it: never its URL or secret, only the URL's host and whether a secret is set. */
export const adminRobotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  producerId: z.number().int().nullable(),
  /** null: every team's robot (所有团队). */
  producerName: z.string().nullable(),
  service: z.enum(ROBOT_SERVICES),
  serviceLabel: z.string(),
  /** The webhook's host only ('qyapi.weixin.qq.com'): the path holds the robot's key. */
  host: z.string(),
  hasSecret: z.boolean(),
  enabled: z.boolean(),
  createTime: z.string(),
  lastDelivery: robotDeliverySchema.nullable(),
});
export type AdminRobot = z.infer<typeof adminRobotSchema>;

export const robotOptionsSchema = z.object({
  services: z.array(z.object({ code: z.enum(ROBOT_SERVICES), name: z.string() })),
  producers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** What an analyst may see of the team's robots (to choose one for a subscription): the name and service. */
export const teamRobotSchema = z.object({ id: z.number().int(), name: z.string(), service: z.enum(ROBOT_SERVICES), serviceLabel: z.string() });
export type TeamRobot = z.infer<typeof teamRobotSchema>;

export const robotDeleteResultSchema = z.object({ id: z.number().int() });

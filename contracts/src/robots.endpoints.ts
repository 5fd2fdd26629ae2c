import { z } from 'zod';
import * as rb from './robots';
import * as s from './search';
import { calls, get } from './endpoint';

const admin = calls('admin', 'admin', true);

/** 群机器人 (/admin/robots): administrators register, edit, test and delete; analysts list their team's by name only. */
export const ADMIN_ROBOTS = {
  list: admin.get(
    'robots/list',
    s.noParamsSchema,
    z.array(rb.adminRobotSchema),
    '群机器人列表（管理员）：名称、所属厂商、类型、地址的主机名、是否设密钥、最近一次发送；不含地址与密钥',
  ),
  options: admin.get('robots/options', s.noParamsSchema, rb.robotOptionsSchema, '群机器人表单的选项：类型 [{code, name}]，厂商 [{id, name}]'),
  deliveries: admin.get(
    'robots/deliveries',
    rb.robotDeliveriesQuerySchema,
    z.array(rb.robotDeliverySchema),
    '机器人最近 20 次发送，最新在前：状态、次数、失败原因',
  ),
  create: admin.post(
    'robots/create',
    rb.robotCreateSchema,
    rb.adminRobotSchema,
    '登记群机器人：name, producerId（无：所有团队）, service（wecom、dingtalk、feishu）, url（https，公网地址）, secret（钉钉、飞书加签）, enabled',
  ),
  update: admin.post(
    'robots/update',
    rb.robotUpdateSchema,
    rb.adminRobotSchema,
    '修改群机器人：url、secret 留空则保留原值，clearSecret 清除密钥；有密钥的钉钉或飞书机器人改为企业微信须同时传 clearSecret 确认删除密钥',
  ),
  remove: admin.post('robots/delete', rb.robotIdBodySchema, rb.robotDeleteResultSchema, '删除群机器人及其发送记录：id'),
  test: admin.post('robots/test', rb.robotIdBodySchema, rb.robotDeliverySchema, '发送测试消息：id → 排队的发送记录（失败按退避重试）'),
};

/** The team's robots, for any signed-in user: their own producer's and everyone's, enabled, by name only. */
export const ROBOTS = {
  team: get('robots', 'robots/team', s.noParamsSchema, z.array(rb.teamRobotSchema), '本团队可用的群机器人（已启用）：id、名称、类型；不含地址与密钥'),
};

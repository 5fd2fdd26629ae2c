import { z } from 'zod';
import * as al from './alerts';
import * as s from './search';
import { calls, NO_BODY } from './endpoint';

/** 订阅与提醒 (/alerts/subscriptions, /alerts/notifications): each user's own subscriptions and notifications. */
const alerts = calls('alerts', 'alerts');
export const ALERTS = {
  subscriptions: alerts.get(
    'subscriptions',
    s.noParamsSchema,
    z.array(al.alertSubscriptionSchema),
    '我的订阅，最新在前：视图、提醒方式（新月份 / 指标条件）、是否暂停',
  ),
  rows: alerts.get('rows', al.alertRowsQuerySchema, z.array(al.alertRowSchema), '条件的对象：kind（producer、brand、subSeries、province、city）→ [{id, name}]'),
  create: alerts.post(
    'subscriptions/create',
    al.alertSubscriptionCreateSchema,
    al.alertSubscriptionSchema,
    '订阅视图：name, path, search（视图的页面与查询串）, kind newMonth（新月份）或 condition（measure, comparison, threshold, rowKind, rowId；竞品监控的视图为 rowKind competitorSet，rowId 即视图的 set）',
  ),
  update: alerts.post('subscriptions/update', al.alertSubscriptionUpdateSchema, al.alertSubscriptionSchema, '修改订阅：id 与创建时的全部字段'),
  pause: alerts.post('subscriptions/pause', al.alertSubscriptionPauseSchema, al.alertSubscriptionSchema, '暂停或恢复订阅：id, paused'),
  remove: alerts.post('subscriptions/delete', al.alertSubscriptionIdSchema, z.object({ deleted: z.number().int() }), '删除订阅：id（其提醒一并删除）'),
  notifications: alerts.get(
    'notifications',
    al.alertNotificationListSchema,
    al.alertNotificationPageSchema,
    '我的提醒，最新在前：page, pageSize（默认 20）；含未读数',
  ),
  unread: alerts.get('notifications/unread', s.noParamsSchema, al.alertUnreadSchema, '未读提醒数（页头的铃铛）'),
  read: alerts.post('notifications/read', al.alertNotificationReadSchema, al.alertUnreadSchema, '标为已读：ids → 未读提醒数'),
  readAll: alerts.post('notifications/readAll', NO_BODY, al.alertUnreadSchema, '全部标为已读 → 未读提醒数（0）'),
};

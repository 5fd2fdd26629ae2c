import { z } from 'zod';
import * as s from './search';
import * as vw from './views';
import { calls } from './endpoint';

const views = calls('views', 'views');

/** 我的视图 (/myviews): every signed-in user's own saved views and those shared with them. */
export const VIEWS = {
  list: views.get('list', s.noParamsSchema, vw.viewListSchema, '我的视图：mine（本人的，最近修改在前）与 shared（共享给我的，只读），limit 为上限'),
  save: views.post('save', vw.viewSaveSchema, vw.savedViewSchema, '保存视图：name、path（分析页面）、query（地址栏的查询串）'),
  rename: views.post('rename', vw.viewRenameSchema, vw.savedViewSchema, '重命名本人的视图：id、name'),
  remove: views.post('delete', vw.viewIdBodySchema, z.object({ deleted: z.number().int() }), '删除本人的视图：id（共享随之取消）'),
  share: views.post('share', vw.viewShareSchema, vw.savedViewSchema, '共享本人的视图：id、userIds（指定同事，整表替换）、producer（本厂商全部同事）'),
  copy: views.post('copy', vw.viewCopySchema, vw.savedViewSchema, '另存为我的视图：id（本人的或共享给我的）、name'),
  open: views.get(
    'open',
    vw.viewIdQuerySchema,
    vw.viewOpeningSchema,
    '打开视图：id → 页面地址（仅保留页面仍读取的条件）与被忽略的条件；页面不在本人菜单中时答 403',
  ),
  colleagues: views.get(
    'colleagues',
    vw.colleagueQuerySchema,
    z.array(vw.colleagueSchema),
    '可共享的同事：分析师为本厂商其他启用的分析师，管理员为其他启用的用户；keyword 匹配账号或昵称，最多 50 位',
  ),
};

import { z } from 'zod';
import * as s from './search';
import * as cs from './competitor-sets';
import { calls } from './endpoint';

const sets = calls('competitorSets', 'competitorSets');

/** 竞品组 (issue 49): every signed-in user's own competitor sets, those shared with them, and the suggested ones. */
export const COMPETITOR_SETS = {
  list: sets.get('list', s.noParamsSchema, cs.competitorSetListSchema, '竞品组：mine（本人的，最近修改在前）与 shared（本厂商同事共享的，只读），limit 为上限'),
  suggestions: sets.get(
    'suggestions',
    s.noParamsSchema,
    cs.suggestionsSchema,
    '建议的竞品组：本厂商近三个月零售量前五的子车系，各配同级别同车身形式、加权成交价相差 ±20% 以内的其他厂商子车系中销量最大的五个',
  ),
  monitor: sets.get(
    'monitor',
    cs.competitorMonitorQuerySchema,
    cs.competitorMonitorSchema,
    '竞品监控：id（竞品组）、time、source（1 批发、2 零售）、area+level（零售）；成员 13 个月的销量、组内份额与排名、全国成交价、优惠与优惠率、本品与各竞品的成交价差，以及本品在各省（或各城市）的组内份额',
  ),
  ppt: sets.get(
    'ppt',
    cs.competitorMonitorQuerySchema,
    'pptx',
    '导出PPT（竞品监控）：参数同 monitor；本品份额卡片、销量与组内份额走势、成员表现、月度销量、成交价差、成交价与本品在各省（或各城市）的组内份额',
  ),
  save: sets.post(
    'save',
    cs.competitorSetSaveSchema,
    cs.competitorSetSchema,
    '新建竞品组：name、own（本品子车系）、rivals（竞品子车系，最多 15 个；合计最多 16 个）',
  ),
  update: sets.post('update', cs.competitorSetUpdateSchema, cs.competitorSetSchema, '修改本人的竞品组：id、name、own、rivals（整组替换）'),
  remove: sets.post('delete', cs.competitorSetIdBodySchema, z.object({ deleted: z.number().int() }), '删除本人的竞品组：id（共享随之取消）'),
  share: sets.post(
    'share',
    cs.competitorSetShareSchema,
    cs.competitorSetSchema,
    '共享本人的竞品组：id、producer（true 共享给本厂商全部同事，只读；false 取消共享）',
  ),
  copy: sets.post('copy', cs.competitorSetCopySchema, cs.competitorSetSchema, '另存为我的竞品组：id（本人的或共享给我的）、name'),
};

import { z } from 'zod';
import * as cc from './car-config';
import { under } from './endpoint';

/** 配置查询 (backend/src/carConfig). */

const carConfig = under('carConfig', 'carConfig');
export const CAR_CONFIG = {
  searchCar: carConfig(
    'searchCar',
    cc.configSearchSchema,
    z.array(cc.configSubSeriesSchema),
    '配置查询的子车系搜索 [{id, name}]：name 包含的文字，以其开头的在前，最多 20 个',
  ),
  get: carConfig(
    'get',
    cc.configQuerySchema,
    cc.configTableSchema,
    '配置对比：ids 子车系（最多 5 个），carJllCodes 所选车型（列序），niankuan、engin、energy、battery 筛选',
  ),
  level1: carConfig('level1', cc.configLevel1Schema, z.array(cc.configCategorySchema), '配置表的一级分类 [{id, name}]，锚点导航用'),
  download: carConfig('download', cc.configDownloadSchema, 'xlsx', '下载配置对比 Excel：同 get 的参数，加 hide（隐藏未配置项）、differ（仅显示差异项）'),
  ppt: carConfig(
    'ppt',
    cc.configDeckSchema,
    'pptx',
    '导出PPT：页面所示的车型市场表现与配置表（参数同 download；differ 缺省为 1 即只看差异项，differ=0 为全部项；列按子车系分页）',
  ),
};

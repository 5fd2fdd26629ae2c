import type { BodyType, Energy, ProducerProperty, BrandProperty } from './types';

/**
 * Coded attributes and their Chinese labels, by dictionary type (the `type` of GET /search/dictionary;
 * the names are the contract's CODED_DICTIONARY_TYPES). Keys are what the fact and trim tables store.
 */
export const DICTIONARIES: Record<string, ReadonlyArray<readonly [number, string]>> = {
  dicFuel: [[1, '汽油'], [2, '柴油'], [3, '油电混合'], [4, '插电式混合动力'], [5, '增程式'], [6, '纯电动']],
  dicBodyShape: [[1, '三厢'], [2, '两厢'], [3, '旅行车'], [4, 'SUV'], [5, 'MPV'], [6, '跑车']],
  dicProducerProperty: [[1, '自主'], [2, '合资'], [3, '外资独资'], [4, '进口']],
  dicBoundProperty: [[1, '豪华'], [2, '主流']],
  dicBrandSeries: [[1, '自主'], [2, '德系'], [3, '日系'], [4, '美系'], [5, '韩系'], [6, '法系'], [7, '其他']],
  dicDischargeStandard: [[1, '国VI b'], [2, '国VI a'], [3, '国V']],
  dicGearBox: [[1, '手动'], [2, '自动'], [3, 'CVT无级变速'], [4, '双离合'], [5, '电动车单速']],
  dicDriving: [[1, '前驱'], [2, '后驱'], [3, '四驱']],
  dicModelLevel: [[1, '微型车'], [2, '小型车'], [3, '紧凑型车'], [4, '中型车'], [5, '中大型车'], [6, '大型车']],
  useNature: [[1, '非营运'], [2, '营运'], [3, '租赁']],
  owner: [[1, '个人'], [2, '单位']],
  colour: [[1, '白色'], [2, '黑色'], [3, '灰色'], [4, '银色'], [5, '蓝色'], [6, '红色'], [7, '绿色'], [8, '其他']],
};

export const FUEL_OF: Record<Energy, number> = { ICE: 1, DIESEL: 2, HEV: 3, PHEV: 4, EREV: 5, BEV: 6 };
/** dicFuel keys that count as new energy (NEV): PHEV, EREV, BEV. */
export const NEV_FUELS = [4, 5, 6] as const;
export const BODY_OF: Record<BodyType, number> = { 三厢: 1, 两厢: 2, 旅行车: 3, SUV: 4, MPV: 5, 跑车: 6 };
export const PRODUCER_PROPERTY_OF: Record<ProducerProperty, number> = { 自主: 1, 合资: 2, 外资独资: 3, 进口: 4 };
export const BRAND_PROPERTY_OF: Record<BrandProperty, number> = { 豪华: 1, 主流: 2 };

export const ROLES = [
  { id: 1, code: 'admin', name: '系统管理员' },
  { id: 2, code: 'analyst', name: '市场分析师' },
] as const;

/**
 * The vocabulary of the reference data: the names and codes the dictionaries, segments and families
 * give meaning to. The demo catalog writes its makes in these words; the dictionaries map them to codes.
 */

/** 系别: where the brand comes from. */
export type FamilyName = '自主' | '德系' | '日系' | '美系' | '韩系' | '法系' | '其他';

/** 厂商属性 (dicProducerProperty). */
export type ProducerProperty = '自主' | '合资' | '外资独资' | '进口';

/** 品牌属性 (dicBoundProperty). */
export type BrandProperty = '豪华' | '主流';

/**
 * 细分市场 codes, see SEGMENTS in segments.ts: sedans A00..C (1-5), SUVs A0..C (6-9), MPVs A..C (10-12),
 * sports cars (13).
 */
export type SegmentId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

export type BodyType = '三厢' | '两厢' | '旅行车' | 'SUV' | 'MPV' | '跑车';

/**
 * Power train. NEV = BEV + PHEV + EREV. ICE includes 48 V mild hybrids; HEV is a full (non plug-in)
 * hybrid such as Toyota's THS or Honda's i-MMD.
 */
export type Energy = 'ICE' | 'DIESEL' | 'HEV' | 'PHEV' | 'EREV' | 'BEV';

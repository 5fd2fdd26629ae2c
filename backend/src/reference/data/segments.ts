import type { BodyType, FamilyName, SegmentId } from './types';

/** 细分市场. category: 1 sedan (轿车), 2 SUV, 3 MPV, 4 sports car (跑车); the detail-market calls filter on it. */
export const SEGMENTS: ReadonlyArray<{ id: SegmentId; name: string; category: 1 | 2 | 3 | 4 }> = [
  { id: 1, name: 'A00级轿车', category: 1 },
  { id: 2, name: 'A0级轿车', category: 1 },
  { id: 3, name: 'A级轿车', category: 1 },
  { id: 4, name: 'B级轿车', category: 1 },
  { id: 5, name: 'C级轿车', category: 1 },
  { id: 6, name: 'A0级SUV', category: 2 },
  { id: 7, name: 'A级SUV', category: 2 },
  { id: 8, name: 'B级SUV', category: 2 },
  { id: 9, name: 'C级SUV', category: 2 },
  { id: 10, name: 'A级MPV', category: 3 },
  { id: 11, name: 'B级MPV', category: 3 },
  { id: 12, name: 'C级MPV', category: 3 },
  { id: 13, name: '跑车', category: 4 },
];

export const FAMILIES: ReadonlyArray<{ id: number; name: FamilyName }> = [
  { id: 1, name: '自主' },
  { id: 2, name: '德系' },
  { id: 3, name: '日系' },
  { id: 4, name: '美系' },
  { id: 5, name: '韩系' },
  { id: 6, name: '法系' },
  { id: 7, name: '其他' },
];

export const BODY_TYPES: readonly BodyType[] = ['三厢', '两厢', '旅行车', 'SUV', 'MPV', '跑车'];

/** The names of the segment categories, as the segment table's subtotal rows show them. */
export const SEGMENT_CATEGORIES: Record<number, string> = { 1: '轿车', 2: 'SUV', 3: 'MPV', 4: '跑车' };

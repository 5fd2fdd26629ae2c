import { companyBrandCarDetailsSchema, companyBrandChartSchema, companyBrandFilterSchema, companyBrandListSchema } from '@car/contracts';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { rejectionMessage } from '../common/zod-validation.testing';

const messageOf = rejectionMessage;

describe('producer/brand query schemas', () => {
  const filter = new ZodValidationPipe(companyBrandFilterSchema);
  const list = new ZodValidationPipe(companyBrandListSchema);
  const chart = new ZodValidationPipe(companyBrandChartSchema);
  const details = new ZodValidationPipe(companyBrandCarDetailsSchema);

  test('type 0 is a producer and any other integer a brand; producer by default', () => {
    expect(filter.parse({ type: '0' }).type).toBe('producer');
    expect(filter.parse({ type: '1' }).type).toBe('brand');
    expect(filter.parse({ type: '2' }).type).toBe('brand');
    expect(filter.parse({ type: '-7' }).type).toBe('brand');
    expect(filter.parse({}).type).toBe('producer');
  });

  test('an empty foreignId means none; foreignIds is a list of at most 10', () => {
    expect(filter.parse({ foreignId: '' }).foreignId).toBeUndefined();
    expect(filter.parse({ foreignId: '12' }).foreignId).toBe(12);
    expect(chart.parse({ foreignIds: '3, 4,3' }).foreignIds).toEqual([3, 4]);
    expect(chart.parse({}).foreignIds).toEqual([]);
  });

  test('defaults: accumulate 0, page 1 of 10, count 1, no rank band, comparison mode from foreignIds', () => {
    expect(list.parse({})).toMatchObject({ accumulate: 0, currentPage: 1, pageSize: 10, source: 2 });
    expect(list.parse({}).rank).toBeUndefined();
    expect(chart.parse({})).toMatchObject({ count: 1, timeDimensionality: 0 });
    expect(chart.parse({}).compareType).toBeUndefined();
  });

  test('a bad value names its field in Chinese', () => {
    expect(messageOf(() => filter.parse({ type: 'abc' }))).toBe('参数 type 应为整数（0 厂商，其他为品牌）');
    expect(messageOf(() => filter.parse({ foreignId: 'x1' }))).toBe('参数 foreignId 应为厂商或品牌 id');
    expect(messageOf(() => details.parse({}))).toBe('参数 foreignId 应为厂商或品牌 id');
    expect(messageOf(() => list.parse({ accumulate: '2' }))).toBe('参数 accumulate 应为 0（当月）或 1（本年累计）');
    expect(messageOf(() => list.parse({ rank: '6' }))).toBe('参数 rank 应为 1-5（第 1-10 名 … 第 41-50 名）');
    expect(messageOf(() => list.parse({ pageSize: '1000000' }))).toBe('参数 pageSize 最大为 500');
    expect(messageOf(() => chart.parse({ count: '11' }))).toBe('参数 count 应为 0-10');
    expect(messageOf(() => chart.parse({ compareType: '3' }))).toBe('参数 compareType 应为 0（按时间）、1（对比厂商）或 2（对比品牌）');
    expect(messageOf(() => chart.parse({ foreignIds: '1,2,3,4,5,6,7,8,9,10,11' }))).toBe('参数 foreignIds 最多 10 个');
    expect(messageOf(() => chart.parse({ foreignIds: "1' OR 1=1" }))).toBe('参数 foreignIds 应为逗号分隔的正整数');
  });
});

import type { z } from 'zod';
import { referencesOf } from './references';
import { dashboardProducersSchema } from './dashboard';
import { tagHeader } from './new-year';
import { areaMarketFilterSchema, saleVolumeFilterSchema, wholeMarketDownloadSchema } from './sale-volume';

const checksOf = (schema: z.ZodType, input: Record<string, string>) => referencesOf(schema, input, schema.parse(input));

describe('1-2月合计 (newYear)', () => {
  test('is accepted with a January or February month, on the sales and the dashboard calls', () => {
    expect(saleVolumeFilterSchema.parse({ time: '2026-01', newYear: '1' }).newYear).toBe(true);
    expect(areaMarketFilterSchema.parse({ time: '2026-02', newYear: '1', area: '5', level: '1' }).newYear).toBe(true);
    expect(wholeMarketDownloadSchema.parse({ time: '2026-02', newYear: '1', type: '2' }).newYear).toBe(true);
    expect(dashboardProducersSchema.parse({ time: '2026-01', newYear: '1' }).newYear).toBe(true);
    expect(saleVolumeFilterSchema.parse({}).newYear).toBe(false);
  });

  test.each([
    ['a March month', { time: '2026-03', newYear: '1' }],
    ['no month', { newYear: '1' }],
  ])('is refused with %s, naming the toggle', (_, query) => {
    for (const schema of [saleVolumeFilterSchema, areaMarketFilterSchema, wholeMarketDownloadSchema, dashboardProducersSchema]) {
      const parsed = schema.safeParse({ ...query, ...(schema === wholeMarketDownloadSchema ? { type: '2' } : {}) });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ['newYear'], message: '只能在所选月份为1月或2月时使用' });
    }
  });

  test('keeps the month checked against the calendar', () => {
    expect(checksOf(saleVolumeFilterSchema, { time: '2030-01', newYear: '1' }).months).toEqual([{ param: 'time', calendar: 'retail', months: [203001] }]);
  });

  test('the tables say the period in their headers; the others keep theirs', () => {
    expect([2, 3, 4, 5, 10].map((t) => tagHeader(t as 2, true))).toEqual(['1-2月销量', '去年1-2月销量', '环比(上年11-12月)', '同比', '1-2月累计销量']);
    expect(tagHeader(2, false)).toBe('当月销量');
  });
});

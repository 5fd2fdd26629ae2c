import { cityRetailExportSchema } from './data-export';
import { priceQtyTableSchema } from './price-volume';
import { referencesOf, hasReferences, monthOutsideMessage, unknownIdMessage } from './references';
import { areaMarketFilterSchema, companyBrandCarDetailsSchema, saleVolumeFilterSchema } from './sale-volume';
import { noParamsSchema } from './search';
import type { z } from 'zod';

const checksOf = (schema: z.ZodType, input: Record<string, string>) => referencesOf(schema, input, schema.parse(input));

describe('the references a call declares', () => {
  test('a segment id and a month of the source the call reads', () => {
    expect(checksOf(saleVolumeFilterSchema, { detailId: '99', time: '2030-01', fuels: '6,4' })).toEqual({
      ids: [
        { param: 'detailId', kind: 'segment', ids: [99] },
        { param: 'fuels', kind: 'fuel', ids: [6, 4] },
      ],
      months: [{ param: 'time', calendar: 'retail', months: [203001] }],
    });
    expect(checksOf(saleVolumeFilterSchema, { source: '1', time: '2030-01' }).months).toEqual([{ param: 'time', calendar: 'wholesale', months: [203001] }]);
  });

  test('-1 (all) and parameters not sent are not checked', () => {
    expect(checksOf(saleVolumeFilterSchema, { detailId: '-1', producerProperty: '-1' })).toEqual({ ids: [], months: [] });
  });

  test('a kind read from another parameter: the area by its level, foreignId by type, foreignIds by compareType, members by dimension', () => {
    expect(checksOf(areaMarketFilterSchema, { area: '440000', level: '2' }).ids).toEqual([{ param: 'area', kind: 'province', ids: [440000] }]);
    expect(checksOf(areaMarketFilterSchema, { dimensionalityId: '9', dimensionality: '1' }).ids).toEqual([
      { param: 'dimensionalityId', kind: 'region', ids: [9] },
    ]);
    expect(checksOf(companyBrandCarDetailsSchema, { type: '1', foreignId: '5', foreignIds: '6', compareType: '1' }).ids).toEqual([
      { param: 'foreignId', kind: 'brand', ids: [5] },
      { param: 'foreignIds', kind: 'producer', ids: [6] },
    ]);
    expect(checksOf(companyBrandCarDetailsSchema, { foreignId: '5', foreignIds: '6', compareType: '0' }).ids).toEqual([
      { param: 'foreignId', kind: 'producer', ids: [5] },
    ]);
    expect(checksOf(priceQtyTableSchema, { type: '3', foreignIds: '7,8' }).ids).toEqual([{ param: 'foreignIds', kind: 'producerBrand', ids: [7, 8] }]);
  });

  test("an export's month range is checked at both ends, repeated form fields as one list", () => {
    const form = { yyyyMm: '2030-01 - 2030-02', city: ['110100', '999999'] } as unknown as Record<string, string>;
    expect(checksOf(cityRetailExportSchema, form)).toEqual({
      ids: [{ param: 'city', kind: 'city', ids: [110100, 999999] }],
      months: [{ param: 'yyyyMm', calendar: 'retail', months: [203001, 203002] }],
    });
  });

  test('a call without ids or months declares none', () => {
    expect(hasReferences(noParamsSchema)).toBe(false);
    expect(hasReferences(saleVolumeFilterSchema)).toBe(true);
  });

  test('the messages name the parameter, the id and what it should name, or the months allowed', () => {
    expect(unknownIdMessage('detailId', 'segment', 99)).toBe('参数 detailId 没有 id 为 99 的细分市场');
    expect(monthOutsideMessage('yyyyMm', 'price', 203001, 202001, 202610)).toBe('参数 yyyyMm 没有 2030-01 的价格数据，应在 2020-01 至 2026-10 之间');
  });
});

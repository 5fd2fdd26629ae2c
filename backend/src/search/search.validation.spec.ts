import { carListSchema, citySchema, complexSchema, dictionarySchema, makerListSchema, seriesListSchema } from '@car/contracts';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { rejectionMessage } from '../common/zod-validation.testing';

const messageOf = rejectionMessage;

describe('search query schemas', () => {
  const makers = new ZodValidationPipe(makerListSchema);

  test('maker filters are parsed: key trimmed, letter upper-cased, lists of numbers', () => {
    expect(makers.parse({ key: ' 大众 ', letter: 'y', detailId: '3', producerProperties: '1,2', brandProperties: '' })).toEqual({
      key: '大众',
      letter: 'Y',
      detailId: 3,
      producerProperties: [1, 2],
      brandProperties: undefined,
    });
  });

  test('-1 in a property list means all (no filter)', () => {
    expect(makers.parse({ producerProperties: '-1' }).producerProperties).toBeUndefined();
  });

  test('a bad value names its field in Chinese', () => {
    expect(messageOf(() => makers.parse({ detailId: 'abc' }))).toBe('参数 detailId 应为整数');
    expect(messageOf(() => makers.parse({ detailId: '1.5' }))).toBe('参数 detailId 应为整数');
    expect(messageOf(() => makers.parse({ detailId: '0' }))).toBe('参数 detailId 应为 -1 或细分市场 id');
    expect(messageOf(() => makers.parse({ letter: 'AB' }))).toBe('参数 letter 应为 A-Z 中的一个字母');
    expect(messageOf(() => makers.parse({ key: 'x'.repeat(51) }))).toBe('参数 key 不能超过 50 个字符');
    expect(messageOf(() => makers.parse({ key: ['a', 'b'] }))).toBe('参数 key 应为文本');
    expect(messageOf(() => makers.parse({ producerProperties: '1;2' }))).toBe('参数 producerProperties 应为逗号分隔的整数');
  });

  test('an unknown parameter is refused by name', () => {
    expect(messageOf(() => makers.parse({ producerId: '1' }))).toBe('参数 producerId 不是可用的参数');
  });

  test('id lists: positive integers, at most 500, duplicates dropped', () => {
    const series = new ZodValidationPipe(seriesListSchema);
    expect(series.parse({ producerIds: '3,1,3,' }).producerIds).toEqual([3, 1]);
    expect(messageOf(() => series.parse({ producerIds: '1,0' }))).toBe('参数 producerIds 应为逗号分隔的正整数');
    expect(messageOf(() => series.parse({ brandIds: '1,-2' }))).toBe('参数 brandIds 应为逗号分隔的正整数');
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect(messageOf(() => series.parse({ brandIds: many }))).toBe('参数 brandIds 最多 500 个');
    expect(series.parse({ brandIds: many.split(',').slice(0, 500).join(',') }).brandIds).toHaveLength(500);
  });

  test('getCars needs modelSubIds or id, and merges them', () => {
    const cars = new ZodValidationPipe(carListSchema);
    expect(cars.parse({ modelSubIds: '2,1', id: '5', time: '2026-10' })).toEqual({ subSeriesIds: [2, 1, 5], time: 202610 });
    expect(cars.parse({ id: '7' })).toEqual({ subSeriesIds: [7], time: undefined });
    expect(messageOf(() => cars.parse({}))).toBe('参数 modelSubIds 不能为空');
    expect(messageOf(() => cars.parse({ id: '1', time: '2026-13' }))).toBe('参数 time 应为 YYYY-MM 格式的月份');
  });

  test('provinceId and provinceIds make one list of cities', () => {
    expect(new ZodValidationPipe(citySchema).parse({ provinceId: '440000', provinceIds: '110000' })).toEqual({
      provinceIds: [110000, 440000],
      areaIds: undefined,
      condition: undefined,
    });
  });

  test('complexBPs type is 0 to 5', () => {
    expect(new ZodValidationPipe(complexSchema).parse({ type: '5', modelSubIds: '1' })).toMatchObject({ type: 5, modelSubIds: [1] });
    expect(messageOf(() => new ZodValidationPipe(complexSchema).parse({ type: '6' }))).toBe('参数 type 应为 0 到 5 的整数');
    expect(messageOf(() => new ZodValidationPipe(complexSchema).parse({}))).toBe('参数 type 应为 0 到 5 的整数');
  });

  test('dictionary types resolve their spellings; an unknown one is refused', () => {
    const dictionary = new ZodValidationPipe(dictionarySchema);
    expect(dictionary.parse({ type: 'gearbox' })).toEqual({ type: 'dicGearBox' });
    expect(dictionary.parse({ type: 'driving' })).toEqual({ type: 'dicDriving' });
    expect(dictionary.parse({ type: 'dicEngine' })).toEqual({ type: 'dicEngine' });
    expect(dictionary.parse({ type: 'useNature' })).toEqual({ type: 'useNature' });
    expect(messageOf(() => dictionary.parse({ type: 'dicNope' }))).toBe('参数 type 为未知的字典类型');
    expect(messageOf(() => dictionary.parse({}))).toBe('参数 type 不能为空');
  });
});

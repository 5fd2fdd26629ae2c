import { chooseField, conditionText, exportEntries, monthRangeText, splitValues } from './export-form';

const TAGS = [
  { key: 'area', field: 'area' },
  { key: 'province', field: 'province' },
  { key: 'city', field: 'city' },
  { key: 'fuel', field: 'dicFuel' },
];

describe('the export form', () => {
  test('only tags that are on are sent, each value repeated, empty values left out, the months as start - end', () => {
    const entries = exportEntries('2026-01', '2026-10', TAGS, new Set(['province', 'fuel']), {
      area: { values: ['5'], names: ['华南'] },
      province: { values: ['440000', ''], names: ['广东省'] },
      dicFuel: { values: ['5', '6'], names: ['增程式', '纯电动'] },
    });
    expect(entries).toEqual([
      ['yyyyMm', '2026-01 - 2026-10'],
      ['province', '440000'],
      ['dicFuel', '5'],
      ['dicFuel', '6'],
      ['titleKeys', 'province'],
      ['titleKeys', 'fuel'],
    ]);
  });

  test('a tag without values shows 全部 in 已选条件; with values, their names', () => {
    expect(conditionText(undefined)).toBe('全部');
    expect(conditionText({ values: [], names: [] })).toBe('全部');
    expect(conditionText({ values: ['5', '6'], names: ['增程式', '纯电动'] })).toBe('增程式、纯电动');
  });

  test('a new area clears province and city; a new province clears city; a city keeps both', () => {
    const chosen = {
      area: { values: ['5'], names: ['华南'] },
      province: { values: ['440000'], names: ['广东省'] },
      city: { values: ['440100'], names: ['广州市'] },
    };
    expect(chooseField(chosen, 'area', { values: ['1'], names: ['华北'] })).toMatchObject({ province: undefined, city: undefined });
    const province = chooseField(chosen, 'province', { values: ['450000'], names: ['广西'] });
    expect(province.area).toEqual(chosen.area);
    expect(province.city).toBeUndefined();
    expect(chooseField(chosen, 'city', { values: ['440300'], names: ['深圳市'] })).toMatchObject({ area: chosen.area, province: chosen.province });
  });

  test('comma-joined ids and typed codes split into values', () => {
    expect(splitValues('12,40')).toEqual(['12', '40']);
    expect(splitValues(' A01， B02  C03 ')).toEqual(['A01', 'B02', 'C03']);
    expect(monthRangeText('2026-10', '2026-10')).toBe('2026-10 - 2026-10');
  });
});

import type { ConfigTrimRow } from './car-config.repository';
import { defaultSelection, optionLists, passesFilters } from './car-config.rules';

function trim(id: number, subSeriesId: number, modelYear: number, endMonth: number | null, more: Partial<ConfigTrimRow> = {}): ConfigTrimRow {
  return { id, jllCode: `J${id}`, name: `t${id}`, subSeriesId, modelYear, fuel: 1, engine: '1.5T', batteryKwh: null, endMonth, msrp: 100000 + id, ...more };
}

describe('which trims a first load pre-selects', () => {
  test('per sub-series, the on-sale trims of its newest on-sale model year', () => {
    const trims = [trim(1, 10, 2025, null), trim(2, 10, 2026, null), trim(3, 10, 2026, null), trim(4, 10, 2027, 202601)];
    // 4 is newer but ended before 2026-03.
    expect(defaultSelection(trims, [10], 202603).map((t) => t.id)).toEqual([2, 3]);
  });

  test('a sub-series with nothing on sale shows its newest model year', () => {
    const trims = [trim(1, 20, 2023, 202312), trim(2, 20, 2024, 202412), trim(3, 20, 2024, 202406)];
    expect(defaultSelection(trims, [20], 202603).map((t) => t.id)).toEqual([2, 3]);
  });

  test('sub-series in the order asked; one with no trim adds none', () => {
    const trims = [trim(1, 10, 2025, null), trim(2, 20, 2025, null)];
    expect(defaultSelection(trims, [20, 30, 10], 202603).map((t) => t.id)).toEqual([2, 1]);
  });
});

describe('the four filters', () => {
  const bev = trim(1, 10, 2025, null, { fuel: 6, engine: null, batteryKwh: '75.0' });
  const petrol = trim(2, 10, 2024, null, { engine: '2.0T' });

  test('an absent or empty filter does not narrow', () => {
    expect([bev, petrol].filter(passesFilters({ niankuan: [], engin: undefined }))).toEqual([bev, petrol]);
  });

  test('无 picks the trims without an engine or without a battery', () => {
    expect([bev, petrol].filter(passesFilters({ engin: ['无'] }))).toEqual([bev]);
    expect([bev, petrol].filter(passesFilters({ battery: ['无'] }))).toEqual([petrol]);
    expect([bev, petrol].filter(passesFilters({ battery: ['75'], energy: [6], niankuan: [2025] }))).toEqual([bev]);
  });

  test('option lists: years newest first, 无 last, batteries by capacity', () => {
    const lists = optionLists(
      [petrol, bev, trim(3, 10, 2026, null, { batteryKwh: '9.5', fuel: 4 })],
      new Map([
        [1, '汽油'],
        [4, '插电式混合动力'],
        [6, '纯电动'],
      ]),
    );
    expect(lists).toEqual({
      niankuan: [
        { value: '2026', label: '2026款' },
        { value: '2025', label: '2025款' },
        { value: '2024', label: '2024款' },
      ],
      engines: [
        { value: '1.5T', label: '1.5T' },
        { value: '2.0T', label: '2.0T' },
        { value: '无', label: '无（纯电动）' },
      ],
      energies: [
        { value: '1', label: '汽油' },
        { value: '4', label: '插电式混合动力' },
        { value: '6', label: '纯电动' },
      ],
      batteries: [
        { value: '9.5', label: '9.5kWh' },
        { value: '75', label: '75kWh' },
        { value: '无', label: '无' },
      ],
    });
  });
});

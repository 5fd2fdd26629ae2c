import { comparePickListEntries, groupByLetter, letterOf } from './letter-groups';

const entry = (id: number, name: string, initial: string) => ({ id, name, initial });
const toIdName = (e: { id: number; name: string }) => ({ id: e.id, name: e.name });

describe('groupByLetter', () => {
  test('groups by initial in A-Z order, only letters that have entries', () => {
    const groups = groupByLetter([entry(1, '长安汽车', 'C'), entry(2, '阿维塔', 'A'), entry(3, '比亚迪', 'B'), entry(4, '奥迪', 'A')], toIdName);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'B', 'C']);
    expect(groups[0].list).toEqual([
      { id: 2, name: '阿维塔' },
      { id: 4, name: '奥迪' },
    ]);
  });

  test('sorts the names of a letter by pinyin, not by code point', () => {
    // By code point 东 (U+4E1C) comes before 大 (U+5927); by pinyin da comes before dong.
    const groups = groupByLetter([entry(1, '东风日产', 'D'), entry(2, '大众(进口)', 'D'), entry(3, '道奇', 'D')], toIdName);
    expect(groups[0].list.map((e) => e.name)).toEqual(['大众(进口)', '道奇', '东风日产']);
  });

  test('a lower-case initial joins its upper-case letter', () => {
    const groups = groupByLetter([entry(1, 'e系列', 'e'), entry(2, '鄂尔多斯', 'E')], toIdName);
    expect(groups).toEqual([
      {
        letter: 'E',
        list: [
          { id: 2, name: '鄂尔多斯' },
          { id: 1, name: 'e系列' },
        ],
      },
    ]);
  });

  test('an initial outside A-Z goes to a last group #', () => {
    const groups = groupByLetter([entry(1, '9号', '9'), entry(2, '智己', 'Z'), entry(3, '埃安', 'A')], toIdName);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'Z', '#']);
  });

  test('no entries, no groups', () => {
    expect(groupByLetter([], toIdName)).toEqual([]);
  });
});

describe('comparePickListEntries', () => {
  test('orders by initial first, then by pinyin within the initial', () => {
    const sorted = [entry(1, '宋', 'S'), entry(2, '汉', 'H'), entry(3, '海豹', 'H'), entry(4, '9X', '9')].sort(comparePickListEntries);
    expect(sorted.map((e) => e.name)).toEqual(['海豹', '汉', '宋', '9X']);
  });
});

describe('letterOf', () => {
  test('upper-cases a letter and maps anything else to #', () => {
    expect(letterOf('b')).toBe('B');
    expect(letterOf('Z')).toBe('Z');
    expect(letterOf('3')).toBe('#');
    expect(letterOf('')).toBe('#');
  });
});

import type { MpTabMatches } from '@car/contracts';
import { matchGroups, searchedMatch } from './mp-search';

const TABS: MpTabMatches[] = [
  {
    type: 1,
    label: '厂商',
    list: [
      { id: 11, name: '一汽-大众' },
      { id: 12, name: '上汽大众' },
    ],
  },
  { type: 0, label: '品牌', list: [{ id: 21, name: '大众' }] },
  { type: 2, label: '厂商品牌', list: [] },
  { type: 4, label: '车型', list: [{ id: 41, name: '大众ID.3' }] },
];

describe('the phone search over every tab', () => {
  test('lists the open tab first without a heading, then each other tab with matches under where it was found', () => {
    expect(matchGroups(TABS, 1).map((g) => [g.type, g.heading, g.matches.map((m) => m.id)])).toEqual([
      [1, null, [11, 12]],
      [0, '在「品牌」中找到', [21]],
      [4, '在「车型」中找到', [41]],
    ]);
    expect(matchGroups(TABS, 2).map((g) => g.heading)).toEqual(['在「厂商」中找到', '在「品牌」中找到', '在「车型」中找到']);
  });

  test('Enter opens the exact name, in another tab when the open one has none', () => {
    expect(searchedMatch(TABS, 1, '大众')).toEqual({ type: 0, id: 21, name: '大众' });
    expect(searchedMatch(TABS, 1, '上汽大众')).toEqual({ type: 1, id: 12, name: '上汽大众' });
    expect(searchedMatch(TABS, 1, 'dazhong')).toBeNull();
  });

  test("Enter opens the open tab's only match, or the only match of all tabs when the open tab has none", () => {
    expect(searchedMatch(TABS, 0, '众')).toEqual({ type: 0, id: 21, name: '大众' });
    expect(searchedMatch(TABS, 1, '众')).toBeNull();
    const one: MpTabMatches[] = [
      { type: 1, label: '厂商', list: [] },
      { type: 4, label: '车型', list: [{ id: 9, name: '朗逸' }] },
    ];
    expect(searchedMatch(one, 1, '朗')).toEqual({ type: 4, id: 9, name: '朗逸' });
  });
});

import { COMPETITOR_SET_NAME_MAX } from '@car/contracts';

import { draftNotes, draftOfPicks, setNameOf } from './competitor-set-draft';

const sub = (id: number, name = `车系${id}`) => ({ id, name });

describe('a set drafted from the picks of a page (decision 301)', () => {
  it('keeps 本品 and the rivals in the order picked, named after 本品', () => {
    expect(draftOfPicks([sub(507, '宝来')], [sub(17), sub(916)])).toEqual({
      name: '宝来竞品组',
      own: [sub(507, '宝来')],
      rivals: [sub(17), sub(916)],
      dropped: [],
    });
  });

  it('keeps a sub-series picked twice once, and never as a rival of itself', () => {
    // The URL gives '507' where the API gave 507: the same sub-series.
    const draft = draftOfPicks([sub(507), { id: '507', name: '车系507' }], [sub(17), { id: '507', name: '车系507' }, sub(17), sub(916)]);
    expect([draft.own, draft.rivals, draft.dropped]).toEqual([[sub(507)], [sub(17), sub(916)], []]);
  });

  it('keeps the first fifteen rivals and names the others', () => {
    const rivals = Array.from({ length: 18 }, (_, i) => sub(i + 1));
    const draft = draftOfPicks([sub(100)], rivals);
    expect([draft.rivals.map((r) => r.id), draft.dropped.map((r) => r.id)]).toEqual([rivals.slice(0, 15).map((r) => r.id), [16, 17, 18]]);
    expect(draftNotes(draft, '第一个为本品')).toEqual([
      '第一个为本品',
      '已选 18 个竞品子车系，竞品组最多 15 个（与本品合计最多 16 个）：保留前 15 个，未计入 车系16、车系17、车系18。',
    ]);
  });

  it('keeps fewer rivals with more than one 本品: sixteen members at most', () => {
    const draft = draftOfPicks(
      [sub(100), sub(101), sub(102)],
      Array.from({ length: 15 }, (_, i) => sub(i + 1)),
    );
    expect([draft.rivals.length, draft.dropped.map((r) => r.id)]).toEqual([13, [14, 15]]);
  });

  it('says nothing more than the note when every rival fits', () => {
    expect(draftNotes(draftOfPicks([sub(1)], [sub(2)]), '本品为追踪的子车系')).toEqual(['本品为追踪的子车系']);
    expect(draftNotes(draftOfPicks([sub(1)], [sub(2)]))).toEqual([]);
  });
});

describe('the name a drafted set is offered under', () => {
  it('is numbered past the names the caller has', () => {
    expect(setNameOf([sub(1, '宝来')], ['宝来竞品组', '宝来竞品组2', '朗逸竞品组'])).toBe('宝来竞品组3');
    expect(setNameOf([sub(1, '宝来')], ['朗逸竞品组'])).toBe('宝来竞品组');
  });

  it('is empty without 本品', () => {
    expect(draftOfPicks([], [sub(2)]).name).toBe('');
  });

  it('fits the forty characters, 本品 shortened', () => {
    const long = '长'.repeat(50);
    const first = setNameOf([sub(1, long)]);
    expect([first.length, first.endsWith('竞品组')]).toEqual([COMPETITOR_SET_NAME_MAX, true]);
    const second = setNameOf([sub(1, long)], [first]);
    expect([second.length, second.endsWith('竞品组2')]).toEqual([COMPETITOR_SET_NAME_MAX, true]);
  });
});

import {
  EMPTY_SELECTION,
  LETTERS,
  displayText,
  findInGroups,
  idsKey,
  initialPickListState,
  lettersWithEntries,
  pickListReducer,
  selectionOf,
  type PickItem,
  type PickListAction,
  type PickListState,
} from './pick-list';

const faw: PickItem = { id: 40, name: '一汽-大众' };
const saic: PickItem = { id: 42, name: '上汽大众' };
const byd: PickItem = { id: 1, name: '比亚迪汽车' };

function run(state: PickListState, ...actions: PickListAction[]): PickListState {
  return actions.reduce(pickListReducer, state);
}

const opened = (items: PickItem[] = [], series: PickItem | null = null) => run(initialPickListState(selectionOf(items, series)), { type: 'open' });

describe('pick-list dialog state', () => {
  it('opening starts the draft from the last confirmed choice', () => {
    const state = opened([faw]);
    expect(state.open).toBe(true);
    expect(state.draft.items).toEqual([faw]);
  });

  it('X reverts to the last confirmed choice', () => {
    const state = run(opened([faw]), { type: 'toggle', item: saic, multiple: true }, { type: 'close' });
    expect(state.open).toBe(false);
    expect(state.confirmed.items).toEqual([faw]);
    expect(state.draft.items).toEqual([faw]);
    expect(run(state, { type: 'open' }).draft.items).toEqual([faw]);
  });

  it('X after clearing brings the confirmed choice back', () => {
    const state = run(opened([faw, saic]), { type: 'clear' }, { type: 'close' });
    expect(state.confirmed.items).toEqual([faw, saic]);
  });

  it('confirm keeps the draft and closes', () => {
    const state = run(opened([faw]), { type: 'toggle', item: saic, multiple: true }, { type: 'confirm' });
    expect(state.open).toBe(false);
    expect(state.confirmed.items).toEqual([faw, saic]);
  });

  it('a second open while open does not restart the draft', () => {
    const state = run(opened(), { type: 'toggle', item: faw, multiple: true }, { type: 'open' });
    expect(state.draft.items).toEqual([faw]);
  });

  it('single-select: choosing another item replaces the choice', () => {
    const state = run(opened([faw]), { type: 'toggle', item: saic, multiple: false });
    expect(state.draft.items).toEqual([saic]);
  });

  it('single-select: choosing the chosen item clears it', () => {
    const state = run(opened([faw]), { type: 'toggle', item: { id: '40', name: '一汽-大众' }, multiple: false });
    expect(state.draft.items).toEqual([]);
  });

  it('multi-select toggles ids in a list, in the order chosen', () => {
    const state = run(
      opened(),
      { type: 'toggle', item: saic, multiple: true },
      { type: 'toggle', item: faw, multiple: true },
      { type: 'toggle', item: byd, multiple: true },
      { type: 'toggle', item: faw, multiple: true },
    );
    expect(idsKey(state.draft.items)).toBe('42,1');
  });

  it('toggleAll chooses the missing sub-series, and drops them all when all are chosen', () => {
    const subs: PickItem[] = [
      { id: 149, name: '阿维塔11 纯电' },
      { id: 150, name: '阿维塔11 增程' },
    ];
    const some = run(opened([subs[0]]), { type: 'toggleAll', items: subs });
    expect(idsKey(some.draft.items)).toBe('149,150');
    const none = run(some, { type: 'toggleAll', items: subs });
    expect(none.draft.items).toEqual([]);
  });

  it('an area node is told apart by its level (北京市 is 110000 as province and city)', () => {
    const province: PickItem = { id: 110000, name: '北京市', level: 2 };
    const city: PickItem = { id: 110000, name: '北京市', level: 3 };
    const state = run(opened([province]), { type: 'toggle', item: city, multiple: false });
    expect(state.draft.items).toEqual([city]);
  });

  it('choosing a different series clears the chosen models', () => {
    const series: PickItem = { id: 155, name: '阿维塔06' };
    const other: PickItem = { id: 804, name: '阿特兹' };
    const model: PickItem = { id: 2051, name: '阿维塔06 2026款 增程 171km 出行版' };
    const withModel = run(opened([], series), { type: 'toggle', item: model, multiple: true });
    expect(run(withModel, { type: 'chooseSeries', series }).draft.items).toEqual([model]);
    const switched = run(withModel, { type: 'chooseSeries', series: other });
    expect(switched.draft).toEqual({ series: other, items: [] });
    expect(run(switched, { type: 'close' }).confirmed).toEqual({ series, items: [] });
  });

  it('nothing changes the draft while the dialog is closed', () => {
    const closed = initialPickListState(selectionOf([faw]));
    expect(run(closed, { type: 'toggle', item: saic, multiple: true }, { type: 'confirm' })).toEqual(closed);
  });

  it('replace (a new URL, a form reset) sets both the choice and the draft', () => {
    const state = run(opened([faw]), { type: 'replace', selection: EMPTY_SELECTION });
    expect(state.confirmed.items).toEqual([]);
    expect(state.draft.items).toEqual([]);
  });
});

describe('pre-selection of the own producer or brand', () => {
  it('pre-selects it when nothing is chosen', () => {
    const state = run(opened(), { type: 'preselect', item: faw });
    expect(state.draft.items).toEqual([faw]);
    expect(state.confirmed.items).toEqual([]);
  });

  it('leaves an existing choice alone', () => {
    expect(run(opened([byd]), { type: 'preselect', item: faw }).draft.items).toEqual([byd]);
  });

  it('happens once an opening: cleared, it stays cleared after another search', () => {
    const state = run(opened(), { type: 'preselect', item: faw }, { type: 'toggle', item: faw, multiple: true }, { type: 'preselect', item: faw });
    expect(state.draft.items).toEqual([]);
  });

  it('is offered again on the next opening, and X drops it', () => {
    const closed = run(opened(), { type: 'preselect', item: faw }, { type: 'close' });
    expect(closed.confirmed.items).toEqual([]);
    expect(run(closed, { type: 'open' }, { type: 'preselect', item: faw }).draft.items).toEqual([faw]);
  });
});

describe('letter index', () => {
  it('has A-Z once each (the source listed G and K twice)', () => {
    expect(LETTERS).toHaveLength(26);
    expect(new Set(LETTERS).size).toBe(26);
    expect(LETTERS.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('enables the letters that have entries', () => {
    const groups = [
      { letter: 'A', list: [{ id: 90, name: '阿尔法·罗密欧' }] },
      { letter: 'g', list: [{ id: 3, name: '广汽埃安' }] },
      { letter: 'K', list: [] },
    ];
    expect([...lettersWithEntries(groups)].sort()).toEqual(['A', 'G']);
    expect(findInGroups(groups, '3')?.name).toBe('广汽埃安');
    expect(findInGroups(groups, 4)).toBeUndefined();
  });
});

describe('display text of the read-only input', () => {
  it('says 选择 when nothing is chosen', () => {
    expect(displayText([])).toBe('选择');
    expect(displayText([], '全部区域')).toBe('全部区域');
  });

  it('shows the name when one is chosen', () => {
    expect(displayText([faw])).toBe('一汽-大众');
  });

  it('joins short names and counts long lists', () => {
    expect(displayText([faw, saic])).toBe('一汽-大众、上汽大众');
    expect(displayText([faw, saic, byd])).toBe('已选 3 项');
  });
});

import { choiceOnFocus, multiSelectText, rowAfterKey, toggleChoice } from './multi-select';

const FUELS = [
  { value: 1, label: '汽油' },
  { value: 4, label: '插电式混合动力' },
  { value: 6, label: '纯电动' },
];

describe('multi-select text', () => {
  it('reads 选择 with nothing chosen', () => expect(multiSelectText([], FUELS)).toBe('选择'));
  it('reads the value with one chosen', () => expect(multiSelectText([6], FUELS)).toBe('纯电动'));
  it('reads 多选 with part chosen', () => expect(multiSelectText([1, 6], FUELS)).toBe('多选'));
  it('reads 全部 with all chosen', () => expect(multiSelectText([6, 4, 1], FUELS)).toBe('全部'));
});

describe('multi-select choices', () => {
  it('focusing it empty selects all', () => expect(choiceOnFocus([], FUELS)).toEqual([1, 4, 6]));
  it('focusing it with a choice keeps the choice', () => expect(choiceOnFocus([4], FUELS)).toEqual([4]));
  it('toggles in the options order', () => {
    expect(toggleChoice([6], 1, FUELS)).toEqual([1, 6]);
    expect(toggleChoice([1, 6], 6, FUELS)).toEqual([1]);
  });
});

describe('multi-select keys in the open list', () => {
  it('ArrowDown moves down and stops at the last row; from no focus it goes to the first', () => {
    expect(rowAfterKey('ArrowDown', -1, 4)).toBe(0);
    expect(rowAfterKey('ArrowDown', 1, 4)).toBe(2);
    expect(rowAfterKey('ArrowDown', 3, 4)).toBe(3);
  });
  it('ArrowUp moves up and stops at the first row', () => {
    expect(rowAfterKey('ArrowUp', 2, 4)).toBe(1);
    expect(rowAfterKey('ArrowUp', 0, 4)).toBe(0);
  });
  it('Home and End go to the ends; other keys and an empty list move nothing', () => {
    expect(rowAfterKey('Home', 2, 4)).toBe(0);
    expect(rowAfterKey('End', 0, 4)).toBe(3);
    expect(rowAfterKey('a', 0, 4)).toBeNull();
    expect(rowAfterKey('ArrowDown', -1, 0)).toBeNull();
  });
});

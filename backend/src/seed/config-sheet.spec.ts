import { sheetJson } from './config-sheet';

describe('sheetJson', () => {
  it('writes a trim’s sheet as json_object_agg(item_id, value ORDER BY item_id) prints it, escaped as escape_json escapes', () => {
    expect(sheetJson([1, 2, 10], ['标配', '-', '6挡手动'])).toBe('{ "1" : "标配", "2" : "-", "10" : "6挡手动" }');
    expect(sheetJson([3, 4, 5, 6], ['a"b', 'c\\d', 'e\nf\tg', '\u0001'])).toBe('{ "3" : "a\\"b", "4" : "c\\\\d", "5" : "e\\nf\\tg", "6" : "\\u0001" }');
  });
});

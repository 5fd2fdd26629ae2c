import { containsPattern, prefixPattern } from './like-pattern';

describe('LIKE patterns', () => {
  test('plain text is wrapped in % for a substring match', () => {
    expect(containsPattern('大众')).toBe('%大众%');
    expect(prefixPattern('秦')).toBe('秦%');
  });

  test('wildcards and the escape character are matched literally', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });

  test('SQL in a key is only text: quotes are left to the bound parameter', () => {
    expect(containsPattern("' OR 1=1 --")).toBe("%' OR 1=1 --%");
  });
});

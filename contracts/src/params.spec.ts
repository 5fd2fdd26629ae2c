import type { z } from 'zod';
import { nicknameSchema } from './admin';
import { alertSubscriptionCreateSchema } from './alerts';
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from './params';
import { reportUploadSchema } from './report-download';
import { robotCreateSchema } from './robots';
import { viewNameSchema } from './views';

/**
 * The one rule of what a name cannot hold (params.ts CONTROL_CHARACTERS): control characters, the bidirectional
 * controls and the invisible format characters (issue 44 §5), which make two names that look alike differ or
 * hide part of one. Every kind of name a user types reads it: views, subscriptions, robots, reports, users.
 */
const INVISIBLE = [
  ['a zero-width space (U+200B)', '\u200b'],
  ['a zero-width non-joiner (U+200C)', '\u200c'],
  ['a zero-width joiner (U+200D)', '\u200d'],
  ['a word joiner (U+2060)', '\u2060'],
  ['a byte-order mark (U+FEFF)', '\ufeff'],
] as const;
const BIDI = [
  ['the right-to-left override (U+202E)', '\u202e'],
  ['a right-to-left mark (U+200F)', '\u200f'],
  ['an isolate (U+2066)', '\u2066'],
  ['the Arabic letter mark (U+061C)', '\u061c'],
] as const;

/** Each kind of name, as its call's schema reads it: the message the name field gets, or null when it is accepted. */
const NAMES: Array<[kind: string, message: (name: string) => string | null]> = [
  ['a view', (name) => issue(viewNameSchema.safeParse(name))],
  ['a subscription', (name) => issue(alertSubscriptionCreateSchema.safeParse({ name, path: '/salevolume/wholemarket', search: '', kind: 'newMonth' }), 'name')],
  ['a robot', (name) => issue(robotCreateSchema.safeParse({ name, service: 'wecom', url: 'https://qyapi.weixin.qq.com/x' }), 'name')],
  ['a report', (name) => issue(reportUploadSchema.safeParse({ producerId: '1', month: '2026-01', name }), 'name')],
  ["a user's nickname", (name) => issue(nicknameSchema.safeParse(name))],
];

function issue(parsed: z.ZodSafeParseResult<unknown>, field?: string): string | null {
  if (parsed.success) return null;
  const found = parsed.error.issues.find((i) => field === undefined || i.path[0] === field);
  return found?.message ?? null;
}

describe('the characters a name cannot hold', () => {
  test.each([...INVISIBLE, ...BIDI])('%s is one of them', (_what, character) => {
    expect(CONTROL_CHARACTERS.test(`月报${character}十月`)).toBe(true);
  });

  test.each(['一汽-大众 2026年1月 月报', 'café', 'e\u0301', '🚗 SUV（华东）', '全角\u3000空格'])('%s holds none', (name) => {
    expect(CONTROL_CHARACTERS.test(name)).toBe(false);
  });

  describe.each(NAMES)('the name of %s', (_kind, message) => {
    // In the middle: at either end, trim() already drops U+FEFF (JavaScript counts it as white space).
    test.each([...INVISIBLE, ...BIDI])('refuses %s', (_what, character) => {
      expect(message(`十月${character}大盘`)).toEqual(expect.stringContaining(CONTROL_CHARACTER_MESSAGE));
    });

    test('takes Chinese, Latin letters with accents, digits, spaces and emoji', () => {
      expect(message('十月大盘 SUV-2026 café 🚗')).toBeNull();
    });
  });
});

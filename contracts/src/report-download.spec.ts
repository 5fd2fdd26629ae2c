import { CONTROL_CHARACTER_MESSAGE } from './params';
import { asReportName, reportListSchema, reportUploadSchema } from './report-download';

/** A report's display name cannot carry what would make it read as another name (issue 25 #12). */
describe('a report’s display name', () => {
  const form = (name: string) => reportUploadSchema.safeParse({ producerId: '1', month: '2026-01', name });

  test.each([
    ['the right-to-left override', '月报\u202Exslx.exe'],
    ['a left-to-right override', '月报\u202D'],
    ['an isolate', '月报\u2066x\u2069'],
    ['a right-to-left mark', '\u200F月报'],
    ['the Arabic letter mark', '月报\u061C'],
    ['a C0 control', '月报\u0007'],
  ])('%s is refused, as control characters are', (_what, name) => {
    const parsed = form(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  test('Chinese, digits and spaces are a name', () => {
    expect(form('一汽-大众 2026年1月 月报').success).toBe(true);
  });

  test('a name given elsewhere (a competitor set’s) becomes one: what a file name may not hold is an underscore', () => {
    const name = asReportName('../德锐/对标:A*B?"C"<D>|E\\F 2026');
    expect(name).toBe('.._德锐_对标_A_B__C__D__E_F 2026');
    expect(form(name).success).toBe(true);
  });
});

/** A month the database cannot hold is a 400, not a 500 (issue 25 #8): months lie in 1900-2099. */
describe('the report list’s months', () => {
  test.each(['0000-01', '1899-12', '2100-01', '9999-12'])('%s is refused as a month', (month) => {
    expect(reportListSchema.safeParse({ startDate: month }).success).toBe(false);
    expect(reportListSchema.safeParse({ endDate: month }).success).toBe(false);
  });

  test('the window’s ends are months', () => {
    expect(reportListSchema.safeParse({ startDate: '1900-01', endDate: '2099-12' }).success).toBe(true);
  });
});

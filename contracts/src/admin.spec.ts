import { auditDetailText, auditListSchema, userCreateSchema, userIdBodySchema, userListSchema, userUpdateSchema } from './admin';
import { jobListSchema } from './admin-jobs';
import { issueMessage } from './params';
import { PASSWORD_RULE_MESSAGE } from './security';

/** The message the user dialog (and the API) shows for a form parsed by the schema. */
function messageOf(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } } & Parameters<typeof issueMessage>[1],
  value: unknown,
): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return issueMessage(parsed.error as Parameters<typeof issueMessage>[0], schema);
}

describe('the administrators’ forms name their fields by their Chinese labels', () => {
  const good = { account: 'zhang.san', password: 'Colleague#2026', nickname: '张三', role: 'analyst' };

  test('the user dialog: account, password, nickname, producer, never the API field', () => {
    expect(messageOf(userCreateSchema, { ...good, password: 'short' })).toBe(PASSWORD_RULE_MESSAGE);
    expect(messageOf(userCreateSchema, { ...good, password: '' })).toBe('请输入新密码');
    expect(messageOf(userCreateSchema, { ...good, account: 'x' })).toBe('账号由3-32位字母、数字或 _ . @ - 组成');
    expect(messageOf(userCreateSchema, { ...good, nickname: ' ' })).toBe('请输入昵称');
    expect(messageOf(userCreateSchema, { ...good, producerId: 'abc' })).toBe('本品厂商应为正整数');
    expect(messageOf(userCreateSchema, { ...good, role: 'ROOT' })).toBe('所选角色不存在');
    expect(messageOf(userUpdateSchema, { ...good, account: undefined, password: undefined, id: 'x' })).toBe('用户编号应为正整数');
  });

  test('the lists: paging, dates and kinds by label; an unknown parameter still by its name', () => {
    expect(messageOf(userListSchema, { pageSize: '101' })).toBe('每页条数不能超过 100');
    expect(messageOf(userListSchema, { status: 'gone' })).toBe('状态应为 enabled 或 disabled');
    expect(messageOf(auditListSchema, { from: '2026-03-02', to: '2026-03-01' })).toBe('开始日期不能晚于结束日期');
    expect(messageOf(auditListSchema, { to: '2026-02-30' })).toBe('结束日期应为 YYYY-MM-DD 格式的日期');
    expect(messageOf(auditListSchema, { events: 'nope' })).toBe('没有事件类型 nope');
    // A long value is cut short, and says so.
    expect(messageOf(auditListSchema, { events: `${'x'.repeat(40)}y` })).toBe(`没有事件类型 ${'x'.repeat(40)}…`);
    expect(messageOf(jobListSchema, { page: '0' })).toBe('页码应为正整数');
    expect(messageOf(auditListSchema, { company: '1' })).toBe('参数 company 不是可用的参数');
  });
});

describe('the audit detail', () => {
  test('a status change reads as 启用 / 停用, not as its code', () => {
    expect(auditDetailText({ targetAccount: 'zhangsan', changes: { enabled: { from: 'enabled', to: 'disabled' } } })).toBe('对象 zhangsan；状态 启用 → 停用');
    expect(auditDetailText({ changes: { nickname: { from: null, to: '同事' } } })).toBe('昵称 无 → 同事');
    expect(
      auditDetailText({
        changes: { role: { from: null, to: 'analyst', toText: '市场分析师' }, producerId: { from: 40, to: null, fromText: '一汽-大众', toText: null } },
      }),
    ).toBe('角色 无 → 市场分析师；厂商 一汽-大众 → 无');
  });
});

/** An id is a JSON integer or decimal digits, never coerced from anything else (issue 25 #5). */
describe('a user id in a body', () => {
  test.each([true, [22], '0x16', ' 22 ', '22e0', 22.5, '', null])('%p is refused', (id) => {
    expect(userIdBodySchema.safeParse({ id }).success).toBe(false);
  });

  test.each([22, '22'])('%p is user 22', (id) => {
    expect(userIdBodySchema.parse({ id })).toEqual({ id: 22 });
  });
});

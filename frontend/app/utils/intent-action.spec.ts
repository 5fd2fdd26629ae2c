import { ApiCode } from '@car/contracts';

import { ApiError } from './api.server';
import { formText } from './form-text';
import { intentAction } from './intent-action.server';

const posted = (fields: Record<string, string>) => new Request('http://localhost/admin/robots', { method: 'POST', body: new URLSearchParams(fields) });

describe('an action by intent', () => {
  const handlers = {
    rename: (form: FormData) => Promise.resolve({ done: `已重命名为「${formText(form, 'name')}」` }),
    delete: () => Promise.reject(new ApiError('机器人不存在', ApiCode.BadRequest, 400)),
  };

  test('the intent’s handler answers, with the posted form', async () => {
    expect(await intentAction(posted({ intent: 'rename', name: '周报群' }), handlers)).toEqual({ done: '已重命名为「周报群」' });
  });

  test('an intent the page does not have is 未知的操作, also one of an object’s own names', async () => {
    for (const intent of ['', 'create', 'toString', '__proto__']) {
      expect(await intentAction(posted({ intent }), handlers)).toEqual({ failure: { msg: '未知的操作', code: ApiCode.BadRequest, network: false } });
    }
  });

  test('a call the API refuses is its message as data, the page stays', async () => {
    expect(await intentAction(posted({ intent: 'delete' }), handlers)).toEqual({ failure: { msg: '机器人不存在', code: ApiCode.BadRequest, network: false } });
  });

  test('anything else is a bug and reaches the error boundary', async () => {
    await expect(intentAction(posted({ intent: 'rename' }), { rename: () => Promise.reject(new TypeError('x is undefined')) })).rejects.toThrow(TypeError);
  });
});

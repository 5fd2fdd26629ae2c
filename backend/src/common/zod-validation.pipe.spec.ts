import { labelled } from '@car/contracts';
import { z } from 'zod';
import { ApiCode, ApiException } from './api-codes';
import { ZodValidationPipe } from './zod-validation.pipe';

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(
    z.object({ time: z.string().regex(/^\d{4}-\d{2}$/, '应为 YYYY-MM 格式的月份'), pageSize: z.coerce.number().int().max(500) }),
  );

  test('passes parsed values through', () => {
    expect(pipe.parse({ time: '2026-10', pageSize: '20' })).toEqual({ time: '2026-10', pageSize: 20 });
  });

  test('a bad field becomes a 400 whose Chinese message names the field', () => {
    try {
      pipe.parse({ time: '2026/10', pageSize: '20' });
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiException);
      expect((error as ApiException).code).toBe(ApiCode.BadRequest);
      expect((error as ApiException).status).toBe(400);
      expect((error as ApiException).msg).toBe('参数 time 应为 YYYY-MM 格式的月份');
    }
  });

  test('a generic failure still names the field in Chinese', () => {
    expect(() => pipe.parse({ time: '2026-10', pageSize: 'abc' })).toThrow(/参数 pageSize/);
  });
});

describe('ZodValidationPipe with labelled fields', () => {
  const pipe = new ZodValidationPipe(
    z.object({ pageSize: labelled(z.coerce.number().int().max(100, '不能超过 100'), '每页条数'), name: labelled(z.string().min(1, '请输入名称'), '名称') }),
  );

  test('a labelled field is named by its label, before a message that does not name it', () => {
    expect(() => pipe.parse({ pageSize: '101', name: 'x' })).toThrow(/^每页条数不能超过 100$/);
    expect(() => pipe.parse({ pageSize: 'abc', name: 'x' })).toThrow(/^每页条数格式不正确$/);
  });

  test('a message that names the label already is the whole answer', () => {
    expect(() => pipe.parse({ pageSize: '1', name: '' })).toThrow(/^请输入名称$/);
  });
});

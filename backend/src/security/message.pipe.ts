import { Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiException } from '../common/api-codes';

/**
 * Like zodPipe, but the schema's own message is the answer (请输入旧密码, the password rule), because
 * the sign-in and change-password forms show it to the user word for word.
 */
@Injectable()
export class MessagePipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    // A body that is not an object at all has no field message to show.
    throw ApiException.badRequest(issue.path.length === 0 ? '请求参数格式不正确' : issue.message);
  }
}

export function messagePipe<S extends z.ZodType>(schema: S): MessagePipe<S> {
  return new MessagePipe(schema);
}

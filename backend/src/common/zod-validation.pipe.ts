import { Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiException } from './api-codes';

/**
 * Validates a query or body against one zod schema, the same schema the Remix forms reuse. The first
 * problem becomes a 400 whose Chinese message names the field; nothing unvalidated reaches a service.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    const detail = issue.message && !issue.message.startsWith('Invalid') ? issue.message : '格式不正确';
    throw ApiException.badRequest(field ? `参数 ${field} ${detail}` : `请求参数${detail}`);
  }
}

/** Shorthand for `new ZodValidationPipe(schema)` in `@Query(...)` and `@Body(...)`. */
export function zodPipe<S extends z.ZodType>(schema: S): ZodValidationPipe<S> {
  return new ZodValidationPipe(schema);
}

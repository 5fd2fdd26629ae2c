import { Injectable, PipeTransform } from '@nestjs/common';
import { issueMessage } from '@car/contracts';
import type { z } from 'zod';
import { ApiException } from './api-codes';

/**
 * Validates a query or body against its endpoint's schema in @car/contracts, the schema the pages and
 * the tests use too. The first problem becomes a 400 whose Chinese message names the field — by its label
 * where the schema gives one (`labelled`), else by its parameter name; nothing unvalidated reaches a service.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    throw ApiException.badRequest(issueMessage(parsed.error, this.schema));
  }
}

/** Shorthand for `new ZodValidationPipe(schema)` in `@Query(...)` and `@Body(...)`. */
export function zodPipe<S extends z.ZodType>(schema: S): ZodValidationPipe<S> {
  return new ZodValidationPipe(schema);
}

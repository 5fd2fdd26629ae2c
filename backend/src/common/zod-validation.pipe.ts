import { Inject, Injectable, mixin, Optional, PipeTransform, Type } from '@nestjs/common';
import { hasReferences, issueMessage } from '@car/contracts';
import type { z } from 'zod';
import { ReferenceCheck } from '../reference/reference-check.service';
import { ApiException } from './api-codes';

/**
 * Validates a query or body against its endpoint's schema in @car/contracts, the schema the pages and
 * the tests use too. The first problem becomes a 400 whose Chinese message names the field — by its label
 * where the schema gives one (`labelled`), else by its parameter name; nothing unvalidated reaches a service.
 * Where the schema declares that a field names reference data or a month of a calendar (`refersTo`,
 * `inCalendar`), the parsed request is then checked against the database (decision 131): an id
 * that names nothing or a month outside the data is a 400 too, before any service sees it.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S> | Promise<z.output<S>>> {
  private readonly declaresReferences: boolean;

  constructor(
    private readonly schema: S,
    private readonly references?: ReferenceCheck,
  ) {
    this.declaresReferences = hasReferences(schema);
  }

  transform(value: unknown): z.output<S> | Promise<z.output<S>> {
    const parsed = this.parse(value);
    if (!this.references || !this.declaresReferences) return parsed;
    return this.checked(value ?? {}, parsed);
  }

  /** The schema's part alone: the parsed value, or the 400 of its first problem. */
  parse(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw ApiException.badRequest(issueMessage(parsed.error, this.schema));
    return parsed.data;
  }

  private async checked(input: unknown, parsed: z.output<S>): Promise<z.output<S>> {
    const problem = await this.references!.problem(this.schema, input, parsed);
    if (problem !== undefined) throw ApiException.badRequest(problem);
    return parsed;
  }
}

/**
 * The pipe of `@Query(zodPipe(X.y.params))` and `@Body(...)`: a class Nest constructs with the reference
 * check injected (the reference module is global), one per schema.
 */
export function zodPipe<S extends z.ZodType>(schema: S): Type<ZodValidationPipe<S>> {
  @Injectable()
  class ContractPipe extends ZodValidationPipe<S> {
    constructor(@Optional() @Inject(ReferenceCheck) references?: ReferenceCheck) {
      super(schema, references);
    }
  }
  return mixin(ContractPipe);
}

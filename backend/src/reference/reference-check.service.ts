import { Injectable } from '@nestjs/common';
import { monthOutsideMessage, referencesOf, unknownIdMessage, type IdCheck, type MonthCheck } from '@car/contracts';
import type { z } from 'zod';
import { KeptCalendar } from './calendar.repository';
import { ReferenceIdsRepository } from './reference-ids.repository';

/**
 * The one check of the ids and months a call's contract declares (`refersTo`, `inCalendar`; decision
 * 131), run by the validation pipe after the schema has parsed: an id that names nothing, or a
 * month outside the months that hold the call's data, is a 400 whose message names the parameter.
 */
@Injectable()
export class ReferenceCheck {
  constructor(
    private readonly ids: ReferenceIdsRepository,
    private readonly calendar: KeptCalendar,
  ) {}

  /** The message of the first parameter that names nothing, or undefined when every one names something. */
  async problem(schema: z.ZodType, input: unknown, parsed: unknown): Promise<string | undefined> {
    const checks = referencesOf(schema, input, parsed);
    if (checks.ids.length === 0 && checks.months.length === 0) return undefined;
    const problems = await Promise.all([...checks.ids.map((check) => this.unknownId(check)), ...checks.months.map((check) => this.monthOutside(check))]);
    return problems.find((problem) => problem !== undefined);
  }

  private async unknownId(check: IdCheck): Promise<string | undefined> {
    const known = await this.ids.known(check.kind, check.ids);
    const unknown = check.ids.find((id) => !known.has(id));
    return unknown === undefined ? undefined : unknownIdMessage(check.param, check.kind, unknown);
  }

  /** A month before the first or after the latest that holds the data; with no data at all the call's own answer says so. */
  private async monthOutside(check: MonthCheck): Promise<string | undefined> {
    const months = await this.calendar.months(check.calendar);
    if (months.length === 0) return undefined;
    const latest = months[0];
    const first = months[months.length - 1];
    const outside = check.months.find((month) => month < first || month > latest);
    return outside === undefined ? undefined : monthOutsideMessage(check.param, check.calendar, outside, first, latest);
  }
}

/**
 * A page's state read from its URL through the parameter schema of the endpoint it feeds (@car/contracts), field
 * by field, so a page never restates a contract's shape. Lenient where the API is strict: a value the schema
 * refuses (a hand-edited or stale bookmark) reads as the fallback, or the schema's own default, instead of
 * becoming a 400 (decision 155). Page-only keys (ones the API does not take) are read through a page schema the
 * same way. A filter that the API checks and explains is passed on as the URL gave it (`given`), so the user reads
 * the API's Chinese message rather than a silent default. The routes read their address only through this file
 * (layout-rules.spec.ts): a loader through `urlState(schema, request)`, a component through what its loader read.
 */
import { layersOf, type Layer } from '@car/contracts';
import type { z } from 'zod';

/** The fields of a params schema: an object's shape, through the transforms a schema may add after it. */
type ShapeOf<S> = S extends { shape: infer Shape } ? Shape : S extends { in: infer In } ? ShapeOf<In> : never;
type Fields<S> = ShapeOf<S> & Record<string, z.ZodType>;
export type FieldName<S> = keyof ShapeOf<S> & string;
type FieldValue<S, K extends FieldName<S>> = z.output<Fields<S>[K]>;
/** An item of a list field's value (`ids` → number, `carJllCodes` → string). */
type ItemOf<V> = NonNullable<V> extends ReadonlyArray<infer T> ? T : never;

interface ReadOptions<T> {
  /** The URL key, when the page names it otherwise than the API (the market page's `dataType` is the chart's `type`). */
  from?: string;
  /** The values the page offers (its selects); another one reads as the fallback. */
  allowed?: readonly T[];
}

function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const object = layersOf(schema as unknown as Layer).find((layer) => layer._zod.def.shape);
  if (!object) throw new Error('url-state: the schema has no fields');
  return object._zod.def.shape as unknown as Record<string, z.ZodType>;
}

/** The URL read through a schema (an endpoint's `params`, or a page's own keys). */
export class UrlState<S extends z.ZodType> {
  private readonly fields: Record<string, z.ZodType>;

  private readonly params: URLSearchParams;

  constructor(schema: S, from: URLSearchParams | Request) {
    this.fields = fieldsOf(schema);
    this.params = from instanceof URLSearchParams ? from : urlParams(from);
  }

  /**
   * The field as the schema reads it. Refused, absent or not offered: `fallback` when given (the page's own
   * default, or null for none), else the schema's default.
   */
  value<K extends FieldName<S>>(name: K, options?: ReadOptions<FieldValue<S, K>>): FieldValue<S, K>;
  value<K extends FieldName<S>, F>(name: K, options: ReadOptions<FieldValue<S, K>> & { fallback: F }): Exclude<FieldValue<S, K>, undefined> | F;
  value<K extends FieldName<S>>(name: K, options: ReadOptions<FieldValue<S, K>> & { fallback?: unknown } = {}): unknown {
    const fallback = () => ('fallback' in options ? options.fallback : this.parsed(name, undefined));
    const value = this.parsed(name, this.textOf(name, options.from));
    if (value === undefined) return fallback();
    return options.allowed && !options.allowed.includes(value as FieldValue<S, K>) ? fallback() : value;
  }

  /** The URL's own text of a field the schema accepts (a month stays 'YYYY-MM'), else null. */
  text(name: FieldName<S>, from?: string): string | null {
    const text = this.textOf(name, from);
    return text !== undefined && text !== '' && this.parsed(name, text) !== undefined ? text : null;
  }

  /** A comma list read item by item: the items the schema refuses are dropped, the rest kept once, in order. */
  list<K extends FieldName<S>>(name: K, from?: string): Array<ItemOf<FieldValue<S, K>>> {
    const items = (this.textOf(name, from) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const kept = items.flatMap((item) => {
      const value = this.parsed(name, item);
      return Array.isArray(value) ? (value as Array<ItemOf<FieldValue<S, K>>>) : [];
    });
    return [...new Set(kept)];
  }

  /**
   * The URL's text of a field as given, unchecked (null when absent): for a call that checks it and says what is
   * wrong in Chinese (an admin list's filters, a job's id), so a bad value reads as the API's message.
   */
  given(name: FieldName<S>, from?: string): string | null {
    this.field(name);
    return this.params.get(from ?? name);
  }

  /** Every text of a key a GET form repeats (its check boxes), as given, in order. */
  givenAll(name: FieldName<S>, from?: string): string[] {
    this.field(name);
    return this.params.getAll(from ?? name);
  }

  /** Whether the address names the field at all, even empty (an empty list can be a choice: none). */
  names(name: FieldName<S>, from?: string): boolean {
    return this.textOf(name, from) !== undefined;
  }

  private textOf(name: string, from?: string): string | undefined {
    return this.params.get(from ?? name) ?? undefined;
  }

  /** What the schema makes of a text; undefined when it refuses it. */
  private parsed(name: string, text: string | undefined): unknown {
    const read = this.field(name).safeParse(text);
    return read.success ? read.data : undefined;
  }

  private field(name: string): z.ZodType {
    const field = this.fields[name];
    if (!field) throw new Error(`url-state: no field ${name}`);
    return field;
  }
}

/**
 * The URL read through a schema: `urlState(WHOLE_MARKET.highCharts.params, params).value('count')`, or a loader's
 * own address, `urlState(ADMIN_JOBS.list.params, request)`.
 */
export function urlState<S extends z.ZodType>(schema: S, from: URLSearchParams | Request): UrlState<S> {
  return new UrlState(schema, from);
}

/** A loader's query, a copy of its own, for the pages' readers that take the whole of it (`readFilters`, `dashboardQuery`). */
export function urlParams(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

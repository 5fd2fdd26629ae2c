/**
 * A page's state read from its URL through the parameter schema of the endpoint it feeds (@car/contracts), field
 * by field, so a page never restates a contract's shape. Lenient where the API is strict: a value the schema
 * refuses (a hand-edited or stale bookmark) reads as the fallback, or the schema's own default, instead of
 * becoming a 400 (decision 155). Page-only keys (ones the API does not take) are read through a page schema the
 * same way.
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

  constructor(
    schema: S,
    private readonly params: URLSearchParams,
  ) {
    this.fields = fieldsOf(schema);
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

  /** Whether the address names the field at all, even empty (an empty list can be a choice: none). */
  names(name: FieldName<S>, from?: string): boolean {
    return this.textOf(name, from) !== undefined;
  }

  private textOf(name: string, from?: string): string | undefined {
    return this.params.get(from ?? name) ?? undefined;
  }

  /** What the schema makes of a text; undefined when it refuses it. */
  private parsed(name: string, text: string | undefined): unknown {
    const field = this.fields[name];
    if (!field) throw new Error(`url-state: no field ${name}`);
    const read = field.safeParse(text);
    return read.success ? read.data : undefined;
  }
}

/** The URL read through a schema: `urlState(WHOLE_MARKET.highCharts.params, params).value('count')`. */
export function urlState<S extends z.ZodType>(schema: S, params: URLSearchParams): UrlState<S> {
  return new UrlState(schema, params);
}

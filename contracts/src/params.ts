import { z } from 'zod';
import { MONTH_PATTERN, parseMonth } from './months';

/**
 * The building blocks of every endpoint's parameters. The old client sends empty fields for what is not
 * chosen, so '' reads as absent; a parameter a call does not know is refused by name, never ignored;
 * every message is Chinese and names what is wrong ('参数 detailId 应为整数', the pipe adds the name).
 */

/** At most this many ids in one list parameter. */
export const MAX_IDS = 500;
/** At most this many characters in a search text. */
export const MAX_TEXT = 50;

export const blankIsAbsent = (value: unknown): unknown => (value === '' ? undefined : value);

/** Optional, with '' read as absent. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankIsAbsent, schema.optional());
}

/** The message of a parameter the call does not know. */
export const UNKNOWN_PARAMETER = '不是可用的参数';

/**
 * A query whose every other key is refused by name rather than silently ignored (a zod
 * `unrecognized_keys` issue; `issueMessage` names the key).
 */
export function strictQuery<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape);
}

/** The longest parameter name a message repeats. */
const ECHOED_NAME_LENGTH = 40;

/**
 * Gives a field its Chinese label, the name a person reads in a message (and the OpenAPI `title`): a labelled
 * field's failure reads '账号由3-32位…' or '每页条数不能超过 100' instead of naming the API field. The one
 * way a schema names its fields for people; `issueMessage` finds the label through the schema it parsed with.
 */
export function labelled<T extends z.ZodType>(schema: T, label: string): T {
  return schema.meta({ title: label });
}

/** A schema seen through its definition: what `layersOf` and `fieldLabel` walk. */
export type Layer = { _zod: { def: { type: string; innerType?: Layer; in?: Layer; out?: Layer; shape?: Record<string, Layer>; element?: Layer } } };

/** A schema and what it wraps (optional, default, preprocess, transform …), outermost first. */
export function layersOf(schema: Layer | undefined): Layer[] {
  const layers: Layer[] = [];
  for (let layer = schema; layer && layers.length < 16;) {
    layers.push(layer);
    const def = layer._zod.def;
    layer = def.type === 'pipe' ? (def.in?._zod.def.type === 'transform' ? def.out : def.in) : def.innerType;
  }
  return layers;
}

/** The label of the field at `path` in `schema`, if it has one. */
export function fieldLabel(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string | undefined {
  let field: Layer | undefined = schema;
  for (const key of path) {
    const container: Layer | undefined = layersOf(field).find((layer) => layer._zod.def.shape || layer._zod.def.element);
    const def: Layer['_zod']['def'] | undefined = container?._zod.def;
    field = typeof key === 'string' && def?.shape ? def.shape[key] : typeof key === 'number' ? def?.element : undefined;
  }
  if (!field || path.length === 0) return undefined;
  for (const layer of layersOf(field)) {
    const title = z.globalRegistry.get(layer as unknown as z.ZodType)?.title;
    if (title) return title;
  }
  return undefined;
}

/**
 * The Chinese message of a failed parse by `schema`: a labelled field's label ('开始日期不能晚于结束日期', or the
 * label before a message that does not name it: '本品厂商应为正整数'); otherwise the parameter's name,
 * '参数 detailId 应为整数', '参数 producerId 不是可用的参数'. zod's own English defaults become '格式不正确'.
 */
export function issueMessage(error: z.ZodError, schema: z.ZodType): string {
  const issue = error.issues[0];
  if (issue.code === 'unrecognized_keys') return `参数 ${String(issue.keys[0]).slice(0, ECHOED_NAME_LENGTH)} ${UNKNOWN_PARAMETER}`;
  const field = issue.path.join('.').slice(0, ECHOED_NAME_LENGTH);
  const detail = issue.message && !/^\p{ASCII}*$/u.test(issue.message) ? issue.message : '格式不正确';
  const label = fieldLabel(schema, issue.path);
  if (label) return detail.includes(label) ? detail : `${label}${detail}`;
  return field ? `参数 ${field} ${detail}` : `请求参数${detail}`;
}

/** A whole number as text, at most 9 digits. */
export const integer = (message = '应为整数') =>
  z
    .string(message)
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number);

export const positiveId = (message = '应为正整数') => integer(message).refine((id) => id > 0, message);

/**
 * A whole number sent as a JSON integer or as decimal digits (a query or form value). Nothing else is taken for
 * one: `true`, `[22]`, `"0x16"`, `" 22 "` and `"22e0"` are refused, not coerced (issue 25 #5). Bounds chain
 * with `.pipe(z.number().min(…).max(…))`.
 */
export const intText = (message = '应为整数') =>
  z.preprocess((value) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value), z.number({ message }).int(message));

/** A stored row's id sent as a JSON integer or digits: positive, within PostgreSQL's integer. */
export const rowIdText = () => intText('应为正整数').refine((id) => id > 0 && id < 2 ** 31, '应为正整数');

/** A name a user gives what they save (a view, a competitor set): trimmed, 1 to `max` characters, nothing invisible. */
export const givenName = (label: string, max: number) =>
  labelled(
    z
      .string(`请输入${label}`)
      .trim()
      .min(1, `请输入${label}`)
      .max(max, `${label}不能超过 ${max} 个字符`)
      .refine((text) => !CONTROL_CHARACTERS.test(text), `${label}${CONTROL_CHARACTER_MESSAGE}`),
    label,
  );

/** A comma list of positive integer ids, at most 500, duplicates dropped. */
export const idList = z.string('应为逗号分隔的正整数').transform((text, ctx) => {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) === 0)) {
    ctx.addIssue({ code: 'custom', message: '应为逗号分隔的正整数' });
    return z.NEVER;
  }
  if (parts.length > MAX_IDS) {
    ctx.addIssue({ code: 'custom', message: `最多 ${MAX_IDS} 个` });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))];
});

/**
 * A comma list of dictionary keys (producer or brand property). -1 is the spec's "all" and, like an
 * empty list, means no filter (undefined).
 */
export const keyList = z.string('应为逗号分隔的整数').transform((text, ctx): number[] | undefined => {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^-?\d{1,4}$/.test(part))) {
    ctx.addIssue({ code: 'custom', message: '应为逗号分隔的整数' });
    return z.NEVER;
  }
  if (parts.length > MAX_IDS) {
    ctx.addIssue({ code: 'custom', message: `最多 ${MAX_IDS} 个` });
    return z.NEVER;
  }
  const keys = [...new Set(parts.map(Number))];
  return keys.length === 0 || keys.includes(-1) ? undefined : keys;
});

/**
 * Control characters: NUL and the rest of C0, DEL (PostgreSQL refuses NUL in text), the bidirectional controls
 * (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), which can show `report\u202Exslx.exe` as
 * `reportexe.xlsx`, and the invisible format characters (U+200B-U+200D zero-width space, non-joiner and joiner,
 * U+2060 word joiner, U+FEFF zero-width no-break space), which make two names that read alike differ (issue 44
 * §5). Never part of a name: refused in every name a user types, replaced in uploaded file names.
 */
const CONTROL_CLASS = '\\u0000-\\u001f\\u007f\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';
export const CONTROL_CHARACTERS = new RegExp(`[${CONTROL_CLASS}]`);
/** Every character a stored file's name cannot hold: the control characters and Windows's reserved ones. */
export const FILE_NAME_UNSAFE = new RegExp(`[${CONTROL_CLASS}\\\\/:*?"<>|]`, 'g');
export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符或不可见字符';

/** A search text: trimmed, at most 50 characters, no control characters, matched literally (no wildcards). */
export const searchText = z
  .string('应为文本')
  .trim()
  .max(MAX_TEXT, `不能超过 ${MAX_TEXT} 个字符`)
  .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTER_MESSAGE)
  .transform((text) => (text === '' ? undefined : text));

export const letter = z
  .string('应为 A-Z 中的一个字母')
  .regex(/^[A-Za-z]$/, '应为 A-Z 中的一个字母')
  .transform((text) => text.toUpperCase());

export const MONTH_MESSAGE = '应为 YYYY-MM 格式的月份';

/** 'YYYY-MM' on the wire, YYYYMM inside. */
export const monthParam = z.string(MONTH_MESSAGE).regex(MONTH_PATTERN, MONTH_MESSAGE).transform(parseMonth);

/** 'YYYY-MM' kept as text (the sales services resolve it against the calendar). */
export const monthText = z.string(MONTH_MESSAGE).regex(MONTH_PATTERN, MONTH_MESSAGE);

/** A list parameter and its single-id twin as one list; undefined when neither was given. */
export function mergeIds(ids: number[] | undefined, id: number | undefined): number[] | undefined {
  if (id === undefined) return ids;
  return ids ? [...new Set([...ids, id])] : [id];
}

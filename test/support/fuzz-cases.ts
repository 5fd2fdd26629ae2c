import { API_PREFIX, buildOpenApiDocument } from '@car/contracts';

/**
 * The fuzz suite's requests, generated from the OpenAPI description (itself generated from the
 * contracts' ENDPOINTS), so an endpoint added tomorrow is fuzzed with no edit here: every query parameter
 * and body field of every operation gets every malformed value below, one at a time, on an otherwise
 * ordinary request. Deterministic: the few random values come from a seeded generator.
 */

export interface FuzzOperation {
  method: 'GET' | 'POST';
  /** Under /car/api, no leading slash. */
  path: string;
  /** Needs a session (the description's `security` is not empty). */
  session: boolean;
  /** Query parameters (GET) or body fields (POST), with their JSON Schema and whether required. */
  fields: Array<{ name: string; schema: Record<string, unknown>; required: boolean }>;
}

/** One request of the suite. The query or form body is raw (already encoded) so malformed encodings reach the server as sent. */
export interface FuzzRequest {
  operation: FuzzOperation;
  /** What is malformed, for the failure report: `detailId: 10k characters`. */
  label: string;
  /** Raw query string without `?` (GET). */
  query?: string;
  body?: { contentType: string; text: string };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A malformed value: text (percent-encoded when sent), raw (sent as it is), JSON only, or a query/form shape. */
type Malformed =
  | { label: string; text: string }
  | { label: string; raw: string }
  | { label: string; json: Json | { rawJson: string } }
  | { label: string; shape: (name: string) => string };

/** A small seeded generator (mulberry32): the same seed gives the same suite on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RANDOM_ALPHABET = [
  ...'aZ09 -_.,;:!?\'"`~@#$%^&*()[]{}<>/\\|+=',
  '车',
  '市',
  '汽',
  'é',
  '\u0301',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\u3000',
  '🚗',
  '\t',
  '\n',
  '\u0000',
  '\u007f',
];

function randomText(random: () => number): string {
  const length = 1 + Math.floor(random() * 64);
  return Array.from({ length }, () => RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length)]).join('');
}

/** The malformed values of one parameter or field: 60 and more, whatever its type. */
function malformedValues(random: () => number): Malformed[] {
  return [
    { label: 'empty', text: '' },
    { label: 'blank', text: ' ' },
    { label: 'word for a number', text: 'abc' },
    { label: 'true', text: 'true' },
    { label: 'null', text: 'null' },
    { label: 'undefined', text: 'undefined' },
    { label: 'NaN', text: 'NaN' },
    { label: 'Infinity', text: 'Infinity' },
    { label: '-Infinity', text: '-Infinity' },
    { label: 'huge', text: '99999999999999999999999999' },
    { label: '2^31', text: '2147483648' },
    { label: '2^53 + 1', text: '9007199254740993' },
    { label: 'negative', text: '-1' },
    { label: 'below -2^31', text: '-2147483649' },
    { label: 'zero', text: '0' },
    { label: 'fractional', text: '1.5' },
    { label: 'small negative fraction', text: '-0.0001' },
    { label: 'exponent', text: '1e3' },
    { label: 'hexadecimal', text: '0x1F' },
    { label: 'leading plus', text: '+1' },
    { label: 'padded', text: ' 1 ' },
    { label: '10k characters', text: 'a'.repeat(10_000) },
    { label: '10k digits', text: '9'.repeat(10_000) },
    { label: '2,000-item list', text: '1,'.repeat(2_000) },
    { label: 'NUL inside', text: 'a\u0000b' },
    { label: 'NUL alone', text: '\u0000' },
    { label: 'control characters', text: '\u0001\u001f\u007f' },
    { label: 'CRLF header injection', text: '1\r\nSet-Cookie: fuzz=1' },
    { label: 'SQL quote', text: "' OR '1'='1" },
    { label: 'SQL statement', text: '1; DROP TABLE app_user; --' },
    { label: 'SQL union', text: '1 UNION SELECT password_hash FROM app_user' },
    { label: 'SQL sleep', text: "1' AND pg_sleep(5)--" },
    { label: 'LIKE wildcards', text: '%_\\' },
    { label: 'path traversal', text: '../../../../etc/passwd' },
    { label: 'Windows path traversal', text: '..\\..\\..\\windows\\win.ini' },
    { label: 'NUL-terminated path', text: '/etc/passwd\u0000.png' },
    { label: 'markup', text: '<script>alert(1)</script>' },
    { label: 'template', text: '${7*7}{{7*7}}' },
    { label: 'JSON object', text: '{"a":1}' },
    { label: 'JSON array', text: '[1,2]' },
    { label: '__proto__ as value', text: '__proto__' },
    { label: 'constructor as value', text: 'constructor' },
    { label: 'emoji', text: '🚗🚙' },
    { label: 'bidi override, zero width, BOM', text: '\u202e1\u200b\ufeff' },
    { label: 'full-width digits', text: '１２３' },
    { label: 'Arabic-Indic digits', text: '١٢٣' },
    { label: 'combining accent', text: 'e\u0301' },
    { label: 'lone surrogate', raw: '%ED%A0%80' },
    { label: 'bad percent escape', raw: '%zz' },
    { label: 'lone percent', raw: '%' },
    { label: 'overlong UTF-8 slash', raw: '%C0%AF' },
    { label: 'invalid UTF-8 bytes', raw: '%FF%FE' },
    { label: 'empty list items', text: ',,,' },
    { label: 'negative list', text: '-1,-2' },
    { label: 'list with a word', text: '1,a' },
    { label: 'month 13', text: '2026-13' },
    { label: 'month zero', text: '0000-00' },
    { label: 'repeated (array)', shape: (name) => `${name}=1&${name}=2` },
    { label: 'brackets (array)', shape: (name) => `${name}%5B%5D=1` },
    { label: 'indexed (array)', shape: (name) => `${name}%5B0%5D=1&${name}%5B1%5D=2` },
    { label: 'object', shape: (name) => `${name}%5Ba%5D=1` },
    { label: 'nested __proto__', shape: (name) => `${name}%5B__proto__%5D%5Bpolluted%5D=1` },
    { label: 'nested constructor.prototype', shape: (name) => `${name}%5Bconstructor%5D%5Bprototype%5D%5Bpolluted%5D=1` },
    ...[1, 2, 3].map((n) => ({ label: `random text ${n}`, text: randomText(random) })),
    // JSON bodies carry types a query cannot.
    { label: 'JSON number', json: 1 },
    { label: 'JSON negative fraction', json: -1.5 },
    { label: 'JSON huge number', json: 1e308 },
    { label: 'JSON true', json: true },
    { label: 'JSON null', json: null },
    { label: 'JSON empty array', json: [] },
    { label: 'JSON array of text', json: ['a', 'b'] },
    { label: 'JSON object', json: {} },
    { label: 'JSON operator object', json: { $gt: '' } },
    { label: 'JSON __proto__ object', json: { rawJson: '{"__proto__":{"polluted":true}}' } },
    { label: 'JSON deep nesting', json: { rawJson: `${'['.repeat(500)}${']'.repeat(500)}` } },
    { label: 'JSON 2 MB text', json: 'x'.repeat(2_000_000) },
  ];
}

/** Whole-body variants of a POST: what is not an ordinary object at all. */
const MALFORMED_BODIES: Array<{ label: string; contentType: string; text: string }> = [
  { label: 'no body', contentType: 'application/json', text: '' },
  { label: 'truncated JSON', contentType: 'application/json', text: '{"broken":' },
  { label: 'JSON null', contentType: 'application/json', text: 'null' },
  { label: 'JSON array', contentType: 'application/json', text: '[]' },
  { label: 'JSON number', contentType: 'application/json', text: '1' },
  { label: 'JSON text', contentType: 'application/json', text: '"x"' },
  {
    label: 'JSON __proto__ keys',
    contentType: 'application/json',
    text: '{"__proto__":{"account":"x","admin":true},"constructor":{"prototype":{"polluted":1}}}',
  },
  { label: 'JSON duplicate keys', contentType: 'application/json', text: '{"a":1,"a":2}' },
  { label: '100k nested arrays', contentType: 'application/json', text: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { label: '2 MB body', contentType: 'application/json', text: `{"x":"${'x'.repeat(2_000_000)}"}` },
  { label: 'UTF-16 charset', contentType: 'application/json; charset=utf-16', text: '{}' },
  { label: 'unknown charset', contentType: 'application/json; charset=klingon', text: '{}' },
  { label: 'plain text', contentType: 'text/plain', text: 'account=x' },
  { label: 'XML', contentType: 'application/xml', text: '<a>1</a>' },
  { label: 'multipart without a boundary', contentType: 'multipart/form-data', text: 'x' },
  { label: 'form __proto__', contentType: 'application/x-www-form-urlencoded', text: '__proto__%5Bpolluted%5D=1&constructor%5Bprototype%5D%5Bpolluted%5D=1' },
  { label: 'form bad escapes', contentType: 'application/x-www-form-urlencoded', text: '%zz=%&%ED%A0%80=1' },
  { label: 'form 1,000 keys', contentType: 'application/x-www-form-urlencoded', text: Array.from({ length: 1_000 }, (_, i) => `k${i}=1`).join('&') },
];

/** Every operation of the OpenAPI description, restricted to paths starting with `prefix` when given. */
export function fuzzOperations(prefix = ''): FuzzOperation[] {
  const document = buildOpenApiDocument() as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          parameters?: Array<{ name: string; required: boolean; schema: Record<string, unknown> }>;
          requestBody?: { content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>>; required?: string[] } }> };
        }
      >
    >;
  };
  const operations: FuzzOperation[] = [];
  for (const [fullPath, methods] of Object.entries(document.paths)) {
    const path = fullPath.slice(API_PREFIX.length + 1);
    if (!path.startsWith(prefix)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content['application/json']?.schema;
      const fields = body
        ? Object.entries(body.properties ?? {}).map(([name, schema]) => ({ name, schema, required: (body.required ?? []).includes(name) }))
        : (operation.parameters ?? []).map(({ name, schema, required }) => ({ name, schema, required }));
      operations.push({ method: method.toUpperCase() as 'GET' | 'POST', path, session: (operation.security ?? []).length > 0, fields });
    }
  }
  return operations;
}

/**
 * A valid value for a field from its schema alone, so the other fields of a variant are ordinary: an
 * enum's first value, a default, a pattern's typical text, the minimum of a number, else a word.
 */
function ordinaryValue(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (typeof schema.default === 'string' || typeof schema.default === 'number' || typeof schema.default === 'boolean') return String(schema.default);
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  if (pattern.includes('\\d{4}-')) return '2026-01';
  if (pattern.includes('\\d')) return '1';
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(Number(schema.minimum ?? 1), 1));
  return 'a';
}

const encode = (text: string): string => encodeURIComponent(text);

/** The ordinary fields of a request (every required field), each as [name, value]. */
function ordinaryFields(operation: FuzzOperation, base: Record<string, string>): Array<[string, string]> {
  const fields = operation.fields.filter((f) => f.required || f.name in base).map((f): [string, string] => [f.name, base[f.name] ?? ordinaryValue(f.schema)]);
  return fields;
}

function queryOf(pairs: Array<[string, string]>, extra = ''): string {
  return [...pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`), ...(extra ? [extra] : [])].join('&');
}

/**
 * The requests for one operation: each field missing and with each malformed value, the others ordinary
 * (`base` may give their ordinary values, e.g. the login's account), plus whole-request variants
 * (prototype keys at the top level, unknown and repeated names, and for POSTs malformed bodies).
 * A POST's field values go as JSON and as a form in turn (JSON-only values always as JSON). `values` says
 * which malformed values each field gets: a number draws that many by the seeded generator afresh for every
 * operation and field; a `ValuePlan` (valuePlan) gives each field its share of its group's values.
 */
export function fuzzRequests(operation: FuzzOperation, seed: number, base: Record<string, string> = {}, values: number | ValuePlan = Infinity): FuzzRequest[] {
  const random = seededRandom(seed ^ hash(operation.path));
  const requests: FuzzRequest[] = [];
  const ordinary = ordinaryFields(operation, base);
  const isPost = operation.method === 'POST';
  let alternate = 0;
  for (const field of operation.fields) {
    const others = ordinary.filter(([name]) => name !== field.name);
    requests.push(
      isPost
        ? jsonRequest(operation, `${field.name}: missing`, Object.fromEntries(others))
        : { operation, label: `${field.name}: missing`, query: queryOf(others) },
    );
    const candidates = malformedValues(random).filter((v) => isPost || !('json' in v));
    const planned = typeof values === 'number' ? null : new Set(values.get(fieldKey(operation, field.name)) ?? []);
    for (const value of planned ? candidates.filter((_, i) => planned.has(i)) : sample(candidates, values as number, random)) {
      const label = `${field.name}: ${value.label}`;
      if ('json' in value) {
        if (isPost) requests.push(jsonRequest(operation, label, Object.fromEntries(others), [field.name, value.json]));
        continue;
      }
      const rawPart =
        'text' in value
          ? `${encode(field.name)}=${encode(value.text)}`
          : 'raw' in value
            ? `${encode(field.name)}=${value.raw}`
            : value.shape(encode(field.name));
      const asJson = isPost && 'text' in value && alternate++ % 2 === 0;
      if (asJson) requests.push(jsonRequest(operation, `${label} (JSON)`, Object.fromEntries(others), [field.name, value.text]));
      else if (isPost)
        requests.push({ operation, label: `${label} (form)`, body: { contentType: 'application/x-www-form-urlencoded', text: queryOf(others, rawPart) } });
      else requests.push({ operation, label, query: queryOf(others, rawPart) });
    }
  }
  const whole: Array<[string, string]> = [
    ['top-level __proto__', '__proto__%5Bpolluted%5D=1'],
    ['top-level constructor.prototype', 'constructor%5Bprototype%5D%5Bpolluted%5D=1'],
    ['Object.prototype names', 'hasOwnProperty=1&toString=1&valueOf=1'],
    ['10k-character unknown name', `${'x'.repeat(10_000)}=1`],
    ['300 unknown names', Array.from({ length: 300 }, (_, i) => `p${i}=1`).join('&')],
  ];
  for (const [label, extra] of whole) {
    if (isPost)
      requests.push({ operation, label: `${label} (form)`, body: { contentType: 'application/x-www-form-urlencoded', text: queryOf(ordinary, extra) } });
    else requests.push({ operation, label, query: queryOf(ordinary, extra) });
  }
  if (isPost)
    for (const body of MALFORMED_BODIES) requests.push({ operation, label: `body: ${body.label}`, body: { contentType: body.contentType, text: body.text } });
  else requests.push({ operation, label: 'ordinary', query: queryOf(ordinary) });
  return requests;
}

/** The malformed values of each field, by index into its list (67 for a query, 79 for a POST's body), keyed by fieldKey. */
export type ValuePlan = Map<string, number[]>;

const fieldKey = (operation: FuzzOperation, name: string): string => `${operation.method} ${operation.path} ${name}`;

/**
 * Shares the malformed values among the fields that read a value the same way: the fields of one method kind with
 * the same name and JSON Schema (the sales calls' `time`, in 67 operations, is one group; a name with another
 * schema is another). A group's values are put in a seeded order and dealt out in runs: field i of n takes
 * max(atLeast, ⌈values / n⌉) of them from position i × that, so every value reaches every group at least once
 * and every field gets at least `atLeast` (a field alone in its group gets all of them).
 */
export function valuePlan(operations: readonly FuzzOperation[], seed: number, atLeast = 5): ValuePlan {
  const groups = new Map<string, string[]>();
  for (const operation of operations)
    for (const field of operation.fields) {
      const group = `${operation.method === 'POST' ? 'body' : 'query'} ${field.name} ${JSON.stringify(field.schema)}`;
      groups.set(group, [...(groups.get(group) ?? []), fieldKey(operation, field.name)]);
    }
  const values = malformedValues(seededRandom(seed));
  const totals = { body: values.length, query: values.filter((v) => !('json' in v)).length };
  const plan: ValuePlan = new Map();
  for (const [group, members] of groups) {
    const total = totals[group.startsWith('body') ? 'body' : 'query'];
    const order = shuffledIndices(total, seededRandom(seed ^ hash(group)));
    const each = Math.min(total, Math.max(atLeast, Math.ceil(total / members.length)));
    members.forEach((member, i) =>
      plan.set(
        member,
        Array.from({ length: each }, (_, j) => order[(i * each + j) % total]),
      ),
    );
  }
  return plan;
}

/** `count` of the values, chosen by `random`, in their original order; all of them when there are no more. */
function sample<T>(values: T[], count: number, random: () => number): T[] {
  if (values.length <= count) return values;
  const chosen = new Set(shuffledIndices(values.length, random).slice(0, count));
  return values.filter((_, i) => chosen.has(i));
}

/** 0 … length − 1 in the order `random` deals them (Fisher-Yates). */
function shuffledIndices(length: number, random: () => number): number[] {
  const order = Array.from({ length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function jsonRequest(operation: FuzzOperation, label: string, fields: Record<string, string>, override?: [string, Json | { rawJson: string }]): FuzzRequest {
  let text = JSON.stringify(fields);
  if (override) {
    const [name, value] = override;
    const json = value !== null && typeof value === 'object' && 'rawJson' in value ? (value.rawJson as string) : JSON.stringify(value);
    const rest = text.slice(1, -1);
    text = `{${rest}${rest ? ',' : ''}${JSON.stringify(name)}:${json}}`;
  }
  return { operation, label, body: { contentType: 'application/json', text } };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
  return h >>> 0;
}

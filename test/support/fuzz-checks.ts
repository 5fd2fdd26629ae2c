import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { API_PREFIX, ApiCode, HTTP_STATUS_OF, type ApiCodeValue } from '@car/contracts';
import type { FuzzRequest } from './fuzz-cases';

/** What came back for one request. */
export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Sends one request as it is (query and body unaltered) over a keep-alive agent. */
export function send(baseUrl: string, agent: http.Agent, request: FuzzRequest, headers: Record<string, string>): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  const requestPath = `${API_PREFIX}/${request.operation.path}${request.query ? `?${request.query}` : ''}`;
  const body = request.body ? Buffer.from(request.body.text, 'utf8') : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.operation.method,
        path: requestPath,
        agent,
        headers: { ...headers, ...(request.body ? { 'Content-Type': request.body.contentType, 'Content-Length': String(body!.length) } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const ROOT = path.resolve(__dirname, '..', '..');

/** What a body must never show: a stack trace, an error class, SQL or a database error, a file path of the server. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack trace', /\bat\s+[\w$.<>[\] ]+\s\([^)]*:\d+:\d+\)|\n\s+at\s+\S/],
  ['error class', /\b(TypeError|ReferenceError|RangeError|SyntaxError|QueryFailedError|ZodError|ContractViolation|DatabaseError|Error:)/],
  ['SQL text', /\b(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b[\s\S]{0,200}\b(FROM|WHERE|VALUES|SET)\b/i],
  ['database error', /syntax error at or near|relation "|column "|invalid input syntax|out of range for type|violates .* constraint|duplicate key|pg_/i],
  [
    'server path',
    new RegExp(`${escape(ROOT)}|${escape(os.tmpdir())}/car-|node_modules|\\b(backend|contracts|frontend|workers)/(src|dist)/|\\.(ts|js|mjs|cjs):\\d+`),
  ],
  ['file contents', /root:x:0:0|\[extensions\]|\[fonts\]/],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * The faults of one answer, empty when it is sound: no 5xx; a refusal is the envelope {code, msg, result:
 * null} with a negative code whose HTTP status matches (statusFits) and a Chinese message; a success is the envelope
 * with code 1, a workbook or a deck; no leak in any body (the request's own text is blanked first, so a value
 * repeated back, whole or cut short to 12 characters or more, is not taken for one).
 */
export function faultsOf(request: FuzzRequest, answer: FuzzAnswer): string[] {
  const faults: string[] = [];
  if (answer.status >= 500) faults.push(`status ${answer.status}`);
  // A workbook, a deck (导出PPT), or a zip of reports (reportDownload/download with several ids): all begin with PK.
  const isFile = ['spreadsheetml', 'presentationml', 'application/zip'].some((type) => answer.contentType.includes(type));
  if (isFile) {
    if (answer.status !== 200 || answer.body.subarray(0, 2).toString('latin1') !== 'PK') faults.push('a file that is not one');
    return faults;
  }
  const received = answer.body.toString('utf8');
  let text = received;
  for (const sent of sentTexts(request)) {
    const repeated = repeatedPart(text, sent);
    if (repeated) text = text.split(repeated).join('<sent>');
  }
  for (const [name, pattern] of LEAKS) if (pattern.test(text)) faults.push(`leak: ${name}`);
  let body: unknown;
  try {
    body = JSON.parse(received);
  } catch {
    faults.push(`not JSON (${answer.contentType || 'no content type'}): ${received.slice(0, 80)}`);
    return faults;
  }
  const envelope = body as { code?: unknown; msg?: unknown; result?: unknown };
  if (typeof body !== 'object' || body === null || Object.keys(body).sort().join() !== 'code,msg,result') {
    faults.push(`not the envelope: ${JSON.stringify(body).slice(0, 80)}`);
    return faults;
  }
  if (answer.status === 200) {
    if (envelope.code !== ApiCode.Success) faults.push(`200 with code ${String(envelope.code)}`);
    return faults;
  }
  if (typeof envelope.code !== 'number' || envelope.code >= 0) faults.push(`refusal with code ${String(envelope.code)}`);
  else if (!statusFits(envelope.code as ApiCodeValue, answer.status)) faults.push(`code ${envelope.code} with HTTP ${answer.status}`);
  if (typeof envelope.msg !== 'string' || !/[\u4e00-\u9fff]/.test(envelope.msg)) faults.push(`message not Chinese: ${String(envelope.msg).slice(0, 60)}`);
  if (envelope.result !== null) faults.push('refusal with a result');
  return faults;
}

/** A refusal's HTTP status is its code's; a bad request may name its fault more precisely: 413 too large, 415 a content type or charset the API does not read. */
function statusFits(code: ApiCodeValue, status: number): boolean {
  return HTTP_STATUS_OF[code] === status || (code === ApiCode.BadRequest && (status === 413 || status === 415));
}

/** How much of `sent` the answer repeats from its start: all of it, or a message's cut of at least 12 characters; else ''. */
function repeatedPart(text: string, sent: string): string {
  if (text.includes(sent)) return sent;
  // Every shorter start of a repeated start is repeated too: the longest one is found by halving.
  let [low, high] = [11, sent.length - 1];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (text.includes(sent.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  return low >= 12 ? sent.slice(0, low) : '';
}

/** The texts a request carried (decoded where it can be), which an answer may repeat without leaking anything. */
function sentTexts(request: FuzzRequest): string[] {
  const raw = request.query ?? (request.body?.contentType.includes('urlencoded') ? request.body.text : '');
  const texts: string[] = [];
  for (const pair of raw.split('&')) {
    for (const part of pair.split('=')) {
      try {
        const decoded = decodeURIComponent(part);
        if (decoded.length >= 4) texts.push(decoded);
      } catch {
        // A malformed escape is sent as it is; nothing to blank.
      }
    }
  }
  if (request.body && request.body.contentType.includes('json')) {
    try {
      collectStrings(JSON.parse(request.body.text), texts);
    } catch {
      // Not JSON: nothing the server could repeat as a value.
    }
  }
  return texts.sort((a, b) => b.length - a.length);
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string' && value.length >= 4) into.push(value);
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, into));
  else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => (collectStrings(k, into), collectStrings(v, into)));
}

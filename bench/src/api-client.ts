import { DEMO_OPEN_ID, MP_SESSION_HEADER } from '@car/contracts';

/** The request header that has the API compute an answer afresh instead of serving it from its answer cache. */
export const FRESH: Readonly<Record<string, string>> = { 'cache-control': 'no-cache' };

/** What opens an mp session: a link signed now with the mini-program's shared secret (docs/modules.md "Dashboard and mobile sales query"). */
export type MpLinkSigner = (openId: string) => { openId: string; ts: string; sign: string };

/** A signed-in caller of /car/api that times each call from request to the last byte of the body. */
export class ApiClient {
  private mpSession: string | null = null;
  private signer: MpLinkSigner | null = null;

  private constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  /** Signs in as the demo analyst (README: demo / Demo@2026). */
  static async signIn(base: string, account = 'demo', password = 'Demo@2026'): Promise<ApiClient> {
    const response = await fetch(`${base}/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password }),
    });
    const body = (await response.json()) as { code: number; msg: string; result: { token?: string } | null };
    if (body.code !== 1 || !body.result?.token) throw new Error(`sign-in as ${account} failed: ${body.msg}`);
    return new ApiClient(base, body.result.token);
  }

  static withToken(base: string, token: string): ApiClient {
    return new ApiClient(base, token);
  }

  /**
   * Opens an mp session as the mini-program would: a freshly signed link of the demo openId (bound to the
   * demo analyst by the seed) to POST mp/session. The mp calls send it; it is opened again when it ends.
   */
  async openMpSession(signer: MpLinkSigner): Promise<string> {
    this.signer = signer;
    const response = await fetch(`${this.base}/mp/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signer(DEMO_OPEN_ID)),
    });
    const body = (await response.json()) as { code: number; msg: string; result: { session: string | null } | null };
    if (body.code !== 1 || !body.result?.session) throw new Error(`mp session for ${DEMO_OPEN_ID} failed: ${body.msg} (is it bound? the seed binds it)`);
    this.mpSession = body.result.session;
    return this.mpSession;
  }

  url(path: string, query: string): string {
    return `${this.base}/${path}${query ? `?${query}` : ''}`;
  }

  /**
   * The headers of a call: the web token, or the mp session for the mini-program's calls; and
   * `Cache-Control: no-cache`, so every timed call is computed afresh rather than served by the API's
   * answer cache (decision 129).
   */
  headers(access?: 'mp'): Record<string, string> {
    if (access !== 'mp') return { token: this.token, ...FRESH };
    if (!this.mpSession) throw new Error('an mp call before openMpSession');
    return { [MP_SESSION_HEADER]: this.mpSession, ...FRESH };
  }

  /** One untimed call of the bench's own set-up, a GET (or a POST of `body` as JSON): its result; throws unless code 1. */
  async result<T>(path: string, body?: object): Promise<T> {
    const init =
      body === undefined
        ? { headers: this.headers() }
        : { method: 'POST', headers: { ...this.headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const answer = (await (await fetch(this.url(path, ''), init)).json()) as { code: number; msg: string; result: T };
    if (answer.code !== 1) throw new Error(`${body === undefined ? 'GET' : 'POST'} ${path} → ${answer.code} ${answer.msg}`);
    return answer.result;
  }

  /** One GET; throws unless the answer is HTTP 200 with code 1, so a broken call never counts as fast. */
  async timedGet(path: string, query: string, access?: 'mp'): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const response = await fetch(this.url(path, query), { headers: this.headers(access) });
    const text = await response.text();
    const ms = performance.now() - started;
    // A download (.xlsx, .pptx) succeeds as HTTP 200 with the file's content type.
    if (response.status === 200 && /spreadsheetml|presentationml/.test(response.headers.get('content-type') ?? '')) return { ms, bytes: text.length };
    let code: unknown;
    let msg: unknown;
    try {
      ({ code, msg } = JSON.parse(text) as { code: unknown; msg: unknown });
    } catch {
      code = undefined;
    }
    // An mp session lives MP_SESSION_MINUTES; a long run opens a new one and measures the call again.
    if (access === 'mp' && code === -1008 && this.signer) {
      await this.openMpSession(this.signer);
      return this.timedGet(path, query, access);
    }
    if (response.status !== 200 || code !== 1)
      throw new Error(`GET ${path}?${query} → HTTP ${response.status} code ${String(code)} ${typeof msg === 'string' ? msg : text.slice(0, 200)}`);
    return { ms, bytes: text.length };
  }
}

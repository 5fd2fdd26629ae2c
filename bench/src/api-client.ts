/** A signed-in caller of /car/api that times each call from request to the last byte of the body. */
export class ApiClient {
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

  url(path: string, query: string): string {
    return `${this.base}/${path}${query ? `?${query}` : ''}`;
  }

  /** One GET; throws unless the answer is HTTP 200 with code 1, so a broken call never counts as fast. */
  async timedGet(path: string, query: string): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const response = await fetch(this.url(path, query), { headers: { token: this.token } });
    const text = await response.text();
    const ms = performance.now() - started;
    // A download (.xlsx) succeeds as HTTP 200 with the workbook's content type.
    if (response.status === 200 && (response.headers.get('content-type') ?? '').includes('spreadsheetml')) return { ms, bytes: text.length };
    let code: unknown;
    let msg: unknown;
    try {
      ({ code, msg } = JSON.parse(text) as { code: unknown; msg: unknown });
    } catch {
      code = undefined;
    }
    if (response.status !== 200 || code !== 1) throw new Error(`GET ${path}?${query} → HTTP ${response.status} code ${String(code)} ${String(msg ?? text.slice(0, 200))}`);
    return { ms, bytes: text.length };
  }
}

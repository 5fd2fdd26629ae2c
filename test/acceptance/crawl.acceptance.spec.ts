import * as path from 'node:path';
import { API_PREFIX, ENDPOINTS, SECURITY, TOKEN_HEADER } from '@car/contracts';
import { RouteFile, Visitor, dataRequests, mpVisitors, routeFiles, webVisitors } from './support/crawl-plan';
import { healthy, reviveShipped, shipped } from './support/shipped';

/**
 * Issue 24: nothing a visitor without a valid session sends to any page, data request or call stops the
 * server or answers 5xx. Pages and their data requests are derived from frontend/app/routes, so a new
 * route file is crawled without being listed here. Each request is followed by the health call; a request
 * that ended the process is reported and the app started again, so one run lists every offender. The requests go
 * PARALLEL at a time (decision 245); when the server stops, the requests around it are sent again one by one, so the
 * offender is still named.
 */

/** Query strings the pages are usually opened with, beside the bare address (keyed by the route's URL). */
const TYPICAL_QUERIES: Record<string, string[]> = {
  '/product/configquery': ['ids=1,2'],
  '/price/cabmodelpricetrace': ['brand=7&modelSubId=1'],
  '/salevolume/wholemarket': ['time=2025-06'],
  '/wechatsalevolume': ['type=1&id=1&provinceId=440000'],
  '/wechatsalevolume/cities': ['provinceId=440000'],
  '/wechatsalevolume/suggest': ['name=朗逸&type=1'],
  '/exportjob': ['id=1'],
  '/importjob': ['id=1'],
};

/** The mobile query page has no web session, only its own car-mp one; its tree is crawled with mp visitors. */
const MOBILE_PAGE = '/wechatsalevolume';
/** Routes that answer a visitor without a session (no redirect expected, only never a 5xx). */
const PUBLIC_ROUTES = new Set(['root', 'routes/login']);

/** -1009 no or forged session, -1008 expired, -1012 revoked, as JSON or in a single-fetch stream. */
/** How often one test may restart the app before it sends nothing more (each restart takes 10-20 s on a busy machine). */
const RESTART_LIMIT = 25;
/** A test may restart the app a few times; each restart takes 10-20 s on a busy machine. */
const CRAWL_MS = 20 * 60_000;

const SESSION_CODES = /-10(?:09|08|12)(?!\d)/;

/**
 * How many requests are in flight at once: a request and its health call wait on the server most of their time, and
 * two cores serve four at a time without one waiting for a CPU for long. The same requests as one at a time.
 */
const PARALLEL = 4;

interface Answer {
  status: number;
  location: string | null;
  remixRedirect: boolean;
  body: string;
}

/** One request of the crawl and what its answer must be: `judge` reports what is wrong with it through `fail`. */
interface Request {
  label: string;
  url: string;
  visitor: Visitor;
  judge: (answer: Answer) => void;
}

/** A request sent with the others in flight: its answer or why there was none, and whether health answered after it. */
interface Attempt {
  answer: Answer | null;
  failure: string | null;
  alive: boolean;
}

describe('the crawl: no page, data request or call answers 5xx or stops the server for a visitor without a valid session', () => {
  const app = shipped();
  const routes = routeFiles(path.join(app.cloneDir, 'frontend', 'app'));
  const isMobile = (route: RouteFile) => route.url !== null && (route.url === MOBILE_PAGE || route.url.startsWith(`${MOBILE_PAGE}/`));
  let web: Visitor[] = [];
  let mp: Visitor[] = [];

  beforeAll(async () => {
    web = await webVisitors(app.dataDir, await revokedToken());
    mp = await mpVisitors(app.dataDir);
  });

  /** A real session of the demo analyst, logged out: its token is revoked. */
  async function revokedToken(): Promise<string> {
    const login = await fetch(`${app.baseUrl}${API_PREFIX}/${SECURITY.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo', password: 'Demo@2026' }),
    });
    const token = ((await login.json()) as { result?: { token?: string } }).result?.token;
    if (!token) throw new Error(`the demo analyst could not sign in: ${login.status}`);
    const logout = await fetch(`${app.baseUrl}${API_PREFIX}/${SECURITY.logout.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: '{}',
    });
    expect(logout.status).toBe(200);
    return token;
  }

  let sent = 0;
  afterAll(() => process.stderr.write(`[crawl] ${app.mode}: ${sent} requests, each followed by the health call\n`));

  /**
   * One test's requests: each is followed by the health call, and a request that stopped the server is
   * reported and the app started again. Once a page (or call) stopped it for a visitor, that visitor's other
   * requests to the same page are skipped (its variants would only stop it again), and after RESTART_LIMIT
   * restarts the test sends nothing more; what was skipped is reported in one line per page and visitor.
   * `send` sends them PARALLEL at a time; when the server stopped during a group of them (or just after the group
   * before), it is started again and both groups are sent again one by one (`ask`), which names the offender.
   */
  class Crawl {
    readonly offenders: string[] = [];
    private previous: { label: string; key: string } | null = null;
    private restarts = 0;
    private readonly stopped = new Set<string>();
    private readonly skipped = new Map<string, number>();

    fail(line: string): void {
      this.offenders.push(line);
    }

    /**
     * A GET of `url` for each visitor, labelled `GET url [visitor]`: a 5xx fails it, any other answer goes to
     * `judge` (nothing more to ask when absent).
     */
    visits(url: string, visitors: readonly Visitor[], judge: (answer: Answer, label: string, visitor: Visitor) => void = () => undefined): Request[] {
      return visitors.map((visitor) => {
        const label = `GET ${url} [${visitor.name}]`;
        return {
          label,
          url,
          visitor,
          judge: (answer) => (answer.status >= 500 ? this.fail(`${label} → ${summary(answer)}`) : judge(answer, label, visitor)),
        };
      });
    }

    /** Every request, PARALLEL at a time, each answer judged once. */
    async send(requests: Request[]): Promise<void> {
      let before: Request[] = [];
      for (let at = 0; at < requests.length; at += PARALLEL) {
        const group = requests.slice(at, at + PARALLEL).filter((request) => !this.skips(request));
        const attempts = await Promise.all(group.map((request) => this.attempt(request)));
        if (attempts.every((a) => a.alive) && (await healthy(app.baseUrl))) {
          attempts.forEach((a, i) => (a.answer ? group[i].judge(a.answer) : this.fail(`${group[i].label} → no answer (${a.failure})`)));
          before = group;
          continue;
        }
        await this.oneByOne(before, group);
        before = [];
      }
    }

    /**
     * The server stopped while `group` was in flight, or just after `before` had answered: started again, both sent
     * one by one, `group`'s answers judged (`before`'s were). If neither stops it alone, the group stopped it together.
     */
    private async oneByOne(before: Request[], group: Request[]): Promise<void> {
      const offenders = this.offenders.length;
      if (!(await healthy(app.baseUrl))) {
        this.restarts++;
        await reviveShipped();
      }
      this.previous = null;
      for (const request of before) await this.ask(request.label, request.url, request.visitor);
      for (const request of group) {
        const answer = await this.ask(request.label, request.url, request.visitor);
        if (answer) request.judge(answer);
      }
      if (this.offenders.length === offenders) {
        this.fail(`the server stopped while these were in flight, and none stops it alone: ${[...before, ...group].map((r) => r.label).join('; ')}`);
      }
    }

    /** The page a request belongs to, with its visitor: its path without the query or the .data suffix. */
    private keyOf(url: string, visitor: Visitor): string {
      return `${url
        .split('?')[0]
        .replace(/\.data$/, '')
        .replace(/^\/_root$/, '/')} [${visitor.name}]`;
    }

    /** True (and counted) when the request is not sent: its page stopped the server for its visitor, or too many restarts. */
    private skips(request: { url: string; visitor: Visitor }): boolean {
      const key = this.keyOf(request.url, request.visitor);
      if (!this.stopped.has(key) && this.restarts < RESTART_LIMIT) return false;
      const skip = this.restarts >= RESTART_LIMIT ? `requests after ${RESTART_LIMIT} restarts` : key;
      this.skipped.set(skip, (this.skipped.get(skip) ?? 0) + 1);
      return true;
    }

    private async fetchAnswer(url: string, visitor: Visitor): Promise<{ answer: Answer | null; failure: string | null }> {
      sent++;
      const headers: Record<string, string> = { accept: 'text/html,*/*' };
      if (visitor.cookie) headers.cookie = visitor.cookie;
      try {
        const response = await fetch(`${app.baseUrl}${url}`, { redirect: 'manual', headers, signal: AbortSignal.timeout(60_000) });
        // The older `?_data=` protocol answers a redirect as 204 with X-Remix-Redirect.
        const remixRedirect = response.headers.get('x-remix-redirect');
        const answer = {
          status: response.status,
          location: response.headers.get('location') ?? remixRedirect,
          remixRedirect: remixRedirect !== null,
          body: await response.text(),
        };
        return { answer, failure: null };
      } catch (error) {
        return { answer: null, failure: reason(error) };
      }
    }

    /** A request among others in flight, then the health call. */
    private async attempt(request: Request): Promise<Attempt> {
      const { answer, failure } = await this.fetchAnswer(request.url, request.visitor);
      return { answer, failure, alive: await healthy(app.baseUrl) };
    }

    /** One request alone, then the health call (the way the offender is named). */
    async ask(label: string, url: string, visitor: Visitor): Promise<Answer | null> {
      const key = this.keyOf(url, visitor);
      if (this.skips({ url, visitor })) return null;
      const { answer, failure } = await this.fetchAnswer(url, visitor);
      if (failure !== null && /ECONNREFUSED/.test(failure) && this.previous) {
        // Refused before it was sent: the previous request ended the process after its answer.
        this.offenders.push(`${this.previous.label} → stopped the server just after answering`);
        await this.revive(this.previous.key);
        return this.ask(label, url, visitor);
      }
      this.previous = { label, key };
      if (!(await healthy(app.baseUrl))) {
        this.offenders.push(`${label} → stopped the server (${failure ?? `answered ${answer?.status}`})`);
        await this.revive(key);
        return null;
      }
      if (failure !== null) {
        this.offenders.push(`${label} → no answer (${failure})`);
        return null;
      }
      return answer;
    }

    private async revive(key: string): Promise<void> {
      this.stopped.add(key);
      this.restarts++;
      this.previous = null;
      await reviveShipped();
    }

    /** Every offender, and what was not sent after the server stopped. */
    report(): string[] {
      return [...this.offenders, ...[...this.skipped].map(([what, count]) => `${what}: ${count} more requests not sent after it stopped the server`)];
    }
  }

  function reason(error: unknown): string {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  }

  /** A redirect on this site: a 3xx, or a data request's (204 with X-Remix-Redirect; single fetch's 202 with its target). */
  const redirected = (answer: Answer) =>
    ((answer.status >= 300 && answer.status < 400) || answer.remixRedirect || answer.status === 202) &&
    answer.location !== null &&
    new URL(answer.location, app.baseUrl).origin === app.baseUrl;
  const toLogin = (answer: Answer) => redirected(answer) && new URL(answer.location as string, app.baseUrl).pathname === '/login';
  const summary = (answer: Answer) => `${answer.status}${answer.location ? ` → ${answer.location}` : ''}`;

  /** Every routed URL of the web (non-mobile) routes, with its typical queries. */
  function pages(mobile: boolean): Array<{ route: RouteFile; query: string }> {
    return routes
      .filter((r) => r.url !== null && isMobile(r) === mobile)
      .flatMap((route) => ['', ...(TYPICAL_QUERIES[route.url as string] ?? [])].map((query) => ({ route, query })));
  }

  it('derives the pages from the route files, pathless layouts, the index, the splat and resource routes included', () => {
    const urls = routes.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/', '/login', '/price/totalmarket', '/price/cabmodelpricetrace', '/product/configquery', MOBILE_PAGE, '/no-such-page']),
    );
    expect(routes.find((r) => r.id === 'routes/_shell')?.url).toBeNull();
    expect(routes.filter((r) => r.resource && r.url !== null).length).toBeGreaterThan(0);
    expect(routes.find((r) => r.id === 'root')?.hasLoader).toBe(true);
  });

  it(
    'every page: a redirect to /login for a page behind the session, never a 5xx, and the server lives',
    async () => {
      const crawl = new Crawl();
      const requests: Request[] = [];
      for (const { route, query } of pages(false)) {
        const url = `${route.url}${query ? `?${query}` : ''}`;
        const chainPublic = route.chain.filter((id) => id !== 'root').every((id) => PUBLIC_ROUTES.has(id));
        requests.push(
          ...crawl.visits(url, web, (answer, label) => {
            if (!route.resource && !chainPublic && !toLogin(answer)) crawl.fail(`${label} → ${summary(answer)}, not a redirect to /login`);
            else if (route.resource && answer.status < 300 && !SESSION_CODES.test(answer.body))
              crawl.fail(`${label} → ${summary(answer)} without the session code`);
          }),
        );
      }
      await crawl.send(requests);
      expect(crawl.report()).toEqual([]);
    },
    CRAWL_MS,
  );

  it(
    'every data request of every page (.data, _routes, ?_data=): a redirect or the session code, never a 5xx, and the server lives',
    async () => {
      const crawl = new Crawl();
      const requests: Request[] = [];
      for (const { route, query } of pages(false)) {
        for (const request of dataRequests(route, routes, query)) {
          const needsSession =
            request.routeId === null ? route.chain.some((id) => id !== 'root' && !PUBLIC_ROUTES.has(id)) : !PUBLIC_ROUTES.has(request.routeId);
          requests.push(
            ...crawl.visits(request.url, web, (answer, label) => {
              // A page that does not exist is a 404 to anyone when only the splat's loader is asked.
              if (answer.status === 404 && route.splat && request.routeId === route.id) return;
              // A single-fetch answer carries its redirect in the stream ("redirect","/login?…").
              if (needsSession && !redirected(answer) && !/"\/login\b/.test(answer.body) && !SESSION_CODES.test(answer.body)) {
                crawl.fail(`${label} → ${summary(answer)}, neither a redirect nor the session code`);
              }
            }),
          );
        }
      }
      await crawl.send(requests);
      expect(crawl.report()).toEqual([]);
    },
    CRAWL_MS,
  );

  it(
    'the mobile query page and its data requests, with its own car-mp session: never a 5xx, and the server lives',
    async () => {
      const crawl = new Crawl();
      const requests: Request[] = [];
      for (const { route, query } of pages(true)) {
        for (const { url } of [{ url: `${route.url}${query ? `?${query}` : ''}` }, ...dataRequests(route, routes, query)]) {
          requests.push(...crawl.visits(url, mp));
        }
      }
      await crawl.send(requests);
      expect(crawl.report()).toEqual([]);
    },
    CRAWL_MS,
  );

  it(
    'every GET call of the API answers each visitor its session code (-1009, -1008, -1012), never a 5xx',
    async () => {
      const crawl = new Crawl();
      const calls = ENDPOINTS.filter((e) => e.method === 'GET' && e.access !== 'public');
      expect(calls.length).toBeGreaterThan(20);
      const requests: Request[] = [];
      for (const call of calls) {
        const url = `${API_PREFIX}/${call.path}`;
        requests.push(
          ...crawl.visits(url, call.access === 'mp' ? mp : web, (answer, label, visitor) => {
            let code: unknown;
            try {
              code = (JSON.parse(answer.body) as { code?: unknown }).code;
            } catch {
              code = `not JSON: ${answer.body.slice(0, 60)}`;
            }
            if (code !== visitor.code) crawl.fail(`${label} → ${answer.status} code ${String(code)}, expected ${visitor.code}`);
          }),
        );
      }
      await crawl.send(requests);
      expect(crawl.report()).toEqual([]);
    },
    CRAWL_MS,
  );
});

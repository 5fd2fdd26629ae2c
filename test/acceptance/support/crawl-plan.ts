/**
 * What the crawl asks (crawl.acceptance.spec.ts): every page route derived from the route files with
 * Remix's own flat-routes reader (so a new route file is crawled without anyone listing it), every data
 * request of each route, and the visitors with a bad session.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes';
import { SignJWT, decodeJwt } from 'jose';

export interface RouteFile {
  id: string;
  parentId: string | undefined;
  /** The URL this route renders at, or null for a pathless layout (and root). */
  url: string | null;
  hasLoader: boolean;
  /** No default export: a resource route, its loader's answer is the response. */
  resource: boolean;
  /** Route ids from root to this route. */
  chain: string[];
  /** A splat (`$`): the URL names a page that does not exist. */
  splat: boolean;
}

/** Where a splat or a dynamic segment is filled in: a page that does not exist, an id. */
const SPLAT = 'no-such-page';
const PARAM = '1';

/** Every route module of the app in `appDir` (root included), as Remix's flat-routes convention reads the folder. */
export function routeFiles(appDir: string): RouteFile[] {
  const manifest = flatRoutes(appDir);
  const rootFile = fs.readdirSync(appDir).find((f) => /^root\.(tsx|ts|jsx|js)$/.test(f));
  if (!rootFile) throw new Error(`no root route in ${appDir}`);
  const all: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; file: string }> = {
    root: { id: 'root', file: rootFile },
    ...manifest,
  };
  const chainOf = (id: string): string[] => {
    const chain: string[] = [];
    for (let at: string | undefined = id; at; at = all[at]?.parentId) chain.unshift(at);
    return chain;
  };
  return Object.values(all).map((route) => {
    const source = fs.readFileSync(path.join(appDir, route.file), 'utf8');
    const chain = chainOf(route.id);
    const routed = route.id !== 'root' && (route.path !== undefined || route.index === true);
    return {
      id: route.id,
      parentId: route.parentId,
      url: routed ? urlOf(chain.map((id) => all[id].path)) : null,
      hasLoader: /export\s+(async\s+)?function\s+loader\b|export\s+(const|let)\s+loader\b|export\s*\{[^}]*\bloader\b/.test(source),
      resource: !/export\s+default\b/.test(source),
      chain,
      splat: route.path?.split('/').includes('*') ?? false,
    };
  });
}

function urlOf(paths: Array<string | undefined>): string {
  const segments = paths
    .filter((p): p is string => p !== undefined)
    .flatMap((p) => p.split('/'))
    .filter((s) => s !== '')
    .map((s) => (s === '*' ? SPLAT : s.startsWith(':') ? PARAM : s.replace(/\?$/, '')));
  return `/${segments.join('/')}`;
}

/**
 * A route's data requests: single fetch (`<path>.data`, all loaders and each one by `_routes`; the index
 * is `/_root.data`) and the older `?_data=<routeId>` that Remix still answers.
 */
export function dataRequests(route: RouteFile, routes: RouteFile[], query: string): Array<{ url: string; routeId: string | null }> {
  if (route.url === null) return [];
  // A resource route answers alone: none of its parents' loaders run for it.
  const withLoaders = route.resource ? (route.hasLoader ? [route.id] : []) : route.chain.filter((id) => routes.find((r) => r.id === id)?.hasLoader);
  const base = route.url === '/' ? '/_root.data' : `${route.url}.data`;
  const q = (extra: string) => `?${[query, extra].filter(Boolean).join('&')}`;
  const requests: Array<{ url: string; routeId: string | null }> = [];
  if (!route.resource) {
    requests.push({ url: `${base}${query ? `?${query}` : ''}`, routeId: null });
    for (const id of withLoaders) requests.push({ url: `${base}${q(`_routes=${encodeURIComponent(id)}`)}`, routeId: id });
  }
  for (const id of withLoaders) requests.push({ url: `${route.url}${q(`_data=${encodeURIComponent(id)}`)}`, routeId: id });
  return requests;
}

// ---------------------------------------------------------------------------------------------------
// Visitors

export interface Visitor {
  name: 'no cookie' | 'garbage cookie' | 'forged token' | 'expired token' | 'revoked token' | 'unbound mp session';
  cookie: string | null;
  /** What the API answers this visitor's session (the `token` header or cookie): -1009, -1008, -1012. */
  code: number;
}

const TOKEN_COOKIE = 'car-token';
/** Not a JWT, and percent-encoded UTF-8 that decodes to a character no HTTP header may carry (你). */
const GARBAGE = 'garbage.not-a-jwt.%E4%BD%A0';
const MP_COOKIE = 'car-mp';

function ownSecret(dataDir: string): Uint8Array {
  return new Uint8Array(Buffer.from(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(), 'base64url'));
}

/**
 * The web visitors. `revokedToken` is a real token whose session was logged out; the forged and expired
 * ones carry its claims (the demo analyst's), signed with another secret, or with the app's own secret
 * (`<dataDir>/jwt-secret`, as backend/src/security/token.service.ts signs) and an expiry in the past.
 */
export async function webVisitors(dataDir: string, revokedToken: string): Promise<Visitor[]> {
  const claims = decodeJwt(revokedToken);
  const now = Math.floor(Date.now() / 1000);
  const sign = (secret: Uint8Array, iat: number, exp: number) =>
    new SignJWT({ role: claims.role, producerId: claims.producerId, brandId: claims.brandId, pwv: claims.pwv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(String(claims.iss))
      .setSubject(String(claims.sub))
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(secret);
  const cookie = (value: string) => `${TOKEN_COOKIE}=${value}`;
  return [
    { name: 'no cookie', cookie: null, code: -1009 },
    { name: 'garbage cookie', cookie: cookie(GARBAGE), code: -1009 },
    { name: 'forged token', cookie: cookie(await sign(new Uint8Array(randomBytes(48)), now, now + 3600)), code: -1009 },
    { name: 'expired token', cookie: cookie(await sign(ownSecret(dataDir), now - 2 * 86_400, now - 86_400)), code: -1008 },
    { name: 'revoked token', cookie: cookie(revokedToken), code: -1012 },
  ];
}

/**
 * The mobile page's visitors (its own `car-mp` session, backend/src/mp/mp-session.service.ts): none,
 * garbage, forged, expired, and a well-signed session of an openId bound to nobody (the -1012 case). Each
 * carries every claim the server requires (sub, oid, exp, pwv), so only the one fault is refused.
 */
export async function mpVisitors(dataDir: string): Promise<Visitor[]> {
  const now = Math.floor(Date.now() / 1000);
  const sign = (secret: Uint8Array, openId: string, exp: number) =>
    new SignJWT({ oid: openId, pwv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('car-market-mp')
      .setSubject('1')
      .setIssuedAt(now - 7200)
      .setExpirationTime(exp)
      .sign(secret);
  const cookie = (value: string) => `${MP_COOKIE}=${value}`;
  return [
    { name: 'no cookie', cookie: null, code: -1009 },
    { name: 'garbage cookie', cookie: cookie(GARBAGE), code: -1009 },
    { name: 'forged token', cookie: cookie(await sign(new Uint8Array(randomBytes(48)), 'demo-openid', now + 600)), code: -1009 },
    { name: 'expired token', cookie: cookie(await sign(ownSecret(dataDir), 'demo-openid', now - 3600)), code: -1008 },
    { name: 'unbound mp session', cookie: cookie(await sign(ownSecret(dataDir), `acceptance-nobody-${now}`, now + 600)), code: -1012 },
  ];
}

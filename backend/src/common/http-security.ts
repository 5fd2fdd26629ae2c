import { randomBytes } from 'node:crypto';
import { API_MESSAGES, API_PREFIX, ApiCode, SESSION_COOKIE, type Envelope } from '@car/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The browser-facing rules of every answer, pages and API alike (docs/security.md): the security headers
 * (helmet, with a Content-Security-Policy whose scripts need this request's nonce), `Cache-Control: no-store`
 * on the API and the pages, and the refusal of state-changing requests from another site.
 */

/** The nonce of this request's inline scripts, for Remix's <Scripts> and <ScrollRestoration> (entry.server.tsx). */
export function cspNonceOf(res: Response): string {
  return String(res.locals.cspNonce ?? '');
}

const HSTS_SECONDS = 365 * 24 * 60 * 60;

const NONCE_BYTES = 16;
/** Random bytes drawn at once for 256 nonces: one call to the CSPRNG instead of one per request. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh nonce: 16 bytes of the CSPRNG, base64, never handed out twice. */
function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function securityHeaders(): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        // Remix's inline scripts (the hydration context, the route modules' import, scroll restoration) carry the nonce.
        'script-src': ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as Response)}'`],
        'script-src-attr': ["'none'"],
        // Style attributes in the server-rendered markup (React's style props, semantic-ui-react) need inline styles.
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    // Browsers ignore HSTS over plain HTTP, and a plain-HTTP installation must not learn it: set below when secure.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with the pages' own form posts.
    referrerPolicy: { policy: 'same-origin' },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: HSTS_SECONDS, includeSubDomains: true });
  // req.secure: TLS, or X-Forwarded-Proto https from a proxy the app trusts (TRUST_PROXY).
  const hstsWhenSecure: RequestHandler = (req, res, next) => (req.secure ? hsts(req, res, next) : next());
  return [nonce, headers, hstsWhenSecure];
}

/**
 * Signed-in pages, JSON and workbooks are the user's own: never kept by a browser or a shared cache. Mounted
 * on the API and in front of Remix (web-app.ts), not on the built assets, which keep their long cache.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An `Origin` as browsers send it (RFC 6454 §7): `scheme://host[:port]`, nothing else. A host is a name, an IPv4
 * address or a bracketed IPv6 one; what URL parsing would forgive or drop (userinfo, a path, a query, a fragment,
 * whitespace, a second value, backslashes) is no browser's origin (decision 262).
 */
const ORIGIN = /^https?:\/\/(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `http(s)://` and the authority of an address, up to the first `/`, `?`, `#` or `\` (which URL parsing reads as `/`). */
const AUTHORITY = /^https?:\/\/([^/?#\\]*)/i;

/** The host and port an URL names (lower case, the scheme's default port dropped), or null when it is none. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The site an `Origin` header names (`host[:port]`), or null when it is not one well-formed http(s) origin. */
export function originHost(origin: string): string | null {
  return ORIGIN.test(origin) ? hostOf(origin) : null;
}

/**
 * The site a `Referer` names, or null when it is no plain http(s) address: a browser sends the page's address
 * without userinfo, percent-encoding whitespace and controls, so a Referer with any of those is not a browser's.
 */
export function refererHost(referer: string): string | null {
  const authority = AUTHORITY.exec(referer)?.[1];
  if (authority === undefined || authority.includes('@') || /[\s\p{Cc}]/u.test(referer)) return null;
  return hostOf(referer);
}

/**
 * The host the request was sent to: `Host`, or the first `X-Forwarded-Host` when the peer is a proxy TRUST_PROXY
 * lists (`fromConfiguredProxy`, security/client-address.ts). Not Express's `req.host`: it believes X-Forwarded-Host
 * from every peer its trust-proxy list holds, loopback included, and anything on this machine may send it.
 */
function ownHost(req: Request, fromConfiguredProxy: (peer: string | undefined) => boolean): string {
  const forwarded: string | string[] | undefined = req.headers['x-forwarded-host'];
  const host = typeof forwarded === 'string' && forwarded !== '' && fromConfiguredProxy(req.socket?.remoteAddress) ? forwarded.split(',')[0] : req.headers.host;
  return (host ?? '').trim().toLowerCase();
}

function carriesSessionCookie(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Why a state-changing request is refused as cross-site, or null when it may act. The browser states where
 * a request comes from in `Origin` (every browser sends it with a POST, same-site or not), else `Referer`;
 * either must name this host (the Host header, or X-Forwarded-Host from a proxy TRUST_PROXY lists), and an
 * Origin that is not exactly `scheme://host[:port]` is foreign whatever host URL parsing finds in it (decision
 * 262). A request with neither is not a browser's, so it cannot ride a victim's cookie: it is refused only if it
 * carries the session cookie anyway (an old browser), and API clients sending the `token` header pass.
 */
export function crossSiteReason(req: Request, fromConfiguredProxy: (peer: string | undefined) => boolean = () => false): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const own = ownHost(req, fromConfiguredProxy);
  const origin = req.headers.origin;
  if (origin !== undefined) return originHost(origin) === own && own !== '' ? null : `origin ${origin.slice(0, 200)}`;
  const referer = req.headers.referer;
  if (referer !== undefined) return refererHost(referer) === own && own !== '' ? null : 'foreign referer';
  return carriesSessionCookie(req) ? 'session cookie without origin' : null;
}

function isApiPath(req: Request): boolean {
  return req.path === API_PREFIX || req.path.startsWith(`${API_PREFIX}/`);
}

const REFUSAL_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>请求被拒绝 - 车市分析平台</title>
<style>body{margin:0;font-family:sans-serif;background:#f4f6f9;color:#1f2d3d}main{max-width:28rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:1.4rem}a{color:#2185d0}</style>
</head><body><main role="alert"><h1>请求被拒绝</h1><p>${API_MESSAGES.crossSite}</p><p><a href="/">返回首页</a></p></main></body></html>`;

/**
 * Refuses a state-changing request from another site with 403: the envelope (-1403) under /car/api, a page
 * elsewhere (Remix's actions in all three forms: the document post, `.data` and the older `?_data=`).
 */
export function refuseCrossSiteWrites(
  fromConfiguredProxy: (peer: string | undefined) => boolean,
  onRefused: (req: Request, reason: string) => void,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const reason = crossSiteReason(req, fromConfiguredProxy);
    if (!reason) return next();
    onRefused(req, reason);
    res.setHeader('Cache-Control', 'no-store');
    if (isApiPath(req)) {
      const body: Envelope<null> = { code: ApiCode.Forbidden, msg: API_MESSAGES.crossSite, result: null };
      res.status(403).json(body);
    } else {
      res.status(403).type('html').send(REFUSAL_PAGE);
    }
  };
}

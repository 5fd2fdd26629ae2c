import { createRequire } from 'node:module';
import type { Request } from 'express';
import { configuredProxy, trustProxySetting } from '../security/client-address';
import { crossSiteReason } from './http-security';

/** The Express that Nest serves with (5, whose `req.host` honours X-Forwarded-Host from any peer it trusts). */
const nestExpress = createRequire(require.resolve('@nestjs/platform-express'))('express') as typeof import('express');

/** A request as the app's Express builds it (its trust-proxy list: loopback and TRUST_PROXY), from `peer`. */
function requestFrom(headers: Record<string, string>, { peer = '203.0.113.9', trustedProxies = [] as string[], method = 'POST' } = {}): Request {
  const app = nestExpress();
  app.set('trust proxy', trustProxySetting(trustedProxies));
  const request = Object.create(app.request) as Request;
  const socket = { remoteAddress: peer };
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  Object.assign(request, { app, method, socket, connection: socket, headers: lower });
  return request;
}

const OWN = '127.0.0.1:3401';
const mayAct = (origin: string, host = OWN) => crossSiteReason(requestFrom({ Host: host, Origin: origin })) === null;

describe('the Origin of a state-changing request', () => {
  // An Origin is `scheme://host[:port]` (RFC 6454 §7); anything else is not a browser's and is foreign.
  test.each([
    ['http://evil.example@127.0.0.1:3401', 'userinfo: URL parsing keeps only the host after @'],
    ['http://@127.0.0.1:3401', 'an empty userinfo'],
    ['http://user:pass@127.0.0.1:3401', 'a user and password'],
    ['http://127.0.0.1:3401@evil.example', 'the host after @ is another'],
    ['http://127.0.0.1:3401/', 'a path (a single slash)'],
    ['http://127.0.0.1:3401/trap.html', 'a path'],
    ['http://127.0.0.1:3401?x=1', 'a query'],
    ['http://127.0.0.1:3401#top', 'a fragment'],
    ['http://127.0.0.1:3401 http://evil.example', 'two values with a space'],
    ['http://127.0.0.1:3401, http://evil.example', 'two values (repeated headers are joined with a comma)'],
    ['http://127.0.0.1 :3401', 'whitespace inside'],
    ['http://127.0.0.1:3401\t', 'a tab'],
    ['http://127.0.0.1:', 'a colon and no port'],
    ['http://127.0.0.1:99999', 'a port out of range'],
    ['http:/127.0.0.1:3401', 'one slash'],
    ['http:\\\\127.0.0.1:3401', 'backslashes'],
    ['//127.0.0.1:3401', 'no scheme'],
    ['127.0.0.1:3401', 'a bare host'],
    ['ftp://127.0.0.1:3401', 'another scheme'],
    ['null', 'null (a sandboxed frame, a data: page)'],
    ['', 'empty'],
    ['http://evil.example', 'another host'],
    ['http://127.0.0.1:3402', 'another port'],
    ['http://127.0.0.1', 'no port where the site has one'],
  ])('%j is refused: %s', (origin) => {
    expect(mayAct(origin)).toBe(false);
  });

  test.each([
    ['http://127.0.0.1:3401', OWN],
    ['https://127.0.0.1:3401', OWN],
    ['HTTP://127.0.0.1:3401', OWN],
    ['https://Car.Example.com', 'car.example.com'],
    ['https://car.example.com', 'CAR.example.com'],
    ['http://car.example.com:80', 'car.example.com'],
    ['https://car.example.com:8443', 'car.example.com:8443'],
    ['http://[::1]:3401', '[::1]:3401'],
  ])('%j names the site %s', (origin, host) => {
    expect(mayAct(origin, host)).toBe(true);
  });
});

describe('the Referer of a state-changing request without an Origin', () => {
  const mayActFrom = (referer: string) => crossSiteReason(requestFrom({ Host: OWN, Referer: referer })) === null;

  test.each([
    'http://evil.example@127.0.0.1:3401/page',
    'http://@127.0.0.1:3401/',
    'http://evil.example/127.0.0.1:3401',
    'http://127.0.0.1:3402/page',
    'http://127.0.0.1:3401 /page',
    'javascript:alert(1)',
    'not a url',
  ])('%j is refused', (referer) => {
    expect(mayActFrom(referer)).toBe(false);
  });

  test.each(['http://127.0.0.1:3401/', 'http://127.0.0.1:3401/salevolume/wholemarket?time=2026-10#top', 'http://127.0.0.1:3401/a@b'])(
    '%j names the site',
    (referer) => {
      expect(mayActFrom(referer)).toBe(true);
    },
  );
});

describe('X-Forwarded-Host', () => {
  const proxy = '10.0.0.2';
  const reason = (headers: Record<string, string>, peer: string, trustedProxies: string[]) =>
    crossSiteReason(requestFrom(headers, { peer, trustedProxies }), configuredProxy(trustedProxies));

  test('is ignored from a peer outside TRUST_PROXY: the Host header names the site', () => {
    expect(reason({ Host: OWN, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }, '203.0.113.9', [])).not.toBeNull();
    expect(reason({ Host: OWN, Origin: `http://${OWN}`, 'X-Forwarded-Host': 'car.example.com' }, '203.0.113.9', [])).toBeNull();
  });

  test('is ignored from loopback unless TRUST_PROXY lists it (anything on this machine can send it)', () => {
    expect(reason({ Host: OWN, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }, '127.0.0.1', [])).not.toBeNull();
    expect(reason({ Host: OWN, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }, '::ffff:127.0.0.1', [])).not.toBeNull();
    expect(reason({ Host: OWN, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }, '::1', [])).not.toBeNull();
    expect(reason({ Host: OWN, Origin: 'https://car.example.com', 'X-Forwarded-Host': 'car.example.com' }, '127.0.0.1', ['loopback'])).toBeNull();
  });

  test('names the site when a listed proxy sends it (its first value), and then Host does not', () => {
    const headers = { Host: 'app:3000', 'X-Forwarded-Host': 'car.example.com' };
    expect(reason({ ...headers, Origin: 'https://car.example.com' }, proxy, [proxy])).toBeNull();
    expect(reason({ ...headers, Origin: 'https://car.example.com' }, '::ffff:10.0.0.2', ['10.0.0.0/8'])).toBeNull();
    expect(reason({ ...headers, Origin: 'http://app:3000' }, proxy, [proxy])).not.toBeNull();
    expect(reason({ Host: 'app:3000', 'X-Forwarded-Host': 'car.example.com, evil.example', Origin: 'https://car.example.com' }, proxy, [proxy])).toBeNull();
    expect(reason({ ...headers, Origin: 'https://car.example.com' }, '10.0.0.3', [proxy])).not.toBeNull();
  });
});

describe('requests that are not refused for their origin', () => {
  test('reads pass whatever their Origin', () => {
    expect(crossSiteReason(requestFrom({ Host: OWN, Origin: 'http://evil.example@127.0.0.1:3401' }, { method: 'GET' }))).toBeNull();
  });

  test('an API client with neither header nor the session cookie passes', () => {
    expect(crossSiteReason(requestFrom({ Host: OWN }))).toBeNull();
  });
});

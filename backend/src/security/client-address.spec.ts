import express from 'express';
import type { Request } from 'express';
import { clientAddress, trustProxySetting } from './client-address';

/** A request as Express builds it, so req.ip is resolved by Express's own trust-proxy code. */
function requestFrom(trustedProxies: string[], peer: string, forwardedFor?: string): Request {
  const app = express();
  app.set('trust proxy', trustProxySetting(trustedProxies));
  const request = Object.create(app.request) as Request;
  const socket = { remoteAddress: peer };
  Object.assign(request, { socket, connection: socket, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
  return request;
}

describe('the client address of a call', () => {
  test('is the peer, without the IPv4-mapped prefix', () => {
    expect(clientAddress(requestFrom([], '::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  test('a peer outside the trusted list cannot choose its address with X-Forwarded-For', () => {
    expect(clientAddress(requestFrom([], '203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
    expect(clientAddress(requestFrom(['10.0.0.0/8'], '203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
  });

  test('a loopback peer (the web server in this process) forwards the browser address, the right-most one', () => {
    expect(clientAddress(requestFrom([], '::ffff:127.0.0.1', '198.51.100.1, 192.0.2.7'))).toBe('192.0.2.7');
    expect(clientAddress(requestFrom([], '::1', '2001:DB8:0::7'))).toBe('2001:db8::7');
    expect(clientAddress(requestFrom([], '::1', 'not-an-address'))).toBe('::1');
  });

  test('a listed proxy forwards its client; a spoofed entry left of it is ignored', () => {
    expect(clientAddress(requestFrom(['10.0.0.2'], '10.0.0.2', '198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddress(requestFrom(['10.0.0.0/8'], '::ffff:10.1.2.3', '6.6.6.6, 198.51.100.1'))).toBe('198.51.100.1');
    // A chain of two listed proxies: the client is the first address neither of them is.
    expect(clientAddress(requestFrom(['10.0.0.0/8'], '10.0.0.2', '198.51.100.1, 10.0.0.3'))).toBe('198.51.100.1');
  });
});

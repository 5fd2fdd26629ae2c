import type { Request } from 'express';
import { clientAddress } from './client-address';

function request(ip: string | undefined, socket: string, forwardedFor?: string): Request {
  return { ip, socket: { remoteAddress: socket }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} } as unknown as Request;
}

describe('the client address of a sign-in', () => {
  test('is req.ip, without the IPv4-mapped prefix', () => {
    expect(clientAddress(request('::ffff:203.0.113.9', '::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  test('a remote caller cannot choose its address with X-Forwarded-For', () => {
    expect(clientAddress(request('203.0.113.9', '203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
  });

  test('a loopback caller (the web server in this process) forwards the browser address', () => {
    expect(clientAddress(request('::ffff:127.0.0.1', '::ffff:127.0.0.1', '198.51.100.1, 192.0.2.7'))).toBe('192.0.2.7');
    expect(clientAddress(request('::1', '::1', 'not-an-address'))).toBe('::1');
  });

  test('with TRUST_PROXY, Express has already resolved req.ip from the proxy headers', () => {
    expect(clientAddress(request('198.51.100.1', '10.0.0.2', '198.51.100.1'))).toBe('198.51.100.1');
  });
});

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP receiver standing in for a 企业微信 / 钉钉 / 飞书 group robot (ROBOT_ALLOW_INSECURE lets the app reach
 * it): the robots' and the subscriptions' integration specs send to it and read what it got.
 */
export interface Received {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  at: number;
}

/** The stand-in robot: answers by path (/ok, /feishu-ok, /down 500, /errcode 200 with errcode 310000, /redirect 302) and keeps every request. */
export async function receiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      received.push({
        path: url.pathname,
        query: url.searchParams,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
        at: Date.now(),
      });
      const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/ok') json(200, { errcode: 0, errmsg: 'ok' });
      else if (url.pathname === '/feishu-ok') json(200, { code: 0, msg: 'success', data: {} });
      else if (url.pathname === '/errcode') json(200, { errcode: 310000, errmsg: 'keywords not in content' });
      else if (url.pathname === '/redirect') res.writeHead(302, { location: '/ok' }).end();
      else json(500, { error: 'down' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

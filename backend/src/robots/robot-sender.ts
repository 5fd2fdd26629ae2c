import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { RobotTarget } from './robot-url';

/** A send gives up after this long (connecting and answering together). */
export const ROBOT_TIMEOUT_MS = 5000;
/** The most of a robot's answer that is read; a longer one is a failure. */
export const ROBOT_REPLY_MAX_BYTES = 64 * 1024;

export interface RobotReply {
  status: number;
  body: string;
}

/** A send that did not get an answer to read: the reason, in Chinese, for the delivery's record. */
export class RobotSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RobotSendError';
  }
}

/**
 * Posts JSON to `url` connecting only to `target.address` (checked by resolveRobotTarget): the agent's lookup
 * answers that address whatever the name resolves to now, while the Host header and TLS's SNI and certificate
 * check keep the name. Redirects are not followed (a 3xx is a failure), the answer is capped and the whole
 * exchange times out.
 */
export function postJson(url: URL, target: RobotTarget, body: unknown): Promise<RobotReply> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RobotReply>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        timeout: ROBOT_TIMEOUT_MS,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length, 'user-agent': 'car-analytics-robot/1' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ROBOT_REPLY_MAX_BYTES) {
            request.destroy(new RobotSendError(`应答超过 ${ROBOT_REPLY_MAX_BYTES / 1024} KB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    const deadline = setTimeout(() => request.destroy(new RobotSendError(`${ROBOT_TIMEOUT_MS / 1000} 秒内无应答`)), ROBOT_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new RobotSendError(`${ROBOT_TIMEOUT_MS / 1000} 秒内无应答`)));
    request.on('error', (error) => reject(error instanceof RobotSendError ? error : new RobotSendError(`连接失败：${error.message}`)));
    request.on('close', () => clearTimeout(deadline));
    request.end(payload);
  });
}

import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ROBOT_MESSAGES } from '@car/contracts';

/**
 * The one place that says where a robot webhook may point (decision 194): https only, no user or password in
 * the URL, and a host that resolves — at registration and again at every send — only to public addresses.
 * The send then connects to the very address checked here (robot-sender.ts pins it through the agent's lookup),
 * so a name that answers a public address to the check and a private one to the connection (DNS rebinding)
 * reaches nothing. ROBOT_ALLOW_INSECURE lifts the scheme and address rules, for tests and closed networks.
 */

/** A refusal the administrator reads as it is (仅支持 https 地址, 不允许内网地址 …). */
export class RobotUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RobotUrlError';
  }
}

export interface RobotTarget {
  url: URL;
  /** The address the send must connect to. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Every range a webhook may not reach: loopback, private, link-local, CGNAT, unspecified, multicast, reserved, documentation. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** Whether a webhook may connect to this literal address: a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return !BLOCKED.check(bare, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return isPublicAddress(v4);
  return !BLOCKED.check(bare, 'ipv6');
}

/** The URL's form alone: http(s), https unless insecure is allowed, no credentials, a host. */
export function parseRobotUrl(text: string, allowInsecure: boolean): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new RobotUrlError(ROBOT_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) throw new RobotUrlError(ROBOT_MESSAGES.httpsOnly);
  if (url.username || url.password) throw new RobotUrlError(ROBOT_MESSAGES.credentialsInUrl);
  if (!url.hostname) throw new RobotUrlError(ROBOT_MESSAGES.invalidUrl);
  url.hash = '';
  return url;
}

/**
 * Checks a webhook URL and resolves its host: every address the name answers must be public (a name with one
 * private answer among public ones is refused too: which one a connection takes is not ours to choose), and
 * the first is the one to connect to.
 */
export async function resolveRobotTarget(text: string, allowInsecure: boolean, resolve: Resolver = systemResolver): Promise<RobotTarget> {
  const url = parseRobotUrl(text, allowInsecure);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: Array<{ address: string; family: number }>;
  if (isIP(host)) {
    answers = [{ address: host, family: isIP(host) }];
  } else {
    try {
      answers = await resolve(host);
    } catch {
      throw new RobotUrlError(ROBOT_MESSAGES.unresolvable);
    }
    if (answers.length === 0) throw new RobotUrlError(ROBOT_MESSAGES.unresolvable);
  }
  if (!allowInsecure && answers.some((answer) => !isPublicAddress(answer.address))) throw new RobotUrlError(ROBOT_MESSAGES.privateTarget);
  const [first] = answers;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { ROBOT_MESSAGES } from '@car/contracts';
import ipaddr from 'ipaddr.js';

/**
 * The one place that says where a robot webhook may point (decision 194): https only, no user or password in
 * the URL, and a host that resolves — at registration and again at every send — only to public addresses.
 * The send then connects to the very address checked here (robot-sender.ts pins it through the agent's lookup),
 * so a name that answers a public address to the check and a private one to the connection (DNS rebinding)
 * reaches nothing. Addresses are read with ipaddr.js; an IPv6 address that carries an IPv4 one is judged by it or
 * refused outright, and IPv6 outside global unicast is refused (decision 255). ROBOT_ALLOW_INSECURE lifts the
 * scheme and address rules, for tests and closed networks.
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

/**
 * The DNS the guard asks at registration and at every send: the system's, as a connection would. A provider,
 * so that the integration tests can answer as a hostile DNS server would (a public address at registration,
 * loopback at the send).
 */
@Injectable()
export class RobotResolver {
  lookup(hostname: string): Promise<Array<{ address: string; family: number }>> {
    return systemResolver(hostname);
  }
}

/** Named lists of ranges, as ipaddr.subnetMatch takes them. */
type Ranges = Parameters<typeof ipaddr.subnetMatch>[1];

/** Every IPv4 range a webhook may not reach: loopback, private, link-local, CGNAT, unspecified, multicast, reserved, documentation. */
const BLOCKED_IPV4: Ranges = {
  blocked: [
    '0.0.0.0/8',
    '10.0.0.0/8',
    '100.64.0.0/10',
    '127.0.0.0/8',
    '169.254.0.0/16',
    '172.16.0.0/12',
    '192.0.0.0/24',
    '192.0.2.0/24',
    '192.168.0.0/16',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '224.0.0.0/4',
    '240.0.0.0/4',
  ].map((cidr) => ipaddr.parseCIDR(cidr)),
};

/**
 * IPv6: only global unicast 2000::/3 (IANA assigns nothing else; loopback, unspecified, unique local fc00::/7,
 * link-local, site-local, multicast, discard 100::/64 and the IPv4-compatible ::/96 all lie outside it), and
 * within it none of these (decision 255).
 */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const BLOCKED_IPV6: Ranges = {
  blocked: [
    // IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID, drone tags.
    '2001::/23',
    '2001:db8::/32',
    '2002::/16',
    '3fff::/20',
  ].map((cidr) => ipaddr.parseCIDR(cidr)),
};

/** The IPv6 forms that carry an IPv4 address. */
export type Ipv4InIpv6Form = 'mapped' | 'nat64' | 'compatible' | 'translated' | 'nat64Local' | '6to4' | 'teredo';

/**
 * Where each form keeps its IPv4 address (as two 16-bit groups of the IPv6 one), and whether the form reaches
 * that address as such: an IPv4-mapped address is the IPv4 one on a dual-stack socket, and the NAT64 well-known
 * prefix is how DNS64 answers a public IPv4 service to an IPv6-only host, so both are judged by the IPv4 inside.
 * The others are refused whatever they carry (decision 255): IPv4-compatible (deprecated, RFC 4291),
 * IPv4-translated (inside an SIIT translator only, RFC 6145), NAT64 local-use (never global, RFC 8215; its
 * IPv4 sits where the local prefix length puts it, read here as the last 32 bits), 6to4 (its relays deprecated,
 * RFC 7526) and Teredo (client IPv4 = the last 32 bits XOR 0xffffffff, RFC 4380): no robot service lives there.
 */
const IPV4_IN_IPV6: ReadonlyArray<{
  form: Ipv4InIpv6Form;
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  judged: boolean;
  groups: (parts: number[]) => [number, number];
}> = [
  { form: 'mapped', range: ipaddr.parseCIDR('::ffff:0:0/96'), judged: true, groups: (p) => [p[6], p[7]] },
  { form: 'nat64', range: ipaddr.parseCIDR('64:ff9b::/96'), judged: true, groups: (p) => [p[6], p[7]] },
  { form: 'compatible', range: ipaddr.parseCIDR('::/96'), judged: false, groups: (p) => [p[6], p[7]] },
  { form: 'translated', range: ipaddr.parseCIDR('::ffff:0:0:0/96'), judged: false, groups: (p) => [p[6], p[7]] },
  { form: 'nat64Local', range: ipaddr.parseCIDR('64:ff9b:1::/48'), judged: false, groups: (p) => [p[6], p[7]] },
  { form: '6to4', range: ipaddr.parseCIDR('2002::/16'), judged: false, groups: (p) => [p[1], p[2]] },
  { form: 'teredo', range: ipaddr.parseCIDR('2001::/32'), judged: false, groups: (p) => [p[6] ^ 0xffff, p[7] ^ 0xffff] },
];

/**
 * An address as the guard reads it: IPv4 in dotted decimal or IPv6, with or without URL brackets; a zone (%eth0)
 * is none. IPv6 goes through the URL parser's canonical form first: ipaddr.js 2.5 reads `::a.b.c.d` as the
 * IPv4-mapped `::ffff:a.b.c.d`, where the system (inet_pton) and the URL parser read the IPv4-compatible `::a.b.c.d`.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 0 || bare.includes('%')) return null;
  try {
    return version === 4 ? ipaddr.IPv4.parse(bare) : ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

/** The form an IPv6 address carries an IPv4 one in, and that IPv4 address; null for a native IPv6 address. */
function carried(address: ipaddr.IPv6): { form: (typeof IPV4_IN_IPV6)[number]; ipv4: string } | null {
  const form = IPV4_IN_IPV6.find(({ range }) => address.match(range));
  if (!form) return null;
  const [high, low] = form.groups(address.parts);
  return { form, ipv4: [high >> 8, high & 255, low >> 8, low & 255].join('.') };
}

/** The IPv4 address an IPv6 one carries, and in which form; null for a native IPv6 address or no address. */
export function embeddedIpv4(address: string): { form: Ipv4InIpv6Form; ipv4: string } | null {
  const parsed = parseAddress(address);
  const inside = parsed instanceof ipaddr.IPv6 ? carried(parsed) : null;
  return inside && { form: inside.form.form, ipv4: inside.ipv4 };
}

/** Whether a webhook may connect to this literal address: a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed instanceof ipaddr.IPv4) return ipaddr.subnetMatch(parsed, BLOCKED_IPV4, 'public') === 'public';
  const inside = carried(parsed);
  if (inside) return inside.form.judged && isPublicAddress(inside.ipv4);
  return parsed.match(GLOBAL_UNICAST) && ipaddr.subnetMatch(parsed, BLOCKED_IPV6, 'public') === 'public';
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

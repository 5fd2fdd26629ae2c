/**
 * The spellings the robot address guard is held to (decisions 194 and 255): `robot-url.spec.ts` runs every one
 * against the guard, as a URL's host and as a DNS answer, and `test/integration/robots.spec.ts` runs them through
 * 登记机器人 and through a send whose name answers them. `host` is written as it stands in `https://HOST/hook`
 * (IPv6 in brackets); its DNS answer is the same text without the brackets.
 *
 * - `before`: refused before issue 44 (the earlier spec and tests, and the rest of the ranges in each spelling);
 * - `issue`: the seven spellings issue 44 §1 found accepted;
 * - `transition`: the other IPv6 forms that carry an IPv4 address, and the ranges outside global unicast;
 * - `public`: addresses a robot service may have, which must stay accepted.
 */
export type RobotAddressGroup = 'before' | 'issue' | 'transition' | 'public';

export interface RobotAddressCase {
  host: string;
  group: RobotAddressGroup;
  /** What the spelling is (the IPv4 inside, the range). */
  note: string;
}

const before = (host: string, note: string): RobotAddressCase => ({ host, group: 'before', note });
const issue = (host: string, note: string): RobotAddressCase => ({ host, group: 'issue', note });
const transition = (host: string, note: string): RobotAddressCase => ({ host, group: 'transition', note });
const open = (host: string, note: string): RobotAddressCase => ({ host, group: 'public', note });

export const ROBOT_ADDRESS_CASES: readonly RobotAddressCase[] = [
  // IPv4, dotted.
  before('127.0.0.1', 'loopback'),
  before('127.8.9.10', 'loopback /8'),
  before('127.255.255.254', 'loopback /8'),
  before('10.1.2.3', 'private 10/8'),
  before('10.255.255.255', 'private 10/8'),
  before('172.16.0.1', 'private 172.16/12'),
  before('172.31.255.255', 'private 172.16/12'),
  before('192.168.1.1', 'private 192.168/16'),
  before('192.168.0.0', 'private 192.168/16'),
  before('169.254.169.254', 'link-local: the cloud metadata service'),
  before('169.254.0.1', 'link-local'),
  before('100.64.0.1', 'CGNAT 100.64/10'),
  before('100.127.255.254', 'CGNAT 100.64/10'),
  before('0.0.0.0', 'unspecified'),
  before('0.1.2.3', '"this network" 0/8'),
  before('192.0.0.1', 'IETF protocol assignments 192.0.0/24'),
  before('192.0.2.1', 'documentation TEST-NET-1'),
  before('198.18.0.1', 'benchmarking 198.18/15'),
  before('198.19.255.255', 'benchmarking 198.18/15'),
  before('198.51.100.7', 'documentation TEST-NET-2'),
  before('203.0.113.9', 'documentation TEST-NET-3'),
  before('224.0.0.1', 'multicast'),
  before('239.255.255.250', 'multicast (SSDP)'),
  before('240.0.0.1', 'reserved 240/4'),
  before('255.255.255.255', 'broadcast'),
  // IPv4 as URLs also read it (the URL parser rewrites these to dotted form).
  before('2130706433', '127.0.0.1 as one number'),
  before('0x7f000001', '127.0.0.1 in hex'),
  before('017700000001', '127.0.0.1 in octal'),
  before('0177.0.0.1', '127.0.0.1 with an octal part'),
  before('127.1', '127.0.0.1 in two parts'),
  before('0x7f.1', '127.0.0.1 in two parts, hex'),
  before('0xa9.0xfe.0xa9.0xfe', '169.254.169.254 in hex parts'),
  before('3232235777', '192.168.1.1 as one number'),
  // IPv6 ranges.
  before('[::]', 'unspecified'),
  before('[::1]', 'loopback'),
  before('[0:0:0:0:0:0:0:1]', 'loopback, uncompressed'),
  before('[fc00::1]', 'unique local fc00::/7'),
  before('[fd12:3456::1]', 'unique local fc00::/7'),
  before('[fe80::1]', 'link-local'),
  before('[febf::1]', 'link-local fe80::/10'),
  before('[fec0::1]', 'site-local (deprecated)'),
  before('[ff02::1]', 'multicast'),
  before('[ff05::1:3]', 'multicast'),
  before('[100::1]', 'discard 100::/64'),
  before('[2001:db8::1]', 'documentation'),
  // IPv4-mapped and NAT64 forms the earlier guard decoded.
  before('[::ffff:127.0.0.1]', 'IPv4-mapped loopback, dotted'),
  before('[::ffff:10.0.0.1]', 'IPv4-mapped private, dotted'),
  before('[::ffff:7f00:1]', 'IPv4-mapped loopback, hex'),
  before('[::ffff:a9fe:a9fe]', 'IPv4-mapped metadata, hex'),
  before('[::ffff:169.254.169.254]', 'IPv4-mapped metadata, dotted'),
  before('[::ffff:192.168.1.1]', 'IPv4-mapped private'),
  before('[0:0:0:0:0:ffff:7f00:1]', 'IPv4-mapped loopback, uncompressed'),
  before('[::FFFF:7F00:1]', 'IPv4-mapped loopback, upper case'),
  before('[::ffff:0.0.0.0]', 'IPv4-mapped unspecified'),
  before('[::ffff:100.64.0.1]', 'IPv4-mapped CGNAT'),
  before('[::ffff:172.16.0.1]', 'IPv4-mapped private'),
  before('[64:ff9b::192.168.0.1]', 'NAT64 private, dotted'),
  before('[64:ff9b::7f00:1]', 'NAT64 loopback, hex'),
  before('[64:ff9b::a00:1]', 'NAT64 10.0.0.1'),

  // Issue 44 §1: accepted before, with the send pinned to the same address.
  issue('[::127.0.0.1]', 'IPv4-compatible loopback, dotted (the URL stores [::7f00:1])'),
  issue('[::7f00:1]', 'IPv4-compatible loopback, hex'),
  issue('[::ffff:0:7f00:1]', 'IPv4-translated loopback, hex'),
  issue('[::ffff:0:127.0.0.1]', 'IPv4-translated loopback, dotted'),
  issue('[64:ff9b:1::7f00:1]', 'NAT64 local-use 64:ff9b:1::/48, loopback'),
  issue('[2002:7f00:1::1]', '6to4 of 127.0.0.1'),
  issue('[2002:a9fe:a9fe::1]', '6to4 of 169.254.169.254'),

  // The other transition forms and the space outside global unicast 2000::/3 (decision 255).
  transition('[::10.0.0.1]', 'IPv4-compatible private'),
  transition('[::169.254.169.254]', 'IPv4-compatible metadata'),
  transition('[::8.8.8.8]', 'IPv4-compatible, public inside: the form is refused'),
  transition('[::1234:5678]', 'IPv4-compatible 18.52.86.120'),
  transition('[::ffff:0:a9fe:a9fe]', 'IPv4-translated metadata'),
  transition('[::ffff:0:8.8.8.8]', 'IPv4-translated, public inside: the form is refused'),
  transition('[64:ff9b:1::a9fe:a9fe]', 'NAT64 local-use, metadata'),
  transition('[64:ff9b:1::808:808]', 'NAT64 local-use, public inside: the range is refused'),
  transition('[64:ff9b::a9fe:a9fe]', 'NAT64 well-known, metadata in hex'),
  transition('[2002:c0a8:101::1]', '6to4 of 192.168.1.1'),
  transition('[2002:a00:1:1::1]', '6to4 of 10.0.0.1'),
  transition('[2002:808:808::1]', '6to4, public inside: the range is refused'),
  transition('[2001:0:4136:e378:8000:63bf:80ff:fffe]', 'Teredo, client 127.0.0.1'),
  transition('[2001:0:4136:e378:8000:63bf:5601:5601]', 'Teredo, client 169.254.169.254'),
  transition('[2001::f5ff:fffe]', 'Teredo, client 10.0.0.1'),
  transition('[2001:0:4136:e378:8000:63bf:f7f7:f7f7]', 'Teredo, public client 8.8.8.8: the range is refused'),
  transition('[2001:2::1]', 'benchmarking 2001:2::/48'),
  transition('[2001:10::1]', 'ORCHID 2001:10::/28'),
  transition('[3fff::1]', 'documentation 3fff::/20'),
  transition('[4000::1]', 'outside global unicast 2000::/3'),
  transition('[5f00::1]', 'segment routing 5f00::/16'),
  transition('[200::1]', 'outside global unicast 2000::/3'),

  // Public: robot services live here.
  open('8.8.8.8', 'public IPv4'),
  open('101.226.0.1', 'public IPv4'),
  open('106.11.23.1', 'public IPv4'),
  open('172.32.0.1', 'just above 172.16/12'),
  open('100.128.0.1', 'just above 100.64/10'),
  open('1.1.1.1', 'public IPv4'),
  open('[2408:8000::1]', 'public IPv6'),
  open('[2400:3200::1]', 'public IPv6'),
  open('[2001:4860:4860::8888]', 'public IPv6 in 2001::/16 but outside 2001::/23'),
  open('[2a00:1450:4001::1]', 'public IPv6'),
  open('[::ffff:8.8.8.8]', 'IPv4-mapped public, dotted'),
  open('[::ffff:808:808]', 'IPv4-mapped public, hex'),
  open('[64:ff9b::808:808]', 'NAT64 well-known of 8.8.8.8 (what DNS64 answers on an IPv6-only host)'),
  open('[64:ff9b::101.226.0.1]', 'NAT64 well-known, dotted'),
];

/** The host as a DNS answer would give it: the address without URL brackets. */
export const answerOf = (host: string): string => host.replace(/^\[|\]$/g, '');

import { isIP } from 'node:net';

/**
 * Client addresses as the login throttle and the audit log see them. One address has many spellings
 * (`::ffff:203.0.113.9` is 203.0.113.9 on a dual-stack socket; `2001:DB8:0:0::1` is `2001:db8::1`), and
 * one IPv6 subscriber holds a whole /64, so a throttle keyed on the text would be dodged by rewriting it.
 */

/** The address in one spelling: IPv4 dotted, IPv4-mapped IPv6 as IPv4, IPv6 compressed in lower case (RFC 5952); null when it is none. */
export function canonicalAddress(text: string | undefined | null): string | null {
  const plain = text?.trim().replace(/%.*$/, ''); // a zone (fe80::1%eth0) is local to this host
  if (!plain) return null;
  const version = isIP(plain);
  if (version === 4) return plain.split('.').map(Number).join('.');
  if (version !== 6) return null;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return compress(groups);
}

/** What a brute-force window counts by: the IPv4 address, or the /64 an IPv6 address belongs to (`2001:db8:1:2::/64`). */
export function throttleKey(address: string): string {
  const canonical = canonicalAddress(address);
  if (!canonical) return address.slice(0, 64);
  if (isIP(canonical) === 4) return canonical;
  const groups = ipv6Groups(canonical);
  return `${compress([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_m, a: string, b: string, c: string, d: string) => `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head, tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups (the first of equals) as `::`. */
function compress(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const text = groups.map((g) => g.toString(16));
  if (best.start < 0) return text.join(':');
  return `${text.slice(0, best.start).join(':')}::${text.slice(best.start + best.length).join(':')}`;
}

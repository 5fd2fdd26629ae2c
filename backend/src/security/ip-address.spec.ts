import { canonicalAddress, throttleKey } from './ip-address';

describe('client addresses', () => {
  test('an IPv4 client of a dual-stack socket (IPv4-mapped IPv6, any spelling) is its IPv4 address', () => {
    expect(canonicalAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(canonicalAddress('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(canonicalAddress('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(canonicalAddress(' 203.0.113.9 ')).toBe('203.0.113.9');
  });

  test('IPv6 spellings become one: lower case, no leading zeros, the longest zero run as ::, no zone', () => {
    for (const spelling of ['2001:DB8:0:0:0:0:0:1', '2001:0db8::0001', '2001:db8:0:0::1', '2001:db8::1%eth0']) {
      expect(canonicalAddress(spelling)).toBe('2001:db8::1');
    }
    expect(canonicalAddress('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(canonicalAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2:3:4:5:6');
    expect(canonicalAddress('::1')).toBe('::1');
    expect(canonicalAddress('::')).toBe('::');
  });

  test('what is not an address is null', () => {
    for (const text of [undefined, '', 'unknown', '203.0.113', '2001:db8::1::2', '1.2.3.4.5', '<script>']) {
      expect(canonicalAddress(text)).toBeNull();
    }
  });

  test('a throttle window counts an IPv6 /64 as one client, an IPv4 address as itself', () => {
    expect(throttleKey('2001:db8:a:b::1')).toBe('2001:db8:a:b::/64');
    expect(throttleKey('2001:DB8:A:B:FFFF:1:2:3')).toBe('2001:db8:a:b::/64');
    expect(throttleKey('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(throttleKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(throttleKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(throttleKey('198.51.100.7')).toBe('198.51.100.7');
  });
});

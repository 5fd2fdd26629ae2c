import { ROBOT_MESSAGES } from '@car/contracts';
import { ROBOT_ADDRESS_CASES, answerOf } from './robot-url.cases';
import { embeddedIpv4, isPublicAddress, parseRobotUrl, resolveRobotTarget, type Resolver } from './robot-url';

/** A resolver that answers the given addresses for every name (what a hostile DNS server could answer). */
const answering =
  (...addresses: string[]): Resolver =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

/** A resolver that must not be asked: a literal address is judged as it is. */
const never: Resolver = () => Promise.reject(new Error('asked'));

describe('the address table: every spelling as a URL host and as a DNS answer (issue 44 section 1, decision 255)', () => {
  const refused = ROBOT_ADDRESS_CASES.filter((c) => c.group !== 'public').map((c) => [c.host, c.note]);
  const accepted = ROBOT_ADDRESS_CASES.filter((c) => c.group === 'public').map((c) => [c.host, c.note]);

  it("holds at least 80 spellings: the issue's seven, 50 refused before it, and public ones", () => {
    expect(ROBOT_ADDRESS_CASES.length).toBeGreaterThanOrEqual(80);
    expect(ROBOT_ADDRESS_CASES.filter((c) => c.group === 'issue')).toHaveLength(7);
    expect(ROBOT_ADDRESS_CASES.filter((c) => c.group === 'before').length).toBeGreaterThanOrEqual(50);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    expect(new Set(ROBOT_ADDRESS_CASES.map((c) => c.host)).size).toBe(ROBOT_ADDRESS_CASES.length);
  });

  it.each(refused)('refuses https://%s/ (%s) without asking DNS', async (host) => {
    await expect(resolveRobotTarget(`https://${host}/hook`, false, never)).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
  });

  it.each(refused)('refuses a name whose DNS answers %s (%s)', async (host) => {
    await expect(resolveRobotTarget('https://hook.example.com/x', false, answering(answerOf(host)))).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
  });

  it.each(accepted)('accepts https://%s/ (%s) and a name answering it, and connects to that address', async (host) => {
    const literal = await resolveRobotTarget(`https://${host}/hook`, false, never);
    expect(literal.address).toBe(answerOf(new URL(`https://${host}/`).hostname));
    await expect(resolveRobotTarget('https://hook.example.com/x', false, answering(answerOf(host)))).resolves.toMatchObject({ address: answerOf(host) });
  });
});

describe('where a robot webhook may point', () => {
  it.each(['not an address', '', '127.1', '0x7f000001', 'fe80::1%eth0', '2408:8000::1%eth0', '[2408:8000::1%25eth0]'])(
    'refuses %p: no address, an IPv4 spelling only URLs read, or an address with a zone',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each([
    ['::7f00:1', 'compatible', '127.0.0.1'],
    ['::127.0.0.1', 'compatible', '127.0.0.1'],
    ['::ffff:7f00:1', 'mapped', '127.0.0.1'],
    ['::ffff:8.8.8.8', 'mapped', '8.8.8.8'],
    ['::ffff:0:a9fe:a9fe', 'translated', '169.254.169.254'],
    ['64:ff9b::c0a8:1', 'nat64', '192.168.0.1'],
    ['64:ff9b:1::7f00:1', 'nat64Local', '127.0.0.1'],
    ['2002:a9fe:a9fe::1', '6to4', '169.254.169.254'],
    ['2002:808:808:1::1', '6to4', '8.8.8.8'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo', '127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'teredo', '8.8.8.8'],
  ])('reads the IPv4 address inside %s (%s: %s)', (address, form, ipv4) => {
    expect(embeddedIpv4(address)).toEqual({ form, ipv4 });
  });

  it.each(['2408:8000::1', '2001:4860:4860::8888', '8.8.8.8', 'fe80::1'])('finds no IPv4 address inside %s', (address) => {
    expect(embeddedIpv4(address)).toBeNull();
  });

  it('takes https only, unless insecure targets are allowed', () => {
    expect(() => parseRobotUrl('http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', false)).toThrow(ROBOT_MESSAGES.httpsOnly);
    expect(() => parseRobotUrl('ftp://example.com/x', true)).toThrow(ROBOT_MESSAGES.httpsOnly);
    expect(parseRobotUrl('http://127.0.0.1:9/hook', true).href).toBe('http://127.0.0.1:9/hook');
    expect(() => parseRobotUrl('not a url', false)).toThrow(ROBOT_MESSAGES.invalidUrl);
    expect(() => parseRobotUrl('https://user:pw@example.com/hook', false)).toThrow(ROBOT_MESSAGES.credentialsInUrl);
  });

  it('refuses a name whose DNS answer is private, even among public ones', async () => {
    await expect(resolveRobotTarget('https://hook.example.com/x', false, answering('10.0.0.5'))).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
    await expect(resolveRobotTarget('https://hook.example.com/x', false, answering('8.8.8.8', '127.0.0.1'))).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
    await expect(resolveRobotTarget('https://hook.example.com/x', false, answering('::ffff:192.168.1.1'))).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
  });

  it('refuses literal private hosts without asking DNS', async () => {
    await expect(resolveRobotTarget('https://127.0.0.1/hook', false, never)).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
    await expect(resolveRobotTarget('https://[::1]/hook', false, never)).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
    await expect(resolveRobotTarget('https://[::ffff:169.254.169.254]/latest', false, never)).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
  });

  it('refuses a name that does not resolve', async () => {
    const nothing: Resolver = () => Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
    await expect(resolveRobotTarget('https://nowhere.invalid/hook', false, nothing)).rejects.toThrow(ROBOT_MESSAGES.unresolvable);
    await expect(resolveRobotTarget('https://empty.example.com/hook', false, answering())).rejects.toThrow(ROBOT_MESSAGES.unresolvable);
  });

  it('answers the checked address to connect to, keeping the name in the URL', async () => {
    const target = await resolveRobotTarget('https://oapi.dingtalk.com/robot/send?access_token=t', false, answering('106.11.23.1'));
    expect(target).toEqual({ url: new URL('https://oapi.dingtalk.com/robot/send?access_token=t'), address: '106.11.23.1', family: 4 });
  });

  it('lets loopback through only when insecure targets are allowed', async () => {
    await expect(resolveRobotTarget('http://localhost:8080/hook', true, answering('127.0.0.1'))).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveRobotTarget('https://localhost:8080/hook', false, answering('127.0.0.1'))).rejects.toThrow(ROBOT_MESSAGES.privateTarget);
  });
});

import { ROBOT_MESSAGES } from '@car/contracts';
import { isPublicAddress, parseRobotUrl, resolveRobotTarget, type Resolver } from './robot-url';

/** A resolver that answers the given addresses for every name (what a hostile DNS server could answer). */
const answering =
  (...addresses: string[]): Resolver =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('where a robot webhook may point', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::192.168.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '101.226.0.1', '172.32.0.1', '100.128.0.1', '2408:8000::1', '::ffff:8.8.8.8'])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
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
    const never: Resolver = () => Promise.reject(new Error('asked'));
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

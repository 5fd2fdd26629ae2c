import { THROTTLE_POLICY, throttleRule } from './login-throttle.service';

describe('which limit refuses a password check', () => {
  const none = { pair: 0, address: 0, account: 0 };

  test('five failures of one account from one address refuse that pair', () => {
    expect(throttleRule({ ...none, pair: 4, address: 4, account: 4 })).toBeNull();
    expect(throttleRule({ pair: 5, address: 5, account: 5 })).toBe('pair');
  });

  test('one address is refused for every account only after twenty failures', () => {
    expect(throttleRule({ ...none, pair: 0, address: 19 })).toBeNull();
    expect(throttleRule({ ...none, pair: 0, address: 20 })).toBe('address');
  });

  test('an account with ten failures refuses addresses that have failed themselves, never a clean one', () => {
    expect(throttleRule({ pair: 0, address: 0, account: 500 })).toBeNull();
    expect(throttleRule({ pair: 0, address: 1, account: 9 })).toBeNull();
    expect(throttleRule({ pair: 0, address: 1, account: 10 })).toBe('account');
  });

  test('the window is fifteen minutes, as the refusal message says', () => {
    expect(THROTTLE_POLICY.windowSeconds).toBe(15 * 60);
  });
});

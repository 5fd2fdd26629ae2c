import { readCookie, readToken } from './session.server';

const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { Cookie: cookie } });

describe('the session cookies', () => {
  test('a token is read from its cookie, percent-decoded', () => {
    expect(readToken(withCookie('a=1; car-token=eyJ.ab-c_d.x%3D'))).toBe('eyJ.ab-c_d.x=');
    expect(readCookie(withCookie('car-mp=abc'), 'car-mp')).toBe('abc');
  });

  test('a cookie that cannot be a token is no session (it would not fit in the API call’s header)', () => {
    expect(readToken(withCookie('car-token=%E4%BD%A0'))).toBeNull();
    expect(readToken(withCookie('car-token=garbage.not-a-jwt.%E4%BD%A0'))).toBeNull();
    expect(readToken(withCookie('car-token=%E0%A4%A'))).toBeNull();
    expect(readToken(withCookie('car-token='))).toBeNull();
    expect(readCookie(withCookie('car-mp=a%20b'), 'car-mp')).toBeNull();
  });
});

import { ADMIN_AUDIT, ADMIN_JOBS, intText } from '@car/contracts';
import { z } from 'zod';

import { urlParams, urlState } from './url-state';

const request = (search: string) => new Request(`http://localhost/admin/jobs${search}`);

describe('a loader’s address read through a schema', () => {
  test('a request reads as its query does', () => {
    const url = urlState(ADMIN_JOBS.list.params, request('?state=failed&page=3'));
    expect(url.value('state')).toBe('failed');
    expect(url.value('page')).toBe(3);
  });

  test('a value the schema refuses is the fallback, or the schema’s default', () => {
    const url = urlState(ADMIN_JOBS.list.params, request('?state=lost&page=2.5'));
    expect(url.value('state', { fallback: undefined })).toBeUndefined();
    expect(url.value('page')).toBe(1);
  });

  test('a filter the API checks is passed on as given, refused or not; null when absent', () => {
    const url = urlState(ADMIN_AUDIT.list.params, request('?from=2026-13-40&account=%20ops%20'));
    expect(url.given('from')).toBe('2026-13-40');
    expect(url.given('account')).toBe(' ops ');
    expect(url.given('to')).toBeNull();
  });

  test('a key a form repeats (check boxes) is every value, in order', () => {
    const url = urlState(ADMIN_AUDIT.list.params, request('?events=login.failure&account=&events=login.throttled'));
    expect(url.givenAll('events')).toEqual(['login.failure', 'login.throttled']);
    expect(urlState(ADMIN_AUDIT.list.params, request('')).givenAll('events')).toEqual([]);
  });

  test('a key the page names otherwise than the API is read under its page name', () => {
    const url = urlState(z.object({ id: intText() }), request('?deliveries=7&id=9'));
    expect(url.value('id', { from: 'deliveries', fallback: null })).toBe(7);
    expect(url.given('id', 'deliveries')).toBe('7');
  });

  test('a name the schema does not have is a mistake in the page, not a value', () => {
    const url = urlState(z.object({ size: intText() }), request('?page=2'));
    expect(() => (url as unknown as { given: (name: string) => unknown }).given('page')).toThrow('url-state: no field page');
  });

  test('the query of a request is a copy: a page may change it to write an address', () => {
    const incoming = request('?openId=o&time=2026-10');
    const next = urlParams(incoming);
    next.delete('openId');
    expect(next.toString()).toBe('time=2026-10');
    expect(urlParams(incoming).get('openId')).toBe('o');
  });
});

import { isAbortError } from './aborted-loads';

describe('isAbortError', () => {
  test('an aborted request, of this realm or another, is one; nothing else is', () => {
    expect(isAbortError(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(true);
    expect(isAbortError({ name: 'AbortError', message: 'from another realm' })).toBe(true);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError(new DOMException('x', 'TimeoutError'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

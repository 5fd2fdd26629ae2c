import { loadConfig } from '../config/config';
import { AnswerCache, type KeptAnswer } from './answer-cache';
import type { DataChanges } from './data-changes';
import { fakeListener } from '../database/fake-listener';

const json = (bytes: number): KeptAnswer => ({ kind: 'json', value: { bytes }, bytes });

function cacheOf(megabytes: number) {
  const changes = fakeListener();
  const cache = new AnswerCache(loadConfig({ ANSWER_CACHE_MB: String(megabytes) }), changes as unknown as DataChanges);
  return { cache, changes };
}

describe('AnswerCache', () => {
  test('keeps answers up to its size, dropping the least recently used first', () => {
    const { cache } = cacheOf(1);
    const eighth = 2 ** 20 / 8;
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.keep(key, 0, json(eighth));
    expect(cache.size).toEqual({ answers: 8, bytes: 2 ** 20 });
    expect(cache.get('a')).toBeDefined();
    cache.keep('i', 0, json(eighth));
    // b was the least recently used once a was read.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toEqual({ answers: 8, bytes: 2 ** 20 });
  });

  test('an answer over an eighth of the cache is not kept; one kept again replaces the first', () => {
    const { cache } = cacheOf(1);
    cache.keep('big', 0, json(2 ** 20 / 8 + 1));
    expect(cache.get('big')).toBeUndefined();
    cache.keep('k', 0, json(100));
    cache.keep('k', 0, json(300));
    expect(cache.size).toEqual({ answers: 1, bytes: 300 });
  });

  test('a data change empties it, and an answer computed before the change is not kept after it', () => {
    const { cache, changes } = cacheOf(1);
    cache.keep('a', 0, json(10));
    const started = cache.generation;
    changes.change();
    expect(cache.get('a')).toBeUndefined();
    cache.keep('b', started, json(10));
    expect(cache.get('b')).toBeUndefined();
    cache.keep('b', cache.generation, json(10));
    expect(cache.get('b')).toBeDefined();
  });

  test('serves and keeps nothing while the listener is down, or when its size is 0', () => {
    const { cache, changes } = cacheOf(1);
    cache.keep('a', 0, json(10));
    changes.listening = false;
    expect(cache.open).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.keep('b', 0, json(10));
    changes.listening = true;
    expect(cache.get('b')).toBeUndefined();
    const off = cacheOf(0).cache;
    off.keep('a', 0, json(10));
    expect([off.open, off.get('a')]).toEqual([false, undefined]);
  });

  test('is on by default outside the tests, off by default in them', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).answerCacheBytes).toBe(64 * 2 ** 20);
    expect(loadConfig({ NODE_ENV: 'test' }).answerCacheBytes).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', ANSWER_CACHE_MB: '8' }).answerCacheBytes).toBe(8 * 2 ** 20);
    expect(() => loadConfig({ ANSWER_CACHE_MB: '-1' })).toThrow(/ANSWER_CACHE_MB/);
  });
});

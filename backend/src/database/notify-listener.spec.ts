import { fakeListener } from './fake-listener';
import type { DataSource } from 'typeorm';
import { KeptUntilChange, NotifyListener } from './notify-listener';

function keptOf(limit = 10) {
  const first = fakeListener();
  const second = fakeListener();
  const kept = new KeptUntilChange<string | null>([first, second] as unknown as NotifyListener[], limit);
  let loads = 0;
  const load = (value: string | null) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return { kept, first, second, load, loads: () => loads };
}

describe('KeptUntilChange', () => {
  test('loads a key once and keeps it, null included, until either listener hears a change', async () => {
    const { kept, first, second, load, loads } = keptOf();
    await expect(kept.get('a', load('A'))).resolves.toBe('A');
    await expect(kept.get('a', load('other'))).resolves.toBe('A');
    await expect(kept.get('none', load(null))).resolves.toBeNull();
    await expect(kept.get('none', load('other'))).resolves.toBeNull();
    expect(loads()).toBe(2);
    first.change();
    await expect(kept.get('a', load('A2'))).resolves.toBe('A2');
    second.change();
    await expect(kept.get('a', load('A3'))).resolves.toBe('A3');
    expect(loads()).toBe(4);
  });

  test('returns but does not keep a value loaded while a change arrived', async () => {
    const { kept, first, load } = keptOf();
    const during = kept.get('a', () => {
      first.change();
      return Promise.resolve('read before the change');
    });
    await expect(during).resolves.toBe('read before the change');
    expect(kept.size).toBe(0);
    await expect(kept.get('a', load('after'))).resolves.toBe('after');
  });

  test('keeps nothing and loads every time while a listener is down', async () => {
    const { kept, second, load, loads } = keptOf();
    second.listening = false;
    await kept.get('a', load('A'));
    await kept.get('a', load('A'));
    expect(loads()).toBe(2);
    expect(kept.size).toBe(0);
  });

  test('holds at most its limit, the oldest key going first', async () => {
    const { kept, load, loads } = keptOf(2);
    await kept.get('a', load('A'));
    await kept.get('b', load('B'));
    await kept.get('c', load('C'));
    expect(kept.size).toBe(2);
    await kept.get('b', load('B'));
    expect(loads()).toBe(3);
    await kept.get('a', load('A'));
    expect(loads()).toBe(4);
  });
});

describe('NotifyListener', () => {
  /** A listener never started: no connection, as in a process that only writes. */
  class Unstarted extends NotifyListener {
    constructor() {
      super({ options: {} } as DataSource, 'car_test_channel', 'car-test-listen');
    }
  }

  test('a change made here moves the generation and tells every listener at once, without a connection', () => {
    const here = new Unstarted();
    const heard: string[] = [];
    here.onChange(() => heard.push('first'));
    here.onChange(() => heard.push('second'));
    here.changedHere();
    expect(here.generation).toBe(1);
    expect(heard).toEqual(['first', 'second']);
    expect(here.listening).toBe(false);
  });
});

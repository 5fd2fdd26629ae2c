/**
 * A stand-in for a `NotifyListener` in unit tests: a generation, a listening flag and the change callbacks,
 * with `change()` to play a heard NOTIFY.
 */
export function fakeListener() {
  const listeners = new Set<() => void>();
  const listener = {
    generation: 0,
    listening: true,
    onChange: (callback: () => void) => void listeners.add(callback),
    change(): void {
      listener.generation++;
      for (const callback of listeners) callback();
    },
  };
  return listener;
}

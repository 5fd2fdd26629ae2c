/**
 * Reads until `done` says yes or `ms` have passed, answering the last value read: a test that waits for something
 * another process or the browser finishes a moment later (a NOTIFY heard, a job closed, a table drawn) asserts on the
 * answer, so a value that never comes still fails it, with what was last seen.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, every = 100): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, every));
    value = await read();
  }
  return value;
}

/** A value's JSON with each object's keys in order, so two values jest's toEqual calls equal compare equal here. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** `pollUntil` for a value compared whole with what the test expects (for at most 10 s unless told). */
export function pollUntilEqual<T>(read: () => Promise<T>, expected: T, ms = 10_000): Promise<T> {
  const wanted = canonical(expected);
  return pollUntil(read, (value) => canonical(value) === wanted, ms);
}

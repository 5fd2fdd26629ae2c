/**
 * fetch for the tests' own calls to the test server. Node's fetch keeps connections alive across test
 * files of one jest process; when a long synchronous spec (the generator's) blocks the event loop past
 * the server's keep-alive timeout, the pooled connection is closed under it and the next call fails with
 * "other side closed" before any byte of an answer. Such a call never reached the app, so sending it once
 * more on a new connection is safe, as a browser does.
 */
export async function testFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!closedBeforeAnswer(error)) throw error;
    return fetch(url, init);
  }
}

function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code === 'UND_ERR_SOCKET' || /other side closed/.test(cause?.message ?? '');
}

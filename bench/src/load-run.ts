import autocannon from 'autocannon';
import { ms } from './stats';

export interface LoadRunResult {
  connections: number;
  seconds: number;
  calls: number;
  requests: number;
  perSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers that were HTTP 200 but not code 1. */
  mismatches: number;
}

/** The calls of a run that did not succeed: transport errors, timeouts, non-2xx and answers not code 1. */
export function failuresOf(result: LoadRunResult): number {
  return result.errors + result.timeouts + result.non2xx + result.mismatches;
}

/** A run in one line of the benchmark's log. */
export function loadSummary(result: LoadRunResult): string {
  return `p50 ${ms(result.p50)} p99 ${ms(result.p99)} max ${ms(result.max)} ms, ${result.requests} calls, ${failuresOf(result)} failures`;
}

/**
 * `connections` users each walk the mix of calls in turn, over loopback, for `seconds`, each call with
 * `headers` (the web token, and the mp session the mini-program's calls read instead). An answer
 * counts as a success only when it is HTTP 2xx with code 1 in the envelope.
 */
export async function loadRun(base: string, headers: Record<string, string>, calls: string[], connections: number, seconds: number): Promise<LoadRunResult> {
  const url = new URL(base);
  // autocannon writes the path as given: non-ASCII search keys must be percent-encoded first.
  const requests = calls.map((call) => ({ method: 'GET', path: encodeURI(`${url.pathname}/${call}`) }));
  let users = 0;
  const result = await autocannon({
    url: url.origin,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    requests,
    // Each user starts at its own place in the mix, as people on different pages would, rather than
    // all fifty asking for the same call at the same moment.
    setupClient: (client) => {
      const start = Math.floor((users++ * requests.length) / connections) % requests.length;
      client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
    },
    // An answer in the envelope with code 1, or a workbook (a zip: 'PK').
    verifyBody: (body) => body.startsWith('{"code":1,') || body.startsWith('PK'),
  });
  return {
    connections,
    seconds,
    calls: calls.length,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
  };
}

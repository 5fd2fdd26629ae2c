import { MAX_VIEWS_PER_USER } from '@car/contracts';
import { ApiClient } from './api-client';
import { BUDGET_MS, type TimedCall } from './budget';
import { ms, spread, type Spread } from './stats';

/**
 * 我的视图's speed target (issue 30 §1): saving, listing and opening views ≤ 20 ms p95. As the demo analyst on the
 * running app: `saves` views saved one after another (each a POST views/save: the owner's lock, the count, the
 * insert, the audit row), then views/list called `lists` times with them all in place, each view opened
 * (views/open), then every one deleted again, so the database is left as it was. Any database will do: the calls read
 * no market data.
 */
export interface ViewsBench {
  /** Each timed call's milliseconds. */
  samples: { save: number[]; list: number[]; open: number[] };
  /** How many views the list held. */
  listed: number;
  /** security/me over the same time: what any signed-in call costs on this machine (the session check), for scale. */
  me: Spread;
}

/** A JSON answer's budget (budget.ts). */
export const VIEWS_TARGET_MS = BUDGET_MS.json;

async function timedPost(client: ApiClient, path: string, body: object): Promise<{ ms: number; result: { id: number } }> {
  const started = performance.now();
  const response = await fetch(client.url(path, ''), {
    method: 'POST',
    headers: { ...client.headers(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; result: { id: number } };
  const took = performance.now() - started;
  if (answer.code !== 1) throw new Error(`POST ${path} → ${answer.code} ${answer.msg}`);
  return { ms: took, result: answer.result };
}

export async function benchViews(base: string, options: { saves?: number; lists?: number; log: (line: string) => void }): Promise<ViewsBench> {
  const client = await ApiClient.signIn(base);
  const saves = Math.min(options.saves ?? 40, MAX_VIEWS_PER_USER);
  const stamp = Date.now().toString(36);
  const saved: number[] = [];
  const saveTimes: number[] = [];
  const listTimes: number[] = [];
  const openTimes: number[] = [];
  const meTimes: number[] = [];
  try {
    // A first call of each warms the app's connections; it is not counted.
    await client.timedGet('views/list', '');
    for (let i = 0; i < saves; i++) {
      const { ms: took, result } = await timedPost(client, 'views/save', {
        name: `bench-${stamp}-${i}`,
        path: '/salevolume/wholemarket',
        query: `?time=2026-0${(i % 9) + 1}&dimension=${(i % 6) + 1}&fuels=4,5,6`,
      });
      saved.push(result.id);
      saveTimes.push(took);
    }
    for (let i = 0; i < (options.lists ?? 100); i++) {
      listTimes.push((await client.timedGet('views/list', '')).ms);
      meTimes.push((await client.timedGet('security/me', '')).ms);
    }
    for (const id of saved) openTimes.push((await client.timedGet('views/open', `id=${id}`)).ms);
  } finally {
    for (const id of saved) await timedPost(client, 'views/delete', { id }).catch((error: unknown) => options.log(`[bench] views: ${String(error)}`));
  }
  return { samples: { save: saveTimes.slice(1), list: listTimes, open: openTimes }, listed: saved.length, me: spread(meTimes) };
}

export function renderViewsBench(bench: ViewsBench, startedAt: Date): string {
  const verdict = (s: Spread) => (s.p95 <= VIEWS_TARGET_MS ? 'met' : 'MISSED');
  const row = (name: string, s: Spread, met: string) => `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${met} |`;
  return [
    '',
    `## 我的视图: save, list and open (${startedAt.toISOString()})`,
    '',
    `Target: p95 ≤ ${VIEWS_TARGET_MS} ms each (issue 30 §1). The demo analyst, one call at a time; the list holds ${bench.listed} views.`,
    '',
    '| call | n | p50 ms | p95 ms | max ms | target |',
    '|---|---|---|---|---|---|',
    ...viewsCalls(bench).map((call) => row(call.name, spread(call.samples), verdict(spread(call.samples)))),
    row('GET security/me (for scale)', bench.me, ''),
    '',
  ].join('\n');
}

/** The timed calls of a views bench, for the budget check (budget.ts). */
export function viewsCalls(bench: ViewsBench): TimedCall[] {
  return [
    { name: 'POST views/save', budgetMs: VIEWS_TARGET_MS, samples: bench.samples.save },
    { name: 'GET views/list', budgetMs: VIEWS_TARGET_MS, samples: bench.samples.list },
    { name: 'GET views/open', budgetMs: VIEWS_TARGET_MS, samples: bench.samples.open },
  ];
}

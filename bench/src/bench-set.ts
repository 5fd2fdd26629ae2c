import type { CompetitorSet, CompetitorSetList, Suggestions } from '@car/contracts';
import type { ApiClient } from './api-client';
import { BENCH_SET, type BenchEndpoint } from './bench-cases';

/** The name the bench's 竞品组 is kept under: made once, found again by the next run. */
export const BENCH_SET_NAME = '基准测试竞品组';

/**
 * The bench user's 竞品组 for 竞品监控 (competitorSets/monitor): the first suggested set (a best seller of the user's
 * producer and its five largest rivals), saved through the API under BENCH_SET_NAME, or the one a run before saved.
 */
export async function benchCompetitorSet(client: ApiClient): Promise<number> {
  const { mine } = await client.result<CompetitorSetList>('competitorSets/list');
  const kept = mine.find((s) => s.name === BENCH_SET_NAME);
  if (kept) return kept.id;
  const [first] = (await client.result<Suggestions>('competitorSets/suggestions')).sets;
  if (!first) throw new Error('no suggested competitor set for the bench user: does it have a producer, and the database retail data?');
  const saved = await client.result<CompetitorSet>('competitorSets/save', { name: BENCH_SET_NAME, own: [first.own.id], rivals: first.rivals.map((r) => r.id) });
  return saved.id;
}

/** Whether a case reads the bench's 竞品组. */
export const readsBenchSet = (endpoint: BenchEndpoint): boolean => endpoint.variants.some((v) => v.includes(BENCH_SET));

/** The case with BENCH_SET written as the set's id. */
export function withBenchSet(endpoint: BenchEndpoint, id: number): BenchEndpoint {
  return { ...endpoint, variants: endpoint.variants.map((v) => v.replaceAll(BENCH_SET, String(id))) };
}

/**
 * The V8 flags the job worker runs with (decision 126): an old generation capped at 256 MB, so V8
 * collects instead of growing while an export or import makes garbage faster than it would otherwise collect
 * it, and a young generation of 8 MB semi-spaces, large enough that a batch of rows dies young instead of being
 * promoted into the capped old generation (2 MB ones, decision 97, cost the capped import a third more CPU). `npm run worker` and
 * docker-compose.yml name the same flags (a unit test holds them equal); the benchmarks start their worker
 * processes with these.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--max-old-space-size=256'];

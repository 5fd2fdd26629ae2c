/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
  }
  interface Client {
    setRequests(requests: Request[]): void;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    verifyBody?: (body: string) => boolean;
    setupClient?: (client: Client) => void;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}

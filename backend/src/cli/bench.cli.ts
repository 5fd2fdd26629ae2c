import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '../config/config';
import { openDataSource } from '../database/data-source';
import { resolveDatabase } from '../database/resolve-database';

/**
 * `npm run bench`: times the market's core aggregates on the raw facts of the current database
 * (seed it first: `npm run seed -- --scale large`) and writes bench/RESULTS.md. Medians and
 * percentiles over repeated runs, because this machine is shared and noisy.
 */
const QUERIES: Array<{ name: string; sql: string }> = [
  { name: 'annual retail, 2019-2026', sql: 'SELECT month / 100 AS year, sum(qty) FROM retail_fact GROUP BY 1' },
  {
    name: 'one month by segment with yoy',
    sql: `SELECT c.segment_id, sum(f.qty) FILTER (WHERE f.month = 202610), sum(f.qty) FILTER (WHERE f.month = 202510)
            FROM retail_fact f JOIN car c ON c.id = f.car_id WHERE f.month IN (202610, 202510) GROUP BY 1`,
  },
  {
    name: 'producer ranking, Jan-Oct 2026',
    sql: `SELECT c.producer_id, sum(f.qty) FROM retail_fact f JOIN car c ON c.id = f.car_id
           WHERE f.month BETWEEN 202601 AND 202610 GROUP BY 1 ORDER BY 2 DESC LIMIT 50`,
  },
  {
    name: 'province totals, one month',
    sql: `SELECT ci.province_id, sum(f.qty) FROM retail_fact f JOIN city ci ON ci.id = f.city_id WHERE f.month = 202610 GROUP BY 1`,
  },
  {
    name: 'NEV share by month',
    sql: `SELECT f.month, sum(f.qty) FILTER (WHERE c.fuel IN (4, 5, 6))::float / sum(f.qty) FROM retail_fact f JOIN car c ON c.id = f.car_id GROUP BY 1`,
  },
  {
    name: 'weighted TP and discount by segment, one month',
    sql: `SELECT c.segment_id, sum(p.tp::numeric * p.qty) / sum(p.qty), 1 - sum(p.tp::numeric * p.qty) / sum(m.msrp::numeric * p.qty)
            FROM price_fact p JOIN car c ON c.id = p.car_id JOIN msrp_month m ON m.month = p.month AND m.car_id = p.car_id
           WHERE p.month = 202610 GROUP BY 1`,
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
  const config = loadConfig();
  const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const ds = await openDataSource(database.url, 'car-bench');
  try {
    const [facts] = await ds.query(
      `SELECT (SELECT count(*) FROM retail_fact)::bigint AS retail, (SELECT count(*) FROM price_fact)::bigint AS price,
              pg_size_pretty(pg_total_relation_size('retail_fact')) AS retail_size`,
    );
    if (Number(facts.retail) === 0) throw new Error('no retail facts: run `npm run seed -- --scale large` first');
    const lines = [
      '# Benchmark: core aggregates on the raw facts',
      '',
      `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}, ${runs} runs each after one warm-up.`,
      `Retail rows: ${Number(facts.retail).toLocaleString('en-US')} (${facts.retail_size}); price rows: ${Number(facts.price).toLocaleString('en-US')}.`,
      '',
      '| query | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|',
    ];
    for (const query of QUERIES) {
      await ds.query(query.sql);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await ds.query(query.sql);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const row = `| ${query.name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`;
      lines.push(row);
      process.stdout.write(`${row}\n`);
    }
    lines.push('', 'These are the raw-fact baselines the rollups of the query layer are measured against.', '');
    const out = path.join(config.projectRoot, 'bench', 'RESULTS.md');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, lines.join('\n'));
    process.stdout.write(`written ${out}\n`);
  } finally {
    await ds.destroy();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

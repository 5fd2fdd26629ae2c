import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AlertEvaluator } from '@car/backend/dist/alerts/alert-evaluator';
import { loadConfig } from '@car/backend/dist/config/config';
import { CoreModule } from '@car/backend/dist/core.module';
import { openDataSource } from '@car/backend/dist/database/data-source';

/**
 * The subscriptions' evaluation case (issue 30 §2: every subscription of 1,000 users after a publish ≤ 30 s):
 *   npm run build && npm run build:bench && node bench/dist/alerts-bench.cli.js [--users N] [--per-user N] [--varied]
 * on DATABASE_URL (a database of your own: the case adds N bench analysts, each with `per-user` subscriptions —
 * new month, 份额 and 份额变化 of brands nationally and in provinces, 销量 of sub-series, 同比 of producers, 成交价 and 优惠率
 * of brands on a price view — marks them evaluated at the month before the latest, times one evaluation through the
 * job's own service (CoreModule, jobs in-process), and deletes its users with their subscriptions and notifications).
 */
const log = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const users = arg('users', 1000);
  const perUser = arg('per-user', 5);
  const varied = argv.includes('--varied');
  const config = loadConfig();
  const url = config.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const ds = await openDataSource(url, 'car-bench-alerts');
  const prefix = `bench_alerts_${process.pid}_`;
  try {
    await ds.runMigrations({ transaction: 'each' });
    const brands = (await ds.query<Array<{ id: number }>>(`SELECT id FROM brand ORDER BY id`)).map((r) => r.id);
    const producers = (await ds.query<Array<{ id: number }>>(`SELECT id FROM producer ORDER BY id`)).map((r) => r.id);
    const subSeries = (await ds.query<Array<{ id: number }>>(`SELECT id FROM sub_series ORDER BY id LIMIT 400`)).map((r) => r.id);
    const provinces = (await ds.query<Array<{ id: number }>>(`SELECT id FROM province ORDER BY id`)).map((r) => r.id);
    const segments = (await ds.query<Array<{ id: number }>>(`SELECT id FROM segment ORDER BY id`)).map((r) => r.id);
    await ds.query(
      `INSERT INTO app_user (account, password_hash, nickname, role_id)
       SELECT $1 || n, 'bench-no-login', '提醒基准', (SELECT id FROM role WHERE code = 'analyst') FROM generate_series(1, $2) n`,
      [prefix, users],
    );
    const ids = (await ds.query<Array<{ id: number }>>(`SELECT id FROM app_user WHERE account LIKE $1 || '%' ORDER BY id`, [prefix])).map((r) => r.id);
    const rows: unknown[][] = [];
    ids.forEach((userId, u) => {
      for (let k = 0; k < perUser; k++) {
        const pick = <T>(list: readonly T[]): T => list[(u * 7 + k * 13) % list.length];
        const province = pick(provinces);
        // --varied: each user's sales views carry filters of their own (segment, producer property, fuels), so the
        // groups are many (one query each) rather than the 33 of the shared views.
        const own = varied
          ? {
              ...(u % 5 > 0 ? { segmentIds: [segments[u % segments.length]] } : {}),
              ...(Math.floor(u / 5) % 4 > 0 ? { producerProperties: [Math.floor(u / 5) % 4] } : {}),
              ...(Math.floor(u / 20) % 2 > 0 ? { fuels: [4, 5, 6] } : {}),
            }
          : {};
        const shapes: unknown[][] = [
          ['newMonth', '/salevolume/wholemarket', 'source=2', 'retail', {}, null, null, null, null, null],
          ['condition', '/salevolume/wholemarket', 'source=2', 'retail', own, 'share', 'above', 1, 'brand', pick(brands)],
          [
            'condition',
            '/salevolume/areamarket',
            `area=${province}&level=2`,
            'retail',
            { provinceIds: [province], ...own },
            'shareChange',
            'below',
            -1,
            'brand',
            pick(brands),
          ],
          ['condition', '/salevolume/wholemarket', 'source=2', 'retail', own, 'sales', 'movedBy', 10, 'subSeries', pick(subSeries)],
          ['condition', '/salevolume/wholemarket', 'source=1', 'wholesale', own, 'yoy', 'below', 0, 'producer', pick(producers)],
          ['condition', '/price/marketpricetendency', '', 'price', {}, 'tp', 'movedBy', 1, 'brand', pick(brands)],
          ['condition', '/price/marketpricetendency', '', 'price', {}, 'discountRate', 'above', 10, 'brand', pick(brands)],
        ];
        rows.push([userId, ...shapes[(u + k) % shapes.length]]);
      }
    });
    for (let start = 0; start < rows.length; start += 1000) {
      const batch = rows.slice(start, start + 1000);
      const column = (i: number) => batch.map((r) => r[i]);
      await ds.query(
        `INSERT INTO alert_subscription (user_id, name, kind, view_path, view_search, source, filters, measure, comparison, threshold, row_kind, row_id)
         SELECT u, '基准订阅', k, p, s, src, f::jsonb, m, c, t, rk, ri
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::text[], $11::int[])
           AS x(u, k, p, s, src, f, m, c, t, rk, ri)`,
        [column(0), column(1), column(2), column(3), column(4), batch.map((r) => JSON.stringify(r[5])), column(6), column(7), column(8), column(9), column(10)],
      );
    }
    await ds.query(
      `UPDATE alert_subscription s SET last_month = (SELECT max(month) FROM data_month WHERE month < (SELECT max(month) FROM data_month WHERE has_retail))
       FROM app_user u WHERE u.id = s.user_id AND u.account LIKE $1 || '%'`,
      [prefix],
    );
    log(`${users} users × ${perUser} subscriptions = ${rows.length}; evaluating`);
    const context = await NestFactory.createApplicationContext(CoreModule.forRoot({ config, databaseUrl: url }, 'car-bench-alerts'), { logger: ['error'] });
    try {
      const started = performance.now();
      const summary = await context.get(AlertEvaluator, { strict: false }).evaluate();
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`${JSON.stringify({ users, subscriptions: rows.length, seconds: Math.round(seconds * 100) / 100, ...summary })}\n`);
    } finally {
      await context.close();
    }
  } finally {
    await ds.query(`DELETE FROM app_user WHERE account LIKE $1 || '%'`, [prefix]).catch(() => undefined);
    await ds.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

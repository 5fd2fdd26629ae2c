import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { formatMonth, type Nationwide, percentNumber, sharePercentText, wholeYuan, yuanText } from '@car/contracts';
import { AnalyticsService } from '../../backend/src/analytics/analytics.service';
import type { Filters } from '../../backend/src/analytics/model';
import { signedInApp } from '../support/api-app';
import { testEnv } from '../support/test-env';

/*
 * 区域表现's highest discount on the demo data, read from one question (each trim's figures by province) where it
 * was read from two: the trim's MSRP and lowest city TP from a by-trim question, the province from a by-trim-and-
 * province one. The figures are worked out here the old way, from the by-trim question, for the sub-series with the
 * most priced trims and for one of their trims, and must equal the API's answer field for field.
 */
describe('区域表现 (price/cabmodelpricetrace/nationwide) on the demo data', () => {
  const env = testEnv();
  let app: NestExpressApplication;
  let token: string;
  let db: Client;

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.214' }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  async function nationwide(query: Record<string, string | number>): Promise<Nationwide> {
    const response = await request(app.getHttpServer()).get('/car/api/price/cabmodelpricetrace/nationwide').query(query).set('token', token);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: 1 });
    return response.body.result as Nationwide;
  }

  /** The highest discount the old way: each trim's MSRP and lowest TP by trim, its province from the by-province rows. */
  async function highestDiscount(
    filters: Filters,
    month: number,
  ): Promise<Pick<Nationwide, 'highDiscount' | 'highDiscountStr' | 'highDiscountRate' | 'highDiscountRateStr' | 'highDiscountProvince'>> {
    const analytics = app.get(AnalyticsService);
    const [trims, places] = await Promise.all([
      analytics.query({
        source: 'price',
        dimensions: ['car'],
        filters,
        month,
        measures: [
          { measure: 'msrp', as: 'msrp' },
          { measure: 'qty', as: 'qty' },
          { measure: 'tpLow', as: 'low' },
        ],
        keepWhenAny: ['qty'],
      }),
      analytics.query({
        source: 'price',
        dimensions: ['car', 'province'],
        filters,
        month,
        measures: [
          { measure: 'qty', as: 'qty' },
          { measure: 'tpLow', as: 'low' },
        ],
        keepWhenAny: ['qty'],
      }),
    ]);
    const byProvince = places
      .map((r) => ({ car: r.key.car, province: r.key.province ?? 0, name: r.name.province ?? null, low: wholeYuan(r.values.low) }))
      .sort((a, b) => (a.low ?? 0) - (b.low ?? 0) || a.province - b.province);
    let high: { discount: number; msrp: number; province: string | null } | null = null;
    for (const t of [...trims].sort((a, b) => (a.key.car ?? 0) - (b.key.car ?? 0))) {
      const msrp = wholeYuan(t.values.msrp);
      const low = wholeYuan(t.values.low);
      if (msrp === null || low === null) continue;
      if (!high || msrp - low > high.discount) {
        high = { discount: msrp - low, msrp, province: byProvince.find((r) => r.car === t.key.car && r.low === low)?.name ?? null };
      }
    }
    const rate = high && high.msrp > 0 ? percentNumber(high.discount / high.msrp) : null;
    return {
      highDiscount: high?.discount ?? null,
      highDiscountStr: yuanText(high?.discount),
      highDiscountRate: rate,
      highDiscountRateStr: sharePercentText(rate),
      highDiscountProvince: high?.province ?? null,
    };
  }

  test('the highest discount, its rate and its province equal the by-trim figures for the sub-series with the most priced trims and a trim of each', async () => {
    const month = (await db.query<{ month: number }>('SELECT max(month) AS month FROM price_fact')).rows[0].month;
    const subjects = (
      await db.query<{ sub: number; car: number; trims: number }>(
        `SELECT c.sub_series_id AS sub, min(c.id) AS car, count(DISTINCT c.id)::int AS trims FROM price_fact f JOIN car c ON c.id = f.car_id
         WHERE f.month = $1 GROUP BY c.sub_series_id ORDER BY count(DISTINCT c.id) DESC, c.sub_series_id LIMIT 12`,
        [month],
      )
    ).rows;
    expect(subjects.length).toBeGreaterThan(5);
    expect(subjects[0].trims).toBeGreaterThan(3);
    let discounts = 0;
    for (const { sub, car } of subjects) {
      const subject: Array<{ filters: Filters; params: Record<string, string | number> }> = [
        { filters: { subSeriesIds: [sub] }, params: { time: formatMonth(month), modelSubId: sub } },
        { filters: { subSeriesIds: [sub], carIds: [car] }, params: { time: formatMonth(month), modelSubId: sub, carId: car } },
      ];
      for (const query of subject) {
        const [answer, expected] = await Promise.all([nationwide(query.params), highestDiscount(query.filters, month)]);
        expect({ subject: query.params, ...answer }).toEqual({ subject: query.params, ...answer, ...expected });
        if (answer.highDiscount !== null) discounts += 1;
      }
    }
    expect(discounts).toBeGreaterThan(10);
  });
});

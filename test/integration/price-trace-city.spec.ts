import { Client } from 'pg';
import { type ChartResult, type PriceTraceWhole } from '@car/contracts';
import { signedInApi } from '../support/signed-in-api';
import { testEnv } from '../support/test-env';

/**
 * The price trace form's city (spec 001 §3 cabmodelpricetraceForm: date, discount, dataType, city): the
 * cards and the chart weigh TP and MSRP over that city's sales only; every figure against SQL over the
 * price facts.
 */
const API = '/car/api/price/cabmodelpricetrace';
const GUANGZHOU = 440100;

describe('the price trace in one city', () => {
  const env = testEnv();
  const { get, result } = signedInApi({ address: `10.82.${process.pid % 250}.1`, base: API });
  let db: Client;
  let month: number;
  let own: number;
  let other: number;

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    month = Number((await db.query(`SELECT max(month) AS m FROM price_fact`)).rows[0].m);
    // The two sub-series sold most in Guangzhou that month.
    const { rows } = await db.query(
      `SELECT c.sub_series_id AS id FROM price_fact f JOIN car c ON c.id = f.car_id WHERE f.month = $1 AND f.city_id = $2 GROUP BY 1 ORDER BY sum(f.qty) DESC, 1 LIMIT 2`,
      [month, GUANGZHOU],
    );
    [own, other] = (rows as Array<{ id: number }>).map((r) => r.id);
  });

  afterAll(async () => {
    await db?.end();
  });

  /** Weighted MSRP and TP (whole yuan) of a sub-series in a month, in one city or (null) nationally. */
  async function prices(subSeriesId: number, m: number, city: number | null): Promise<{ msrp: number; tp: number }> {
    const { rows } = await db.query(
      `SELECT round(sum(mm.msrp::numeric * f.qty) / sum(f.qty))::int AS msrp, round(sum(f.tp::numeric * f.qty) / sum(f.qty))::int AS tp
         FROM price_fact f JOIN msrp_month mm ON mm.month = f.month AND mm.car_id = f.car_id JOIN car c ON c.id = f.car_id
        WHERE f.month = $1 AND c.sub_series_id = $2 AND ($3::int IS NULL OR f.city_id = $3)`,
      [m, subSeriesId, city],
    );
    return rows[0] as { msrp: number; tp: number };
  }

  const time = () => `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;

  test("the cards are the sub-series' TP and MSRP weighted over the city's sales", async () => {
    const expected = await prices(own, month, GUANGZHOU);
    const national = await prices(own, month, null);
    expect(expected.tp).not.toBe(national.tp);
    const whole = await result<PriceTraceWhole>('whole', { modelSubId: String(own), time: time(), city: String(GUANGZHOU) });
    expect({ msrp: whole.msrp, tp: whole.tp, discount: whole.discount }).toEqual({
      msrp: expected.msrp,
      tp: expected.tp,
      discount: expected.msrp - expected.tp,
    });
    const nation = await result<PriceTraceWhole>('whole', { modelSubId: String(own), time: time() });
    expect(nation.tp).toBe(national.tp);
  });

  test("the chart's TP line and each comparison's, and their discount lines, are the city's", async () => {
    const query = { modelSubId: String(own), time: time(), city: String(GUANGZHOU), modelSubIds: String(other) };
    const tp = await result<ChartResult>('highCharts', query);
    const last = tp.xAxis[0].categories.length - 1;
    const [mine, theirs] = [await prices(own, month, GUANGZHOU), await prices(other, month, GUANGZHOU)];
    expect(tp.series.map((s) => s.data[last])).toEqual([mine.tp, theirs.tp]);
    const discount = await result<ChartResult>('highCharts', { ...query, measure: '0' });
    expect(discount.series.map((s) => s.data[last])).toEqual([mine.msrp - mine.tp, theirs.msrp - theirs.tp]);
  });

  test('a city that does not exist is refused with a Chinese message', async () => {
    const response = await get('whole', { modelSubId: String(own), city: '999999' });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
    expect(response.body.msg).toMatch(/city/);
    expect((await get('whole', { modelSubId: String(own), city: 'abc' })).status).toBe(400);
  });
});

import { Client } from 'pg';
import request from 'supertest';
import {
  API_PREFIX,
  COMPETITOR_SET_MESSAGES,
  type CompetitorSet,
  type CompetitorSetList,
  MAX_COMPETITOR_SETS_PER_USER,
  parseMonth,
  SUGGESTION_RULE,
  type Suggestions,
} from '@car/contracts';
import { sharedApp, type SharedApp, signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * 竞品组 through the API (issue 49 §1, decision 296): save, list, edit, rename, delete; share read-only with the
 * owner's producer, where a colleague reads it and copies it and another producer's analyst never sees it; refusals
 * in Chinese change nothing; every write is in the audit trail. The suggested sets are worked again here from the
 * rollups by hand, on the demo data.
 */

const env = testEnv();
const PASSWORD = 'Sets@2026x';
const SETS = `${API_PREFIX}/competitorSets`;
const address = (n: number) => `10.88.${process.pid % 250}.${n}`;

describe('competitor sets', () => {
  let app: SharedApp;
  let db: Client;
  /** owner and colleague are analysts of 一汽-大众 (demo's producer); stranger belongs to another producer, loner to none. */
  const tokens: Record<'owner' | 'colleague' | 'stranger' | 'loner', string> = { owner: '', colleague: '', stranger: '', loner: '' };
  const ids: Record<string, number> = {};
  /** Sub-series of the demo catalogue: four of 一汽-大众's, then others. */
  let own: number[];
  let others: number[];

  const post = (who: keyof typeof tokens, path: string, body: object) =>
    request(app.getHttpServer()).post(`${SETS}/${path}`).set('token', tokens[who]).send(body);
  const get = (who: keyof typeof tokens, path: string) => request(app.getHttpServer()).get(`${SETS}/${path}`).set('token', tokens[who]);
  const ok = async <T>(call: request.Test): Promise<T> => {
    const response = await call;
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: '成功' });
    return response.body.result as T;
  };
  const refused = async (call: PromiseLike<request.Response>, status: number, msg: string) => {
    const response = await call;
    expect({ status: response.status, msg: response.body.msg }).toEqual({ status, msg });
  };
  const list = (who: keyof typeof tokens) => ok<CompetitorSetList>(get(who, 'list'));
  const stored = async () => (await db.query(`SELECT id, name, own_ids, rival_ids, share_producer_id FROM competitor_set ORDER BY id`)).rows;

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const [{ producerId }] = (await db.query(`SELECT producer_id AS "producerId" FROM app_user WHERE account = 'demo'`)).rows;
    const [{ otherProducer }] = (await db.query(`SELECT min(id) AS "otherProducer" FROM producer WHERE id <> $1`, [producerId])).rows;
    own = (await db.query(`SELECT id FROM sub_series WHERE producer_id = $1 ORDER BY id LIMIT 4`, [producerId])).rows.map((r) => r.id);
    others = (await db.query(`SELECT id FROM sub_series WHERE producer_id <> $1 ORDER BY id LIMIT 16`, [producerId])).rows.map((r) => r.id);
    const accounts = {
      owner: await createAnalyst('sets_owner', PASSWORD, '竞品组主人'),
      colleague: await createAnalyst('sets_colleague', PASSWORD, '同厂同事'),
      stranger: await createAnalyst('sets_stranger', PASSWORD, '外厂用户'),
      loner: await createAnalyst('sets_loner', PASSWORD, '无厂商'),
    };
    for (const [who, account] of Object.entries(accounts)) {
      const producer = who === 'owner' || who === 'colleague' ? producerId : who === 'stranger' ? otherProducer : null;
      const [{ id }] = (await db.query(`UPDATE app_user SET producer_id = $2 WHERE account = $1 RETURNING id`, [account, producer])).rows;
      ids[who] = id;
    }
    ({ app, token: tokens.owner } = await sharedApp({ address: address(1), account: accounts.owner, password: PASSWORD }));
    let n = 2;
    for (const who of ['colleague', 'stranger', 'loner'] as const) tokens[who] = await signIn(app, accounts[who], PASSWORD, address(n++));
  });

  afterAll(async () => {
    await db?.query(`DELETE FROM competitor_set WHERE owner_id = ANY($1::int[])`, [Object.values(ids)]);
    await db?.end();
    await app?.close();
  });

  let set: CompetitorSet;

  test('a set is saved with its members in the order given, listed as mine, and audited', async () => {
    set = await ok<CompetitorSet>(post('owner', 'save', { name: '  朗逸对标  ', own: [own[0], own[1]], rivals: [others[2], others[0], others[2]] }));
    expect(set).toMatchObject({ name: '朗逸对标', mine: true, sharedWithProducer: false, owner: { id: ids.owner, nickname: '竞品组主人' } });
    expect(set.own.map((m) => m.id)).toEqual([own[0], own[1]]);
    // A rival named twice is kept once, where it first came.
    expect(set.rivals.map((m) => m.id)).toEqual([others[2], others[0]]);
    expect(set.own[0].producerName).toBe('一汽-大众');
    const mine = await list('owner');
    expect(mine).toMatchObject({ shared: [], limit: MAX_COMPETITOR_SETS_PER_USER, producerName: '一汽-大众' });
    expect(mine.mine.map((s) => s.id)).toEqual([set.id]);
    const audit = await db.query(`SELECT event, detail FROM security_event WHERE user_id = $1 AND event LIKE 'competitorSet.%' ORDER BY id`, [ids.owner]);
    expect(audit.rows).toEqual([{ event: 'competitorSet.saved', detail: { setId: set.id, setName: '朗逸对标' } }]);
  });

  test('bad members and names are refused in Chinese and change nothing', async () => {
    const before = await stored();
    await refused(post('owner', 'save', { name: '空', own: [], rivals: [others[0]] }), 400, COMPETITOR_SET_MESSAGES.noOwn);
    await refused(post('owner', 'save', { name: '重叠', own: [own[0]], rivals: [own[0]] }), 400, COMPETITOR_SET_MESSAGES.overlap);
    await refused(post('owner', 'save', { name: '太多', own: [own[0]], rivals: others }), 400, COMPETITOR_SET_MESSAGES.tooManyRivals);
    await refused(post('owner', 'save', { name: '合计太多', own: own.slice(0, 2), rivals: others.slice(0, 15) }), 400, COMPETITOR_SET_MESSAGES.tooManyMembers);
    await refused(post('owner', 'save', { name: '不存在', own: [own[0]], rivals: [99_999_999] }), 400, COMPETITOR_SET_MESSAGES.unknownSubSeries([99_999_999]));
    await refused(post('owner', 'save', { name: '朗逸对标', own: [own[0]] }), 409, COMPETITOR_SET_MESSAGES.nameTaken);
    expect(await stored()).toEqual(before);
  });

  test('the owner edits the members and the name; nobody else can', async () => {
    set = await ok<CompetitorSet>(post('owner', 'update', { id: set.id, name: '朗逸对标（改）', own: [own[2]], rivals: [others[3]] }));
    expect([set.name, set.own.map((m) => m.id), set.rivals.map((m) => m.id)]).toEqual(['朗逸对标（改）', [own[2]], [others[3]]]);
    await refused(post('stranger', 'update', { id: set.id, name: '外厂改', own: [own[0]] }), 404, COMPETITOR_SET_MESSAGES.notFound);
    await refused(post('stranger', 'delete', { id: set.id }), 404, COMPETITOR_SET_MESSAGES.notFound);
  });

  test("shared with the owner's producer: a colleague reads it, cannot change it, and copies it; another producer never sees it", async () => {
    set = await ok<CompetitorSet>(post('owner', 'share', { id: set.id, producer: true }));
    expect(set).toMatchObject({ sharedWithProducer: true, sharedProducerName: '一汽-大众' });
    const theirs = await list('colleague');
    expect(theirs.shared.map((s) => [s.id, s.mine])).toEqual([[set.id, false]]);
    expect((await list('stranger')).shared).toEqual([]);
    await refused(post('colleague', 'update', { id: set.id, name: '同事改', own: [own[0]] }), 403, COMPETITOR_SET_MESSAGES.readOnly);
    await refused(post('colleague', 'share', { id: set.id, producer: false }), 403, COMPETITOR_SET_MESSAGES.readOnly);
    const copy = await ok<CompetitorSet>(post('colleague', 'copy', { id: set.id, name: '我的朗逸对标' }));
    expect([copy.mine, copy.owner.id, copy.own.map((m) => m.id), copy.rivals.map((m) => m.id)]).toEqual([true, ids.colleague, [own[2]], [others[3]]]);
    await refused(post('stranger', 'copy', { id: set.id, name: '偷' }), 404, COMPETITOR_SET_MESSAGES.notFound);
    // Without a producer there is no one to share with.
    const lonely = await ok<CompetitorSet>(post('loner', 'save', { name: '独自', own: [others[5]] }));
    await refused(post('loner', 'share', { id: lonely.id, producer: true }), 400, COMPETITOR_SET_MESSAGES.noProducer);
    // Unshared, the colleague no longer reads it; the copy stays theirs.
    await ok(post('owner', 'share', { id: set.id, producer: false }));
    expect((await list('colleague')).shared).toEqual([]);
    expect((await list('colleague')).mine.map((s) => s.name)).toEqual(['我的朗逸对标']);
  });

  test('deleted by its owner, it is gone', async () => {
    expect(await ok(post('owner', 'delete', { id: set.id }))).toEqual({ deleted: 1 });
    expect((await list('owner')).mine).toEqual([]);
    await refused(post('owner', 'delete', { id: set.id }), 404, COMPETITOR_SET_MESSAGES.notFound);
  });

  test("the suggested sets, worked again from the rollups: 一汽-大众's five best sellers, each with its five largest rivals of the same segment and body within ±20 % of its TP", async () => {
    const suggestions = await ok<Suggestions>(get('owner', 'suggestions'));
    const [from, to] = suggestions.months!.split('~').map(parseMonth);
    const figures = (
      await db.query(
        `WITH sold AS (SELECT sub_series_id AS id, sum(qty)::float8 AS qty FROM rollup_retail_sub_series WHERE month BETWEEN $1 AND $2 GROUP BY 1),
              priced AS (SELECT c.sub_series_id AS id, floor(sum(p.tp_amount)::float8 / sum(p.qty) + 0.5) AS tp
                         FROM rollup_price_car p JOIN car c ON c.id = p.car_id WHERE p.month BETWEEN $1 AND $2 GROUP BY 1 HAVING sum(p.qty) > 0)
         SELECT s.id, s.producer_id AS "producerId", s.segment_id AS "segmentId", s.body_type AS "bodyType", sold.qty, priced.tp
         FROM sold JOIN priced USING (id) JOIN sub_series s ON s.id = sold.id WHERE sold.qty > 0`,
        [from, to],
      )
    ).rows as Array<{ id: number; producerId: number; segmentId: number; bodyType: number; qty: number; tp: number }>;
    const [{ producerId }] = (await db.query(`SELECT producer_id AS "producerId" FROM app_user WHERE id = $1`, [ids.owner])).rows;
    const byVolume = (a: { qty: number; id: number }, b: { qty: number; id: number }) => b.qty - a.qty || a.id - b.id;
    const best = figures
      .filter((f) => f.producerId === producerId)
      .sort(byVolume)
      .slice(0, SUGGESTION_RULE.ownBestSellers);
    expect(best).toHaveLength(5);
    const expected = best.map((o) => ({
      own: [o.id, o.qty, o.tp],
      rivals: figures
        .filter((f) => f.producerId !== producerId && f.segmentId === o.segmentId && f.bodyType === o.bodyType && Math.abs(f.tp - o.tp) <= o.tp * 0.2)
        .sort(byVolume)
        .slice(0, 5)
        .map((f) => f.id),
    }));
    expect(suggestions.sets.map((s) => ({ own: [s.own.id, s.own.qty, s.own.tp], rivals: s.rivals.map((r) => r.id) }))).toEqual(expected);
    expect(suggestions.sets.some((s) => s.rivals.length === 5)).toBe(true);
    expect(suggestions.sets[0].name).toBe(`${suggestions.sets[0].own.name} 竞品`);
    // No producer, no suggestions.
    expect((await ok<Suggestions>(get('loner', 'suggestions'))).sets).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, ApiCode, type CompetitorSet, PPTX_MIME, type ReportItem, type ReportPage } from '@car/contracts';
import { CompetitorSetDecks } from '../../backend/src/competitorSets/competitor-set-decks.jobs';
import { InProcessJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { signedInApp } from '../support/api-app';
import { charts, chartData, openDeck, slidesOf, texts } from '../support/deck-zip';
import { createPriceFixture } from '../support/price-fixture';
import { ANALYST } from '../support/sales-fixture';
import { importCalls } from '../support/import-testbed';
import { binaryBody, signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAdmin, createAnalyst } from '../support/users';

/*
 * A competitor set's monthly deck in 报告下载 (issue 49 §3, decision 299), on the hand-made market of sales-fixture.ts
 * with the prices of price-fixture.ts: the latest retail month is 2026-03 (prices 2026-02 and 2026-03). The owner (the
 * fixture's analyst, of 甲汽车 [11]) keeps 德锐对标 (本品 德锐 [51], rivals 日行SUV [52] and 乙电EV [53]), shared with
 * the colleagues of 甲汽车, and 乙电/对标 (本品 乙电EV [53] of 乙汽车 [12]); loner, without a producer, keeps one
 * whose 本品 is 乙电EV. The administrator uploads one report everyone sees.
 */

const PASSWORD = 'SetDecks#2026';
const REPORTS = `${API_PREFIX}/reportDownload`;

interface DeckRow {
  id: number;
  setId: number;
  ownerId: number;
  producerId: number;
  name: string;
  month: number;
  fileName: string;
}

describe('a competitor set’s monthly deck in 报告下载', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_competitor_set_decks`;
  const address = (n: number) => `10.96.${process.pid % 250}.${n}`;
  const reportsDir = path.join(env.dataDir, 'reports');
  let app: NestExpressApplication;
  let db: Client;
  let queue: InProcessJobQueue;
  /** owner: the fixture's analyst (甲汽车); colleague of 甲汽车 reads the shared set; admin; loner has no producer. */
  const tokens = { owner: '', colleague: '', admin: '', loner: '' };
  let ownerId: number;
  let set: CompetitorSet;
  let slashed: CompetitorSet;
  let loners: CompetitorSet;
  /** The administrator's upload: a report everyone sees. */
  let everyones: ReportItem;

  beforeAll(async () => {
    const databaseUrl = await createPriceFixture(env.adminUrl, database);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const colleague = await createAnalyst('set_decks_colleague', PASSWORD, '同厂同事', databaseUrl);
    const loner = await createAnalyst('set_decks_loner', PASSWORD, '无厂商', databaseUrl);
    const admin = await createAdmin('set_decks_admin', PASSWORD, '管理员', databaseUrl);
    await db.query(`UPDATE app_user SET producer_id = 11 WHERE account = ANY($1)`, [[ANALYST.account, colleague]]);
    [{ id: ownerId }] = (await db.query<{ id: number }>(`SELECT id FROM app_user WHERE account = $1`, [ANALYST.account])).rows;
    ({ app, token: tokens.owner } = await signedInApp({ address: address(1), databaseUrl, account: ANALYST.account, password: ANALYST.password }));
    tokens.colleague = await signIn(app, colleague, PASSWORD, address(2));
    tokens.admin = await signIn(app, admin, PASSWORD, address(3));
    tokens.loner = await signIn(app, loner, PASSWORD, address(4));
    queue = app.get<JobQueue, InProcessJobQueue>(JobQueue);
    expect(queue).toBeInstanceOf(InProcessJobQueue);

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('上传').addRow(['测试']);
    const upload = await request(app.getHttpServer())
      .post(`${REPORTS}/upload`)
      .set('token', tokens.admin)
      .field('producerId', '11')
      .field('month', '2026-03')
      .field('name', '甲汽车公开报告')
      .attach('files', Buffer.from(await workbook.xlsx.writeBuffer()), 'a.xlsx')
      .expect(200);
    [everyones] = upload.body.result.items as ReportItem[];

    set = await api<CompetitorSet>('owner', 'competitorSets/save', { name: '德锐对标', own: [51], rivals: [52, 53] });
    await api('owner', 'competitorSets/share', { id: set.id, producer: true });
    slashed = await api<CompetitorSet>('owner', 'competitorSets/save', { name: '乙电/对标', own: [53], rivals: [51] });
    loners = await api<CompetitorSet>('loner', 'competitorSets/save', { name: '无厂商的组', own: [53], rivals: [52] });
    await queue.drain();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  async function api<T>(who: keyof typeof tokens, call: string, body: object): Promise<T> {
    const res = await request(app.getHttpServer()).post(`${API_PREFIX}/${call}`).set('token', tokens[who]).send(body);
    expect({ status: res.status, msg: res.body.msg as unknown }).toEqual({ status: 200, msg: '成功' });
    return res.body.result as T;
  }
  const list = async (who: keyof typeof tokens): Promise<ReportPage> =>
    (await request(app.getHttpServer()).get(`${REPORTS}/list`).query({ pageSize: '100' }).set('token', tokens[who]).expect(200)).body.result;
  const download = (who: keyof typeof tokens, ids: number[]) =>
    request(app.getHttpServer())
      .get(`${REPORTS}/download`)
      .query({ ids: ids.join(',') })
      .set('token', tokens[who])
      .buffer(true)
      .parse(binaryBody);
  const decks = async (): Promise<DeckRow[]> =>
    (
      await db.query<DeckRow>(
        `SELECT id, competitor_set_id AS "setId", owner_id AS "ownerId", producer_id AS "producerId", name, month, file_name AS "fileName"
         FROM report WHERE competitor_set_id IS NOT NULL ORDER BY competitor_set_id, month`,
      )
    ).rows;
  const deckOf = async (setId: number): Promise<DeckRow> => {
    const rows = (await decks()).filter((d) => d.setId === setId);
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  /** A refusal of the download call, read as binary. */
  const json = (response: { body: unknown }) => JSON.parse((response.body as Buffer).toString('utf8')) as { code: number; msg: string; result: unknown };
  const stored = (fileName: string) => fs.existsSync(path.join(reportsDir, fileName));
  /** A deck as read: each slide's texts, each chart's series and categories. */
  async function readDeck(body: Buffer): Promise<{ slides: string[][]; charts: Array<{ series: string[][]; categories: string[] }> }> {
    const zip = await openDeck(body);
    return { slides: (await slidesOf(zip)).map(texts), charts: (await charts(zip)).map(chartData) };
  }

  test("saving a set writes its owner's deck of the latest retail month: the page's deck of the set at that month, retail, nationwide", async () => {
    const [{ id: lonerId }] = (await db.query<{ id: number }>(`SELECT owner_id AS id FROM competitor_set WHERE id = $1`, [loners.id])).rows;
    expect((await decks()).map(({ setId, ownerId: owner, producerId, name, month }) => ({ setId, owner, producerId, name, month }))).toEqual([
      { setId: set.id, owner: ownerId, producerId: 11, name: '德锐对标 竞品监控 2026年3月', month: 202603 },
      // The name is the file's name: what a file name may not hold is an underscore.
      { setId: slashed.id, owner: ownerId, producerId: 11, name: '乙电_对标 竞品监控 2026年3月', month: 202603 },
      // An owner without a producer: listed under the maker of the set's first 本品 (乙电EV, 乙汽车 [12]).
      { setId: loners.id, owner: lonerId, producerId: 12, name: '无厂商的组 竞品监控 2026年3月', month: 202603 },
    ]);
    const deck = await deckOf(set.id);
    expect(stored(deck.fileName)).toBe(true);

    const mine = await list('owner');
    expect(mine.total).toBe(3);
    expect(mine.items.find((item) => item.id === deck.id)).toMatchObject({
      name: '德锐对标 竞品监控 2026年3月',
      producerName: '甲汽车',
      month: '2026-03',
      fileType: 'pptx',
      mine: true,
    });
    expect(mine.items.find((item) => item.id === everyones.id)?.mine).toBe(false);

    const file = await download('owner', [deck.id]).expect(200);
    expect(file.headers['content-type']).toBe(PPTX_MIME);
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain('德锐对标 竞品监控 2026年3月.pptx');
    const page = await request(app.getHttpServer())
      .get(`${API_PREFIX}/competitorSets/ppt`)
      .query({ id: String(set.id), time: '2026-03', source: '2' })
      .set('token', tokens.owner)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const [written, asked] = [await readDeck(file.body as Buffer), await readDeck(page.body as Buffer)];
    expect(written.slides.length).toBeGreaterThan(5);
    expect(written.slides[0].slice(0, 2)).toEqual(['竞品监控', '时间：2026-03    数据来源：零售量    区域：全国    竞品组：德锐对标']);
    expect(written.slides[0]).toContain('厂商：甲汽车');
    expect(written).toEqual(asked);
  });

  test('no one else sees it, not even a colleague the set is shared with or the administrator: not listed or counted, and a 404 as for a report that does not exist', async () => {
    const [deck, other, lonersDeck] = [await deckOf(set.id), await deckOf(slashed.id), await deckOf(loners.id)];
    // Each user's own first (written after the upload), then everyone's.
    expect((await list('loner')).items.map((item) => [item.id, item.producerName, item.mine])).toEqual([
      [lonersDeck.id, '乙汽车', true],
      [everyones.id, '甲汽车', false],
    ]);
    for (const who of ['colleague', 'admin', 'loner'] as const) {
      const seen = await list(who);
      const others = seen.items.filter((item) => !item.mine);
      expect({ who, total: seen.total - (who === 'loner' ? 1 : 0), ids: others.map((item) => item.id) }).toEqual({ who, total: 1, ids: [everyones.id] });
      const refused = await download(who, [deck.id]).expect(404);
      expect({ who, body: json(refused) }).toEqual({ who, body: { code: ApiCode.NotFound, msg: `报告不存在或无权下载：${deck.id}`, result: null } });
      const unknown = await download(who, [99_999_999]).expect(404);
      expect(json(unknown).msg).toBe('报告不存在或无权下载：99999999');
    }
    // Nor in a bundle: refused before any job, naming the deck alone.
    const [{ n: bundles }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_bundle`)).rows;
    const bundle = await request(app.getHttpServer())
      .get(`${REPORTS}/bundle`)
      .query({ ids: `${everyones.id},${deck.id}` })
      .set('token', tokens.colleague)
      .expect(404);
    expect(bundle.body.msg).toBe(`报告不存在或无权下载：${deck.id}`);
    await download('colleague', [everyones.id, deck.id]).expect(404);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_bundle`)).rows[0].n).toBe(bundles);
    // The administrator neither replaces nor deletes it.
    const removed = await request(app.getHttpServer()).post(`${REPORTS}/delete`).set('token', tokens.admin).send({ id: deck.id }).expect(404);
    expect(removed.body.msg).toBe(`报告不存在或无权下载：${deck.id}`);
    await request(app.getHttpServer())
      .post(`${REPORTS}/replace`)
      .set('token', tokens.admin)
      .field('id', String(deck.id))
      .attach('file', fs.readFileSync(path.join(reportsDir, deck.fileName)), 'x.pptx')
      .expect(404);
    expect(await deckOf(set.id)).toEqual(deck);
    expect(stored(deck.fileName)).toBe(true);

    // Its owner downloads the two decks and the everyone's report as one zip.
    const zip = await download('owner', [deck.id, other.id, everyones.id]).expect(200);
    const entries = Object.keys((await JSZip.loadAsync(zip.body as Buffer)).files).sort();
    expect(entries).toEqual(['乙电_对标 竞品监控 2026年3月.pptx', '德锐对标 竞品监控 2026年3月.pptx', '甲汽车公开报告.xlsx'].sort());
  });

  test("after a publish every set's deck is written once for the state of the months; written again, it replaces the set's deck of the month", async () => {
    const before = await decks();
    const decksJob = app.get(CompetitorSetDecks);
    await expect(decksJob.queueLatest()).resolves.toBe('competitor-set-decks-r202603-p202603');
    await queue.drain();
    const after = await decks();
    expect(after.map((d) => [d.setId, d.name, d.month])).toEqual(before.map((d) => [d.setId, d.name, d.month]));
    for (const [i, deck] of after.entries()) {
      expect(deck.fileName).not.toBe(before[i].fileName);
      expect([stored(deck.fileName), stored(before[i].fileName)]).toEqual([true, false]);
    }
    const [{ runs }] = (
      await db.query<{ runs: number }>(`SELECT count(*)::int AS runs FROM job_run WHERE name = 'competitorSets.monthly-decks' AND state = 'completed'`)
    ).rows;
    expect(runs).toBe(4);

    // A month without data fails every set: nothing is listed, nothing replaced.
    await expect(decksJob.write({ month: 209901 })).resolves.toBe(0);
    expect(await decks()).toEqual(after);
  });

  test('editing a set writes its deck again under its new name; deleting it deletes its decks and their files', async () => {
    const old = await deckOf(set.id);
    await api('owner', 'competitorSets/update', { id: set.id, name: '德锐新对标', own: [51], rivals: [53] });
    await queue.drain();
    const renamed = await deckOf(set.id);
    expect(renamed).toMatchObject({ name: '德锐新对标 竞品监控 2026年3月', month: 202603 });
    expect([stored(renamed.fileName), stored(old.fileName)]).toEqual([true, false]);
    const file = await download('owner', [renamed.id]).expect(200);
    const deck = await readDeck(file.body as Buffer);
    expect(deck.slides.flat().join(' ')).not.toContain('日行SUV');

    const other = await deckOf(slashed.id);
    await api('owner', 'competitorSets/delete', { id: slashed.id });
    expect((await decks()).filter((d) => d.setId === slashed.id)).toEqual([]);
    expect(stored(other.fileName)).toBe(false);
    await download('owner', [other.id]).expect(404);
    expect(await deckOf(set.id)).toEqual(renamed);
  });

  test("a month published through an import: every set's owner gets the set's deck of that month, the earlier months' stay", async () => {
    const earlier = await decks();
    const imported = await importCalls(
      () => app,
      () => tokens.admin,
    ).upload('月份,城市代码,车型代码,使用性质,所有权,颜色,销量\n2026-04,110000,JLL61,1,1,1,30\n', { kind: 'retail', from: '2026-04', name: '四月.csv' });
    expect(imported.state).toBe('done');
    await queue.drain();
    const april = (await decks()).filter((d) => d.month === 202604);
    expect(april.map((d) => [d.setId, d.name])).toEqual([
      [set.id, '德锐新对标 竞品监控 2026年4月'],
      [loners.id, '无厂商的组 竞品监控 2026年4月'],
    ]);
    expect((await decks()).filter((d) => d.month === 202603)).toEqual(earlier);
    const [{ id }] = (await db.query<{ id: string }>(`SELECT id FROM job_run WHERE name = 'competitorSets.monthly-decks' AND payload->>'month' = '202604'`))
      .rows;
    expect(id).toBe('competitor-set-decks-r202604-p202603');
    const file = await download('owner', [april[0].id]).expect(200);
    expect((await readDeck(file.body as Buffer)).slides[0][1]).toContain('时间：2026-04');
  });
});

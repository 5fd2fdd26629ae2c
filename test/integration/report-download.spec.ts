import fs from 'node:fs';
import path from 'node:path';
import * as argon2 from 'argon2';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, ApiCode, REPORT_NO_MORE, type ReportBundleView, type ReportItem, type ReportPage } from '@car/contracts';
import { binaryBody, sharedApp, type SharedApp } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst, TEST_HASH } from '../support/users';

const API = `${API_PREFIX}/reportDownload`;
const PASSWORD = 'Report@2026a';

/**
 * 报告下载 on the demo reports, jobs in-process: the list's paging and filters against the table (its reports everyone
 * sees: a competitor set's deck another test writes for demo is demo's alone, decision 299), one
 * report's file and bundles of several (the zip opened and its entries compared with the stored files),
 * unknown and forbidden ids, and the administrator's upload (type read from the content), replace and
 * delete, which an analyst may not call.
 */
describe('report download and upload', () => {
  const env = testEnv();
  const reportsDir = path.join(env.dataDir, 'reports');
  let app: SharedApp;
  let analyst: string;
  let admin: string;
  let bound: string;
  let db: Client;
  let boundProducer: number;

  async function user(role: 'admin' | 'analyst', producerId: number | null): Promise<string> {
    const account = `rpt_${role}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    await db.query(
      `INSERT INTO app_user (account, password_hash, nickname, role_id, producer_id) VALUES ($1, $2, '报告测试', (SELECT id FROM role WHERE code = $3), $4)`,
      [account, await argon2.hash(PASSWORD, TEST_HASH), role, producerId],
    );
    return account;
  }

  async function login(account: string): Promise<string> {
    const res = await request(app.getHttpServer())
      .post(`${API_PREFIX}/security/login`)
      .set('X-Forwarded-For', `10.81.${process.pid % 250}.2`)
      .send({ account, password: PASSWORD })
      .expect(200);
    return res.body.result.token as string;
  }

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const account = await createAnalyst('report', PASSWORD, '报告分析师');
    ({ app, token: analyst } = await sharedApp({ address: `10.81.${process.pid % 250}.1`, account, password: PASSWORD }));
    admin = await login(await user('admin', null));
    [{ producer_id: boundProducer }] = (
      await db.query(`SELECT producer_id FROM report WHERE owner_id IS NULL GROUP BY producer_id ORDER BY count(*) DESC, producer_id LIMIT 1`)
    ).rows;
    bound = await login(await user('analyst', boundProducer));
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  const server = () => request(app.getHttpServer());
  const list = (query: Record<string, string>, as = analyst) => server().get(`${API}/list`).query(query).set('token', as);
  const fileOf = (ids: string, as = analyst) => server().get(`${API}/download`).query({ ids }).set('token', as).buffer(true).parse(binaryBody);

  async function inRange(from: string, to: string, extra = ''): Promise<number> {
    const [{ n }] = (
      await db.query(
        `SELECT count(*)::int AS n FROM report r WHERE (r.created_at AT TIME ZONE 'Asia/Shanghai') >= $1::date
           AND (r.created_at AT TIME ZONE 'Asia/Shanghai') < ($2::date + interval '1 month') AND r.owner_id IS NULL ${extra}`,
        [`${from}-01`, `${to}-01`],
      )
    ).rows;
    return n;
  }

  test('the list pages by upload time, newest first: page size 10, then 20 (load more), the no-more state at the end', async () => {
    const year = new Date().getFullYear();
    const month = String(new Date().getMonth() + 1).padStart(2, '0');
    const total = await inRange(`${year}-01`, `${year}-${month}`);
    expect(total).toBeGreaterThan(20);

    const first = (await list({}).expect(200)).body.result as ReportPage;
    expect(first).toMatchObject({ total, page: 1, pageSize: 10, hasMore: true });
    expect(first.items).toHaveLength(10);
    expect(Object.keys(first.items[0])).toEqual(expect.arrayContaining(['id', 'createTime', 'producerName', 'name']));
    expect(first.items[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const times = first.items.map((item) => item.createTime);
    expect([...times].sort().reverse()).toEqual(times);

    const more = (await list({ page: '1', pageSize: '20' }).expect(200)).body.result as ReportPage;
    expect(more.items.slice(0, 10).map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    const all = (await list({ pageSize: String(total) }).expect(200)).body.result as ReportPage;
    expect(all.items).toHaveLength(total);
    expect(all.hasMore).toBe(false);
    expect(REPORT_NO_MORE).toBe('没有更多数据了哦');
  });

  test('filters: upload months, producers and a part of the name, each as the table says; a reversed range is refused in Chinese', async () => {
    const [{ producer_id: producerId, name }] = (await db.query(`SELECT producer_id, name FROM report WHERE owner_id IS NULL ORDER BY created_at DESC LIMIT 1`))
      .rows;
    const byProducer = (await list({ producerIds: String(producerId), pageSize: '500', startDate: '2000-01', endDate: '2099-12' }).expect(200)).body
      .result as ReportPage;
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM report WHERE producer_id = $1 AND owner_id IS NULL`, [producerId])).rows;
    expect(byProducer.total).toBe(n);
    expect(byProducer.items.every((item) => item.producerId === producerId)).toBe(true);

    const part = String(name).slice(-6);
    const byName = (await list({ name: part, startDate: '2000-01', endDate: '2099-12', pageSize: '500' }).expect(200)).body.result as ReportPage;
    expect(byName.items.length).toBeGreaterThan(0);
    expect(byName.items.every((item) => item.name.includes(part))).toBe(true);

    const none = (await list({ name: '不存在的报告名称' }).expect(200)).body.result as ReportPage;
    expect(none).toMatchObject({ items: [], total: 0, hasMore: false });

    const [{ created }] = (
      await db.query(`SELECT to_char(max(created_at) AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS created FROM report WHERE owner_id IS NULL`)
    ).rows;
    const oneMonth = (await list({ startDate: created, endDate: created, pageSize: '500' }).expect(200)).body.result as ReportPage;
    expect(oneMonth.total).toBe(await inRange(created, created));

    const reversed = await list({ startDate: '2026-05', endDate: '2026-01' }).expect(400);
    expect(reversed.body.msg).toContain('开始月份不能晚于结束月份');
  });

  test('one id downloads the file itself; several a zip whose entries are the stored files', async () => {
    // Three workbooks (each producer's 简报 is listed as a workbook and a deck).
    const listed = (await list({ pageSize: '6' }).expect(200)).body.result as ReportPage;
    const page = { items: listed.items.filter((item) => item.fileType === 'xlsx').slice(0, 3) };
    expect(page.items).toHaveLength(3);
    const stored = async (item: ReportItem) => {
      const [{ file_name }] = (await db.query(`SELECT file_name FROM report WHERE id = $1`, [item.id])).rows;
      expect(file_name).toMatch(/^[0-9a-f-]{36}\.xlsx$/);
      return fs.readFileSync(path.join(reportsDir, file_name));
    };
    const one = await fileOf(String(page.items[0].id)).expect(200);
    expect(one.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(one.headers['content-disposition']))).toContain(`${page.items[0].name}.xlsx`);
    expect(Buffer.compare(one.body as Buffer, await stored(page.items[0]))).toBe(0);

    const ids = page.items.map((item) => item.id).join(',');
    const zip = await fileOf(ids).expect(200);
    expect(zip.headers['content-type']).toContain('application/zip');
    expect(String(zip.headers['content-disposition'])).toMatch(/\.zip/);
    const archive = await JSZip.loadAsync(zip.body as Buffer);
    const names = Object.keys(archive.files).sort();
    expect(names).toEqual(page.items.map((item) => `${item.name}.xlsx`).sort());
    for (const item of page.items) {
      const content = await archive.file(`${item.name}.xlsx`)!.async('nodebuffer');
      expect(Buffer.compare(content, await stored(item))).toBe(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('概览')).toBeDefined();
    }
  });

  test('a bundle is a job with progress; its file is its owner’s only', async () => {
    const page = (await list({ pageSize: '5' }).expect(200)).body.result as ReportPage;
    const accepted = (
      await server()
        .get(`${API}/bundle`)
        .query({ ids: page.items.map((i) => i.id).join(',') })
        .set('token', analyst)
        .expect(200)
    ).body.result as ReportBundleView;
    expect(accepted).toMatchObject({ status: 'queued', filesExpected: 5, result: null });
    let job = accepted;
    for (let i = 0; i < 200 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await server().get(`${API}/bundleJob`).query({ id: accepted.id }).set('token', analyst).expect(200)).body.result as ReportBundleView;
    }
    expect(job).toMatchObject({ status: 'done', statusText: '已完成', percent: 100, filesAdded: 5 });
    expect(job.fileName).toMatch(/^报告_5个_\d{8}-\d{4}\.zip$/);
    const file = await server().get(job.result!).set('token', analyst).buffer(true).parse(binaryBody).expect(200);
    expect(Object.keys((await JSZip.loadAsync(file.body as Buffer)).files)).toHaveLength(5);

    const other = await server().get(`${API}/bundleFile`).query({ id: accepted.id }).set('token', admin).expect(404);
    expect(other.body.msg).toBe('打包任务不存在');
    await server().get(`${API}/bundleJob`).query({ id: accepted.id }).set('token', admin).expect(404);
  });

  test('an unknown id is refused with its number and nothing is bundled; an analyst bound to a producer sees every report', async () => {
    const [{ id }] = (await db.query(`SELECT id FROM report ORDER BY id LIMIT 1`)).rows;
    const unknown = await server()
      .get(`${API}/download`)
      .query({ ids: `${id},99999999` })
      .set('token', analyst)
      .expect(404);
    expect(unknown.body).toMatchObject({ code: ApiCode.NotFound, msg: '报告不存在或无权下载：99999999' });
    const [{ n: bundlesBefore }] = (await db.query(`SELECT count(*)::int AS n FROM report_bundle`)).rows;

    // Decision 101: reports are market reports; the producer a user belongs to marks 本品, it does not hide competitors' reports.
    const [{ id: foreign }] = (await db.query(`SELECT id FROM report WHERE producer_id <> $1 AND owner_id IS NULL LIMIT 1`, [boundProducer])).rows;
    await server()
      .get(`${API}/download`)
      .query({ ids: String(foreign) })
      .set('token', bound)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const boundList = (await server().get(`${API}/list`).query({ pageSize: '500', startDate: '2000-01', endDate: '2099-12' }).set('token', bound).expect(200))
      .body.result as ReportPage;
    const [{ n: all }] = (await db.query(`SELECT count(*)::int AS n FROM report WHERE owner_id IS NULL`)).rows;
    expect(boundList.total).toBe(all);
    expect(new Set(boundList.items.map((item) => item.producerId)).size).toBeGreaterThan(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM report_bundle`)).rows[0].n).toBe(bundlesBefore);

    const bad = await server().get(`${API}/download`).query({ ids: 'abc' }).set('token', analyst).expect(400);
    expect(bad.body.msg).toContain('参数 ids');
  });

  test('the administrator uploads by content (an xlsx named .pdf is an xlsx; text named .pdf is refused), it is listed at once; replace and delete', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('上传').addRow(['测试']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const [{ id: producerId }] = (await db.query(`SELECT id FROM producer ORDER BY id LIMIT 1`)).rows;
    const upload = (as: string) => server().post(`${API}/upload`).set('token', as).field('producerId', String(producerId)).field('month', '2026-10');

    const refused = await upload(admin).field('name', '伪装的文件').attach('files', Buffer.from('just text, not a pdf'), 'fake.pdf').expect(400);
    expect(refused.body.msg).toContain('不是 xlsx、docx、pptx 或 pdf 文件');
    expect((await db.query(`SELECT count(*)::int AS n FROM report WHERE name = '伪装的文件'`)).rows[0].n).toBe(0);

    const forbidden = await upload(analyst).field('name', '分析师上传').attach('files', xlsx, 'a.xlsx').expect(403);
    expect(forbidden.body.msg).toBe('仅管理员可执行此操作');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const accepted = await upload(admin).field('name', '上传测试报告').attach('files', xlsx, '../../etc/passwd.pdf').attach('files', pdf, 'b.pdf').expect(200);
    const items = accepted.body.result.items as ReportItem[];
    expect(items.map((item) => [item.name, item.fileType])).toEqual([
      ['上传测试报告 (1)', 'xlsx'],
      ['上传测试报告 (2)', 'pdf'],
    ]);
    const rows = (await db.query(`SELECT id, file_name FROM report WHERE id = ANY($1) ORDER BY id`, [items.map((i) => i.id)])).rows as Array<{
      id: number;
      file_name: string;
    }>;
    for (const row of rows) {
      expect(row.file_name).toMatch(/^[0-9a-f-]{36}\.(xlsx|pdf)$/);
      expect(fs.existsSync(path.join(reportsDir, row.file_name))).toBe(true);
    }
    const listed = (await list({ name: '上传测试报告' }).expect(200)).body.result as ReportPage;
    expect(listed.items.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
    const pdfFile = await fileOf(String(items[1].id)).expect(200);
    expect(pdfFile.headers['content-type']).toContain('application/pdf');

    const replaced = await server()
      .post(`${API}/replace`)
      .set('token', admin)
      .field('id', String(items[1].id))
      .field('name', '替换后的报告')
      .attach('file', xlsx, 'new.xlsx')
      .expect(200);
    expect(replaced.body.result.items[0]).toMatchObject({ id: items[1].id, name: '替换后的报告', fileType: 'xlsx' });
    expect(fs.existsSync(path.join(reportsDir, rows[1].file_name))).toBe(false);
    await server().post(`${API}/replace`).set('token', analyst).field('id', String(items[1].id)).attach('file', xlsx, 'new.xlsx').expect(403);

    await server().post(`${API}/delete`).set('token', analyst).send({ id: items[0].id }).expect(403);
    await server().post(`${API}/delete`).set('token', admin).send({ id: items[0].id }).expect(200);
    expect(fs.existsSync(path.join(reportsDir, rows[0].file_name))).toBe(false);
    await server().post(`${API}/delete`).set('token', admin).send({ id: items[0].id }).expect(404);
    await fileOf(String(items[0].id)).expect(404);
    await server().post(`${API}/delete`).set('token', admin).send({ id: items[1].id }).expect(200);
  });

  test('an upload over the size limit or without a file is refused in Chinese', async () => {
    const [{ id: producerId }] = (await db.query(`SELECT id FROM producer ORDER BY id LIMIT 1`)).rows;
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x25);
    const tooLarge = await server()
      .post(`${API}/upload`)
      .set('token', admin)
      .field('producerId', String(producerId))
      .field('month', '2026-10')
      .attach('files', big, 'big.pdf')
      .expect(400);
    expect(tooLarge.body.msg).toBe('文件不能超过 20 MB');
    const none = await server().post(`${API}/upload`).set('token', admin).field('producerId', String(producerId)).field('month', '2026-10').expect(400);
    expect(none.body.msg).toBe('请选择要上传的文件');
    const badMonth = await server()
      .post(`${API}/upload`)
      .set('token', admin)
      .field('producerId', String(producerId))
      .field('month', '2026-13')
      .attach('files', Buffer.from('%PDF-1.4'), 'x.pdf')
      .expect(400);
    expect(badMonth.body.msg).toContain('参数 month');
  });
});

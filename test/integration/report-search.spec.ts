import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, type ReportPage } from '@car/contracts';
import { sharedApp, type SharedApp } from '../support/shared-app';
import { testEnv } from '../support/test-env';

/**
 * 报告下载's name search on the folded name and its trigram index (decision 184) finds what ILIKE found:
 * every report whose name contains the text whatever its case (Latin letters either case, Chinese, digits,
 * % and _ literally), counted whole, paged newest first. The reports are written for 2001, a year no
 * other test reads, of a producer with no report, and removed afterwards.
 */
describe('the report name search', () => {
  const env = testEnv();
  let app: SharedApp;
  let token: string;
  let db: Client;
  let producerId: number;
  const NAMES = [
    'EV Market Brief',
    'ev 周报',
    'Ev周报 2001年',
    'PHEV Review',
    '新能源EV市场月报',
    '比亚迪汽车2001年3月乘用车市场简报',
    '比亚迪简报',
    '新能源市场简报',
    '折扣率10%报告',
    'under_score 报告',
    'SUV 细分市场',
    'suv细分',
    '价格走势分析',
    '出口市场简报 EXPORT',
  ];

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: '203.0.113.184' }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    [{ id: producerId }] = (
      await db.query<{ id: number }>(`SELECT id FROM producer p WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.producer_id = p.id) ORDER BY id LIMIT 1`)
    ).rows;
    // Three copies of each name a few days apart, so a search pages.
    await db.query(
      `INSERT INTO report (producer_id, name, month, file_name, file_size, created_at)
       SELECT $1, n.name, 200102, 'search-test-' || n.i || '-' || d || '.xlsx', 1000, timestamptz '2001-03-01 10:00+08' + (n.i * 3 + d) * interval '1 day'
       FROM unnest($2::text[]) WITH ORDINALITY AS n(name, i), generate_series(0, 2) d`,
      [producerId, NAMES],
    );
  });

  afterAll(async () => {
    await db?.query(`DELETE FROM report WHERE file_name LIKE 'search-test-%'`);
    await db?.end();
    await app?.close();
  });

  async function search(name: string, page = 1, pageSize = 500): Promise<ReportPage> {
    const response = await request(app.getHttpServer())
      .get(`${API_PREFIX}/reportDownload/list`)
      .query({ name, startDate: '2001-01', endDate: '2001-12', page: String(page), pageSize: String(pageSize) })
      .set('token', token);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: 1 });
    return response.body.result as ReportPage;
  }

  /** What ILIKE '%text%' answers: the name contains the text, both folded to lower case; newest first. */
  async function expected(text: string): Promise<number[]> {
    const rows = (
      await db.query<{ id: number; name: string }>(`SELECT id, name FROM report WHERE file_name LIKE 'search-test-%' ORDER BY created_at DESC, id DESC`)
    ).rows;
    return rows.filter((row) => row.name.toLowerCase().includes(text.toLowerCase())).map((row) => row.id);
  }

  test.each(['ev', 'EV', 'eV', 'ev 周', '简报', '比亚迪', '新能源', 'suv', 'SUV 细', '%', '_', '10%', 'export', '周报 2001', '不存在', 'e'])(
    'searching %s finds exactly the reports whose name contains it, whatever the case',
    async (text) => {
      const ids = await expected(text);
      const page = await search(text);
      expect({ total: page.total, ids: page.items.map((item) => item.id) }).toEqual({ total: ids.length, ids });
    },
  );

  test('a search pages newest first and counts every match', async () => {
    const ids = await expected('简报');
    expect(ids.length).toBeGreaterThan(10);
    const second = await search('简报', 2, 4);
    expect({ total: second.total, ids: second.items.map((item) => item.id), hasMore: second.hasMore }).toEqual({
      total: ids.length,
      ids: ids.slice(4, 8),
      hasMore: true,
    });
    const past = await search('简报', 99, 4);
    expect({ total: past.total, items: past.items }).toEqual({ total: ids.length, items: [] });
  });

  test('the folded name is the name in lower case, kept by PostgreSQL, and indexed by its trigrams', async () => {
    const rows = (await db.query<{ name: string; folded: string }>(`SELECT name, name_folded AS folded FROM report WHERE file_name LIKE 'search-test-%'`)).rows;
    expect(rows.every((row) => row.folded === row.name.toLowerCase())).toBe(true);
    const [index] = (await db.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'report_name_trgm_idx'`)).rows;
    expect(index?.def).toContain('gin (name_folded gin_trgm_ops)');
  });
});

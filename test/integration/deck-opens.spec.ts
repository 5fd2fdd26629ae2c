import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, ENDPOINTS } from '@car/contracts';
import { CONFIG_FIVE_BY_TEN } from '../../bench/src/bench-cases';
import { InProcessJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { ReportStorage } from '../../backend/src/reportDownload/report-storage';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { chartCategories, chartLegendNames, openDeck, part, slideChart, slideCount, texts } from '../support/deck-zip';
import { layoutProblems, pdfPages, writePictures } from '../support/deck-pdf';
import { testEnv } from '../support/test-env';

/*
 * Every deck opens (issue 31 §3): each 导出PPT call of the contracts, a producer's monthly deck and a competitor set's
 * monthly deck in 报告下载 (decision 299), converted to PDF
 * by a headless LibreOffice (Debian's libreoffice-impress-nogui, which .ci/run installs with poppler-utils' pdftotext),
 * one PDF page per slide showing its title and its chart's legend. A page of the conversion is what docs/decks.md shows as the look of a deck. Without LibreOffice on the machine the
 * test says so and fails in CI; elsewhere it is skipped with that message.
 */

/** The filters each deck is converted with: a large page of each (the most rows and series its page offers). */
const SAMPLES: Record<string, Record<string, string | number>> = {
  // The segments (类别 and MPV at the end) in all fourteen 数据列: the widest ranking table (issue 45 §1).
  'saleVolume/wholeMarket/ppt': { source: 2, type: 0, tags: '2,3,4,5,6,7,8,9,10,11,12,13,14,15', timeDimensionality: 0, count: 2 },
  'saleVolume/areaMarket/ppt': { type: 4, pageSize: 50, sort: 'yoy.desc', tags: '2,3,4,5,6,7,8,9,10,11,12,13,14,15' },
  'saleVolume/companyBrand/ppt': { type: 1, pageSize: 50, sort: 'salesSum.desc' },
  'pricevolume/priceQtyDetail/ppt': { type: 4, rows: 0 },
  'pricevolume/modelPrice/ppt': { modelSubId: 1, singleCount: 3, modelSubIds: '2,3,4' },
  // Five sub-series of ten trims each (issue 45 §1): a column per sub-series over the items that differ (decision 285).
  'carConfig/ppt': Object.fromEntries(new URLSearchParams(CONFIG_FIVE_BY_TEN)),
  'price/marketPriceWhole/ppt': { type: 2, type2: 2, dataType: 1 },
  'price/cabmodelpricetrace/ppt': { modelSubId: 507, modelSubIds: '17,916', discount: 1 },
  'price/totalMarket/ppt': {},
  'price/priceDetailMarket/ppt': {},
  'dashboard/ppt': {},
  // 竞品监控: its `id` is a set saved for the caller first (beforeAll).
  'competitorSets/ppt': {},
  // 归因分析 (decision 302): the longest tables — every sub-series, every province, the market's sub-series by 环比.
  'attribution/volume/ppt': { by: 'subSeries' },
  'attribution/share/ppt': { by: 'province' },
  'attribution/price/ppt': { compare: 1 },
};

const installed = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const soffice = installed('pdftotext') ? ['soffice', 'libreoffice'].find(installed) : undefined;
const decks = ENDPOINTS.filter((e) => e.result === 'pptx');

const bare = (text: string): string => text.replace(/\s+/g, '');

/**
 * Converts every deck of the file to PDF with one headless LibreOffice (a profile folder of its own, so runs never
 * share one; one process for them all, since each start and profile costs seconds): the PDF of each by name, absent
 * when LibreOffice could not convert it.
 */
function convertAll(dir: string, decks: Map<string, Buffer>): Map<string, string> {
  const files = [...decks].map(([name, pptx]) => {
    const file = path.join(dir, `${name}.pptx`);
    fs.writeFileSync(file, pptx);
    return file;
  });
  execFileSync(soffice!, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], {
    stdio: 'pipe',
    timeout: 600_000,
  });
  const pdfs = new Map<string, string>();
  for (const name of decks.keys()) {
    const pdf = path.join(dir, `${name}.pdf`);
    if (fs.existsSync(pdf)) pdfs.set(name, pdf);
  }
  return pdfs;
}

/**
 * Checks that a deck opened whole: a PDF page per slide, each page showing its slide's title and, on a chart's slide,
 * the chart drawn — its series named in the legend. (LibreOffice turns a slide or a chart it cannot read into
 * an empty page or frame rather than failing, so the page count alone would not tell.)
 */
async function expectOpens(pptx: Buffer, name: string, pdf: string | undefined): Promise<void> {
  expect({ name, converted: pdf !== undefined }).toEqual({ name, converted: true });
  const zip = await openDeck(pptx);
  const slides = slideCount(zip);
  const pages = [
    ...fs
      .readFileSync(pdf!)
      .toString('latin1')
      .matchAll(/\/Type\s*\/Page(?!s)/g),
  ].length;
  expect({ name, pages }).toEqual({ name, pages: slides });
  // One pdftotext run reads every page's words and their boxes: the titles and legends shown, and what fits.
  const drawn = pdfPages(pdf!);
  const pageTexts = drawn.map((p) => p.words.map((w) => w.text).join(' '));
  for (let n = 1; n <= slides; n++) {
    const page = bare(pageTexts[n - 1] ?? '');
    const slide = await part(zip, `ppt/slides/slide${n}.xml`);
    const shown = [texts(slide)[0]];
    if (slide.includes('<c:chart ')) {
      // The legend: each series by name, but one the chart leaves out of it (a waterfall's hidden lift). (Axis labels may
      // wrap, and pdftotext then splits them.)
      const chart = await slideChart(zip, n);
      const series = chartLegendNames(chart);
      // A scatter or bubble chart has x values where the others have categories.
      const xy = /<c:(scatterChart|bubbleChart)>/.test(chart);
      expect({ name, slide: n, series: series.length > 0, categories: xy || chartCategories(chart).length > 0 }).toEqual({
        name,
        slide: n,
        series: true,
        categories: true,
      });
      shown.push(...series);
    }
    for (const text of shown) expect({ name, slide: n, shows: page.includes(bare(text)) ? text : page }).toEqual({ name, slide: n, shows: text });
  }
  // Pictures of the first content slide and the last (a long table's last page) for a person to look at (issue 45 §1).
  writePictures(pdf!, name, [Math.min(2, slides), slides]);
  // Every figure drawn whole on one line, nothing in the footer's band but the footer, nothing off a slide (decision 271).
  expect({ name, problems: await layoutProblems(name, zip, drawn) }).toEqual({ name, problems: [] });
}

describe('every deck opens: a headless LibreOffice converts it to a PDF page per slide', () => {
  if (!soffice) {
    const message = 'LibreOffice (soffice) or pdftotext is not installed: apt-get install libreoffice-impress-nogui poppler-utils to check that decks open';
    if (process.env.CI) test('LibreOffice is installed', () => expect(message).toBe('LibreOffice installed'));
    else test.skip(message, () => undefined);
    return;
  }

  const env = testEnv();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-deck-'));
  /** Each deck's answer by name (the call's path with dashes, or `monthly`), its PDF once converted. */
  const answers = new Map<string, { status: number; pptx: Buffer }>();
  let pdfs = new Map<string, string>();
  const nameOf = (deckPath: string): string => deckPath.replace(/\//g, '-');

  beforeAll(async () => {
    const { app, token } = await signedInApp({ address: '203.0.113.220' });
    try {
      const saved = await request(app.getHttpServer())
        .post(`${API_PREFIX}/competitorSets/save`)
        .set('token', token)
        .send({ name: `幻灯片竞品组${Date.now()}`, own: [507], rivals: [17, 916, 1, 2, 545] });
      SAMPLES['competitorSets/ppt'] = { id: (saved.body as { result: { id: number } }).result.id };
      for (const { path: deckPath } of decks) {
        const response = await request(app.getHttpServer())
          .get(`${API_PREFIX}/${deckPath}`)
          .query(SAMPLES[deckPath] ?? {})
          .set('token', token)
          .buffer(true)
          .parse(binaryBody);
        answers.set(nameOf(deckPath), { status: response.status, pptx: response.body as Buffer });
      }
      // The set's deck of the month, queued by its save.
      await app.get<JobQueue, InProcessJobQueue>(JobQueue).drain();
      const db = new Client({ connectionString: env.databaseUrl });
      await db.connect();
      try {
        const [{ file }] = (
          await db.query<{ file: string }>(
            `SELECT file_name AS file FROM report WHERE file_name LIKE '%.pptx' AND owner_id IS NULL ORDER BY month DESC, producer_id LIMIT 1`,
          )
        ).rows;
        answers.set('monthly', { status: 200, pptx: fs.readFileSync(app.get(ReportStorage).pathOf(file)) });
        const [{ file: setDeck }] = (
          await db.query<{ file: string }>(`SELECT file_name AS file FROM report WHERE competitor_set_id = $1`, [SAMPLES['competitorSets/ppt'].id])
        ).rows;
        answers.set('competitor-set-monthly', { status: 200, pptx: fs.readFileSync(app.get(ReportStorage).pathOf(setDeck)) });
      } finally {
        await db.end();
      }
    } finally {
      await app.close();
    }
    const ok = new Map([...answers].filter(([, answer]) => answer.status === 200).map(([name, answer]) => [name, answer.pptx]));
    // LibreOffice takes minutes for them all on a busy two-core machine.
    pdfs = convertAll(dir, ok);
  }, 600_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('every 导出PPT call has its sample filters here', () => {
    expect(decks.map((e) => e.path).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  test.each(decks.map((e) => [e.path]))('%s', async (deckPath) => {
    const name = nameOf(deckPath);
    const answer = answers.get(name)!;
    expect({ name, status: answer.status }).toEqual({ name, status: 200 });
    await expectOpens(answer.pptx, name, pdfs.get(name));
  });

  test('a producer’s monthly deck', async () => {
    await expectOpens(answers.get('monthly')!.pptx, 'monthly', pdfs.get('monthly'));
  });

  test('a competitor set’s monthly deck in 报告下载', async () => {
    await expectOpens(answers.get('competitor-set-monthly')!.pptx, 'competitor-set-monthly', pdfs.get('competitor-set-monthly'));
  });
});

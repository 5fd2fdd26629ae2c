import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '@car/backend/dist/config/config';
import { BRAND_RETAIL_2023, MAKER_RETAIL, MAKER_YEARS } from '@car/backend/dist/seed/maker-anchors';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import { ApiClient } from './api-client';
import { startApp } from './app-process';
import { REALISM_HEADING, sectionOf, withSection } from './doc-section';
import {
  ANNUAL_ANCHORS,
  BEV_PART_ANCHORS,
  bevPart,
  bevPartSpread,
  JUNE_2025_SPLIT,
  LIMITS,
  marketMonths,
  MONTH_TOTAL_ANCHORS,
  NEV_SHARE_ANCHORS,
  nevShare,
  makerUnits,
  rankingYear,
  roundTotals,
  span,
  totalOf,
  trimTpChanges,
  yearOf,
  yearToDateTotals,
  type ApiGetter,
  type MarketMonth,
} from './market-figures';

/**
 * `npm run bench:anchors`: the demo data set against CPCA's published retail (issue 29), measured through
 * the API as test/integration/demo-market-api.spec.ts measures the demo template, here on any data set: the
 * built app started on DATABASE_URL (the large set, or car_bench; it only reads, bar the sign-in's own
 * records), or a running one with --base http://host:port/car/api. Writes the table anchor | published | demo
 * and the checks' results to docs/demo-data-vs-anchors.md (--out FILE for another file) and exits 1 if a
 * check fails. Options: --trims N (the trims sampled for the TP check, 40).
 */

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The getter of market-figures.ts over HTTP: one GET with the demo analyst's token, the envelope checked. */
function httpGetter(client: ApiClient): ApiGetter {
  return async <T>(endpointPath: string, query: Record<string, string>) => {
    const response = await fetch(client.url(endpointPath, new URLSearchParams(query).toString()), { headers: client.headers() });
    const body = (await response.json()) as { code: number; msg: string; result: T };
    if (response.status !== 200 || body.code !== 1) throw new Error(`GET ${endpointPath} ${JSON.stringify(query)} → HTTP ${response.status} ${body.msg}`);
    return body.result;
  };
}

const millions = (units: number) => `${(units / 1_000_000).toFixed(3)} M`;
const thousands = (units: number) => `${Math.round(units / 1000).toLocaleString('en-US')} k`;
const percent = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} %` : '-');
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

interface Check {
  name: string;
  limit: string;
  demo: string;
  passed: boolean;
}

function render(
  source: string,
  months: MarketMonth[],
  checks: Check[],
  tp: Awaited<ReturnType<typeof trimTpChanges>>,
  round: Array<{ month: string; total: number }>,
): string {
  const one = (month: string) => span(months, month, month);
  const has = (month: string) => one(month).length === 1;
  const rows: string[][] = [];
  for (const a of ANNUAL_ANCHORS) {
    const year = yearOf(months, a.year);
    const demoTotal = totalOf(year);
    rows.push([`Retail ${a.year}`, millions(a.total), `${millions(demoTotal)} (${signed((demoTotal / a.total - 1) * 100)} %)`]);
    rows.push([`NEV retail ${a.year}`, millions(a.nev), millions(year.reduce((s, m) => s + m.nev, 0))]);
    rows.push([`NEV share ${a.year}`, percent(a.nevShare), `${percent(nevShare(year))} (${signed(nevShare(year) - a.nevShare)} pt)`]);
  }
  for (const a of MONTH_TOTAL_ANCHORS) {
    const demo = has(a.month) ? totalOf(one(a.month)) : Number.NaN;
    rows.push([
      `Retail ${monthName(a.month)}${a.note ? ` (${a.note})` : ''}`,
      millions(a.total),
      Number.isFinite(demo) ? `${millions(demo)} (${signed((demo / a.total - 1) * 100)} %)` : '-',
    ]);
  }
  const mom = (month: string, before: string) => (totalOf(one(month)) / totalOf(one(before)) - 1) * 100;
  rows.push(['Retail Feb 2024 on Jan 2024', '−46.2 %', `${signed(mom('2024-02', '2024-01'))} %`]);
  rows.push(['Retail Jan 2025 on Dec 2024', '−31.9 %', `${signed(mom('2025-01', '2024-12'))} %`]);
  for (const a of NEV_SHARE_ANCHORS) {
    const demo = nevShare(one(a.month));
    rows.push([`NEV share ${monthName(a.month)}`, percent(a.nevShare), `${percent(demo)} (${signed(demo - a.nevShare)} pt)`]);
  }
  for (const a of NEV_SHARE_ANCHORS.filter((n) => n.nev !== undefined)) {
    rows.push([`NEV retail ${monthName(a.month)}`, millions(a.nev!), has(a.month) ? millions(one(a.month)[0].nev) : '-']);
  }
  const j = JUNE_2025_SPLIT;
  const june = one(j.month)[0];
  rows.push([
    `NEV share ${monthName(j.month)} (derived: ${millions(j.nev)} of ${millions(j.total)})`,
    percent((j.nev / j.total) * 100),
    june ? percent(nevShare([june])) : '-',
  ]);
  rows.push([`BEV retail ${monthName(j.month)}`, thousands(j.bev), june ? thousands(june.bev) : '-']);
  rows.push([`PHEV + EREV retail ${monthName(j.month)}`, thousands(j.plugIn), june ? thousands(june.nev - june.bev) : '-']);
  rows.push([`BEV part of NEV ${monthName(j.month)}`, percent((j.bev / (j.bev + j.plugIn)) * 100), june ? percent(bevPart([june])) : '-']);
  for (const a of BEV_PART_ANCHORS) {
    const demo = bevPart(span(months, a.from, a.to));
    rows.push([
      `BEV / PHEV + EREV, ${a.label}`,
      `${a.bevPart.toFixed(1)} / ${(100 - a.bevPart).toFixed(1)}`,
      `${demo.toFixed(1)} / ${(100 - demo).toFixed(1)}`,
    ]);
  }
  const bev2025 = yearOf(months, 2025).map((m) => `${m.month.slice(5)} ${bevPart([m]).toFixed(1)}`);
  const table = (head: string[], body: string[][]) =>
    [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  return [
    '# The demo data against the published China retail (CPCA)',
    '',
    `Written by \`npm run bench:anchors\` (bench/src/anchors.cli.ts) on ${new Date().toISOString().slice(0, 10)} from ${source}, through the API:`,
    'the whole-market trend by month (with the fuel filter for NEV and BEV), the whole-market cards (本年累计), the',
    "sub-series ranking, a sub-series' trims and the price trace's regional table. Published figures: CPCA retail as",
    'collected in ../shared/anchors/cpca-retail.md. Months run to the latest month of the data set; the checks are',
    "issue 29's and the integration test test/integration/demo-market-api.spec.ts holds the demo template to the same.",
    '',
    '## Anchors',
    '',
    table(['anchor', 'published', 'demo'], rows),
    '',
    '## Checks',
    '',
    table(
      ['check', 'limit', 'demo', 'result'],
      checks.map((c) => [c.name, c.limit, c.demo, c.passed ? 'pass' : '**fail**']),
    ),
    '',
    `BEV part of NEV by month in 2025 (%): ${bev2025.join(', ')}.`,
    '',
    `TP sample: the ${tp.trims.length} best-selling trims of ${tp.months[tp.months.length - 1] ?? '-'} (a sub-series' retail × the trim's share of it), ` +
      `TP by province ${tp.months[0] ?? '-'} to ${tp.months[tp.months.length - 1] ?? '-'}: ${tp.changes.length.toLocaleString('en-US')} (trim, province, month) pairs with a TP in both months.`,
    '',
    round.length === 0
      ? `No January-to-date total is a multiple of ${LIMITS.roundTotal.toLocaleString('en-US')}.`
      : `January-to-date totals that are multiples of ${LIMITS.roundTotal.toLocaleString('en-US')}: ${round.map((r) => `${r.month} ${r.total.toLocaleString('en-US')}`).join(', ')}.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const out = option('out') ?? path.join('docs', 'demo-data-vs-anchors.md');
  const trimCount = Number(option('trims') ?? 40);
  const given = option('base');
  let stop = () => Promise.resolve();
  let base = given;
  let source = given ? `the app at ${given}` : '';
  if (!base) {
    const config = loadConfig();
    const database = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
    const app = await startApp(config.projectRoot, database.url);
    base = app.base;
    source = `the built app on the database ${new URL(database.url).pathname.slice(1) || database.url}`;
    stop = async () => {
      await app.stop();
      await database.stop();
    };
  }
  try {
    const get = httpGetter(await ApiClient.signIn(base));
    const months = await marketMonths(get);
    const tp = await trimTpChanges(get, trimCount);
    const ytd = await yearToDateTotals(
      get,
      months.map((m) => m.month),
    );
    const round = roundTotals(ytd);
    const bevSpread = bevPartSpread(months, 2025);
    const brands = await rankingYear(get, 'brand', 2023);
    const producers = new Map(await Promise.all(MAKER_YEARS.map(async (year) => [year, await rankingYear(get, 'producer', year)] as const)));
    const ranked = [
      ...Object.entries(BRAND_RETAIL_2023).map(([name, published]) => ({ label: `Brand retail 2023: ${name}`, published, units: brands.get(name) ?? 0 })),
      ...MAKER_YEARS.flatMap((year) =>
        MAKER_RETAIL[year].map((m) => ({
          label: `Maker retail ${year}: ${m.name}`,
          published: m.retail,
          units: makerUnits(producers.get(year)!, m.producers),
        })),
      ),
    ];
    const checks: Check[] = [
      ...ranked.map((r) => ({
        name: r.label,
        limit: `± ${(LIMITS.rankingShare * 100).toFixed(0)} %`,
        demo: `${thousands(r.units)} of ${thousands(r.published)} (${signed((r.units / r.published - 1) * 100)} %)`,
        passed: Math.abs(r.units / r.published - 1) <= LIMITS.rankingShare,
      })),
      {
        name: 'BEV part of NEV, 2025 monthly spread (max − min)',
        limit: `≥ ${LIMITS.bevSpreadPoints} pt`,
        demo: `${bevSpread.spread.toFixed(2)} pt (${bevSpread.min.toFixed(1)} – ${bevSpread.max.toFixed(1)} %)`,
        passed: bevSpread.spread >= LIMITS.bevSpreadPoints,
      },
      ...BEV_PART_ANCHORS.map((a) => {
        const demo = bevPart(span(months, a.from, a.to));
        return {
          name: `BEV part of NEV, ${a.label}: ${a.bevPart.toFixed(1)} %`,
          limit: `± ${LIMITS.bevPartPoints} pt`,
          demo: `${demo.toFixed(1)} % (${signed(demo - a.bevPart)} pt)`,
          passed: Math.abs(demo - a.bevPart) <= LIMITS.bevPartPoints,
        };
      }),
      ...NEV_SHARE_ANCHORS.map((a) => {
        const demo = nevShare(span(months, a.month, a.month));
        return {
          name: `NEV share ${monthName(a.month)}: ${a.nevShare.toFixed(1)} %`,
          limit: `± ${LIMITS.nevSharePoints} pt`,
          demo: `${demo.toFixed(1)} % (${signed(demo - a.nevShare)} pt)`,
          passed: Math.abs(demo - a.nevShare) <= LIMITS.nevSharePoints,
        };
      }),
      {
        name: 'Trim × province TP, month-on-month change, 95th percentile',
        limit: `≤ ${(LIMITS.tpChangeP95 * 100).toFixed(0)} %`,
        demo: `${(tp.p95 * 100).toFixed(1)} % (${tp.changes.length.toLocaleString('en-US')} pairs, ${tp.trims.length} trims)`,
        passed: tp.p95 <= LIMITS.tpChangeP95,
      },
      {
        name: `January-to-date totals that are multiples of ${LIMITS.roundTotal.toLocaleString('en-US')}`,
        limit: 'none',
        demo: `${round.length} of ${ytd.length}`,
        passed: round.length === 0,
      },
    ];
    const report = render(source, months, checks, tp, round);
    // bench:realism's section (the data below the nation) stays as that bench last wrote it.
    const realism = fs.existsSync(out) ? sectionOf(fs.readFileSync(out, 'utf8'), REALISM_HEADING) : '';
    fs.writeFileSync(out, realism ? withSection(report, REALISM_HEADING, realism) : report);
    process.stdout.write(report);
    const failed = checks.filter((c) => !c.passed);
    if (failed.length > 0) {
      process.stderr.write(`[anchors] ${failed.length} check(s) failed: ${failed.map((c) => c.name).join('; ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[anchors] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

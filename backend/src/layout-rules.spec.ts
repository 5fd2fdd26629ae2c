import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENDPOINTS } from '@car/contracts';

/**
 * Where things live (issue 27, decision 168): the pages reach the API only through the endpoint objects
 * of @car/contracts and the one server-side client, and SQL lives only in repositories, the query layer
 * and the database plumbing. Each rule reads the tree as it is and names the lines that break it.
 */
const ROOT = path.resolve(__dirname, '..', '..');

interface SourceLine {
  file: string;
  line: number;
  text: string;
}

/** Every line of every source file under `dir` (relative to the repository), tests left out. */
function sourceLines(dir: string, extensions: readonly string[]): SourceLine[] {
  const found: SourceLine[] = [];
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (extensions.some((ext) => entry.name.endsWith(ext)) && !/\.spec\.tsx?$/.test(entry.name)) {
        const file = path.relative(ROOT, full);
        fs.readFileSync(full, 'utf8')
          .split('\n')
          .forEach((text, i) => found.push({ file, line: i + 1, text }));
      }
    }
  };
  walk(path.join(ROOT, dir));
  return found;
}

const where = ({ file, line, text }: SourceLine): string => `${file}:${line}: ${text.trim()}`;

/** The quoted parts of a line: '…', "…" and `…` literals (one line each, as the tree writes them). */
const literalsOf = (text: string): string[] => [...text.matchAll(/'([^'\\]|\\.)*'|"([^"\\]|\\.)*"|`([^`\\]|\\.)*`/g)].map((m) => m[0]);

/** The pages' own paths ('admin/audit', 'price/cabmodelpricetrace'), some of which an API path shares. */
const PAGE_PATHS = new Set(
  fs.readdirSync(path.join(ROOT, 'frontend/app/routes')).map((name) =>
    name
      .replace(/\.tsx?$/, '')
      .replace(/^_shell\./, '')
      .split('.')
      .join('/'),
  ),
);

const isComment = (text: string): boolean => /^(\/\/|\/\*|\*)/.test(text.trim());

/**
 * An API path written as a string: a literal holding an endpoint's path, or its first two segments (a
 * base such as 'saleVolume/companyBrand' joined later), or `/car/api/` itself. Page routes are
 * lower-case ('/salevolume/wholemarket') and the API's camel-case, so the match is case-sensitive.
 */
function apiPathViolations(lines: readonly SourceLine[]): string[] {
  const prefixes = new Set(ENDPOINTS.flatMap((e) => [e.path, e.path.split('/').slice(0, 2).join('/')]).filter((p) => p.includes('/') && !PAGE_PATHS.has(p)));
  const names = (literal: string): boolean =>
    literal.includes('/car/api') || [...prefixes].some((p) => new RegExp(`(^|[^A-Za-z])${p}([^A-Za-z]|$)`).test(literal.slice(1, -1)));
  return lines.filter(({ text }) => !isComment(text) && literalsOf(text).some(names)).map(where);
}

/** Files go between the browser and the API directly (decision 158): the downloads and the import upload. */
const FILE_TRANSFERS = new Set(['frontend/app/utils/download.ts', 'frontend/app/routes/_shell.admin.import.tsx']);

/** Browser code (anything in frontend/app but *.server.ts) calling `fetch` on the API, files aside. */
function browserFetchViolations(lines: readonly SourceLine[]): string[] {
  return lines
    .filter(({ file }) => !file.endsWith('.server.ts') && !FILE_TRANSFERS.has(file))
    .filter(({ text }) => !isComment(text) && /\bfetch\(/.test(text) && /API_PREFIX|\/car\/api|\.path\b|apiDownloadHref/.test(text))
    .map(where);
}

/**
 * A route reads its address only through utils/url-state.ts, with the endpoint's schema or the page's own
 * (issue 47 §2): never `url.searchParams`, the router hook's params or the window's `location.search` by hand.
 * Writing the address (`setSearchParams`, `withParams`) is not reading it.
 */
const HAND_URL_READS = [
  /\bsearchParams\b/,
  /\[\s*\w+\s*(,[^\]]*)?\]\s*=\s*useSearchParams\(/,
  /URLSearchParams\([^)]*location\.search/,
  /\b(params|search)\.(get|getAll|has)\(/,
];

function urlReadViolations(lines: readonly SourceLine[]): string[] {
  return lines
    .filter(({ file }) => file.startsWith('frontend/app/routes/'))
    .filter(({ text }) => !isComment(text) && HAND_URL_READS.some((read) => read.test(text)))
    .map(where);
}

/** Plumbing that speaks SQL of its own: connections, locks, bulk loading, LISTEN. */
const SQL_PLACES = [/\.repository\.ts$/, /^backend\/src\/analytics\//, /^backend\/src\/database\//, /^backend\/src\/answers\/data-changes\.ts$/];
const SQL = /\b(SELECT\s|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|DATABASE)|ALTER\s+TABLE|TRUNCATE\s|COPY\s+\w)/;

function sqlViolations(lines: readonly SourceLine[]): string[] {
  return lines
    .filter(({ file }) => !SQL_PLACES.some((place) => place.test(file)))
    .filter(({ text }) => !isComment(text) && literalsOf(text).some((literal) => SQL.test(literal)))
    .map(where);
}

describe('layout rules', () => {
  const pages = sourceLines('frontend/app', ['.ts', '.tsx']);
  const server = [...sourceLines('backend/src', ['.ts']), ...sourceLines('workers/src', ['.ts'])];

  it('reads the trees it checks', () => {
    expect(pages.some(({ file }) => file === 'frontend/app/root.tsx')).toBe(true);
    expect(server.some(({ file }) => file.endsWith('analytics.repository.ts'))).toBe(true);
  });

  it('frontend/app names no API path as a string: every call goes through an endpoint object of @car/contracts', () => {
    expect(apiPathViolations(pages)).toEqual([]);
  });

  it('browser code never fetches /car/api itself: pick-lists and suggestions go through resource routes', () => {
    expect(browserFetchViolations(pages)).toEqual([]);
  });

  it('a route reads its address only through url-state.ts (a schema), never searchParams by hand', () => {
    expect(urlReadViolations(pages)).toEqual([]);
  });

  it('SQL lives only in repositories, the query layer (analytics/) and the database plumbing (database/)', () => {
    expect(sqlViolations(server)).toEqual([]);
  });

  it('catches each kind of break', () => {
    const at = (file: string, text: string): SourceLine => ({ file, line: 1, text });
    expect(
      apiPathViolations([
        at('frontend/app/routes/a.tsx', "apiGet<Summary>(request, context, '/saleVolume/areaMarket/whole', api)"),
        at('frontend/app/utils/b.server.ts', "const BASE = '/saleVolume/companyBrand';"),
        at('frontend/app/utils/c.ts', 'const url = `/car/api/${path}`;'),
        at('frontend/app/routes/d.tsx', "navigate('/salevolume/wholemarket')"),
        at('frontend/app/routes/e.tsx', 'apiGet(request, context, WHOLE_MARKET.whole, api)'),
      ]),
    ).toHaveLength(3);
    expect(
      browserFetchViolations([
        at('frontend/app/components/F.tsx', 'const response = await fetch(`${API_PREFIX}/${SEARCH.brands.path}`);'),
        at('frontend/app/utils/api.server.ts', 'response = await fetch(urlOf(context, path, params), {'),
        at('frontend/app/components/ChinaMap.tsx', 'pending = fetch(mapUrlOf(mapId))'),
        at('frontend/app/routes/_shell.admin.import.tsx', 'const response = await fetch(`${API_PREFIX}/${DATA_IMPORT.upload.path}`);'),
      ]),
    ).toHaveLength(1);
    expect(
      urlReadViolations([
        at('frontend/app/routes/_shell.admin.jobs.tsx', "const state = url.searchParams.get('state') ?? '';"),
        at('frontend/app/routes/wechatsalevolume.tsx', 'const [params] = useSearchParams();'),
        at('frontend/app/routes/_shell.admin.import.tsx', 'const [, setSearchParams] = useSearchParams();'),
        at('frontend/app/routes/_shell.comprehensiveinquiry.reportdownload.tsx', 'const params = new URLSearchParams(window.location.search);'),
        at('frontend/app/routes/dashboard.tsx', "const month = params.get('time') ?? whole.time;"),
        at('frontend/app/routes/_shell.admin.jobs.tsx', "const filters = urlState(ADMIN_JOBS.list.params, request).given('kind');"),
        at('frontend/app/utils/price-trace.server.ts', 'const search = new URL(request.url).searchParams;'),
      ]),
    ).toHaveLength(4);
    expect(
      sqlViolations([
        at('backend/src/price/price.service.ts', "await this.dataSource.query('SELECT 1 FROM car WHERE id = $1', [id]);"),
        at('backend/src/price/price.repository.ts', "await this.dataSource.query('SELECT 1 FROM car WHERE id = $1', [id]);"),
        at('backend/src/analytics/sql-writer.ts', '`SELECT ${columns} FROM ${table}`'),
        at('backend/src/price/price.service.ts', "const label = 'Select a producer';"),
      ]),
    ).toHaveLength(1);
  });
});

// `node scripts/screenshots.mjs <baseUrl> <outDir>`: a full-page screenshot of every page at 1280, 1440 and
// 1920 px (analyst pages as `demo`, 系统管理 as `admin`) and of the phone page at 375 px, for looking at a
// change's effect on the whole product (issue 28). It drives the system Chromium through playwright-core,
// like the browser tests; it never downloads a browser. The phone page needs a signed link: pass it as
// MP_LINK (`npm run mp-link` prints one for the server it runs against). ONLY=dashboard,wholemarket takes
// those pages only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://localhost:3000', outDir = 'test-results/screenshots/pages'] = process.argv.slice(2);
const WIDTHS = [1280, 1440, 1920];

const ANALYST_PAGES = [
  ['dashboard', '/dashboard/7c1f3a9e5b2d4806'],
  ['wholemarket', '/salevolume/wholemarket'],
  ['areamarket', '/salevolume/areamarket'],
  ['companybrand', '/salevolume/companybrand'],
  ['totalmarket', '/price/totalmarket'],
  ['marketpricetendency', '/price/marketpricetendency'],
  ['cabmodelpricetrace', '/price/cabmodelpricetrace'],
  ['pricedetailmarket', '/pricedetailmarket'],
  ['pricedimension', '/pricevolume/pricedimension'],
  ['cabmodelprice', '/pricevolume/cabmodelprice'],
  ['configquery', '/product/configquery'],
  ['cityretailexport', '/comprehensiveinquiry/cityretailexport'],
  ['pricevolumeexport', '/comprehensiveinquiry/pricevolumeexport'],
  ['pricedownload', '/comprehensiveinquiry/pricedownload'],
  ['fandiandownload', '/comprehensiveinquiry/fandiandownload'],
  ['reportdownload', '/comprehensiveinquiry/reportdownload'],
];
const ADMIN_PAGES = [
  ['admin-users', '/admin/users'],
  ['admin-audit', '/admin/audit'],
  ['admin-jobs', '/admin/jobs'],
  ['admin-import', '/admin/import'],
  ['admin-reports', '/admin/reports'],
];
const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;
const wanted = ([name]) => !only || only.has(name);
const ACCOUNTS = { demo: 'Demo@2026', admin: 'Admin@2026' };

function systemChromium() {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // not on the PATH
    }
  }
  throw new Error('no chromium on the PATH (apt-get install -y chromium fonts-noto-cjk)');
}

async function signedIn(browser, account, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', ACCOUNTS[account]);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: '登录' }).click()]);
  return { context, page };
}

async function shoot(page, name) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // chart.js animations
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  process.stdout.write(`${file}\n`);
}

const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
fs.mkdirSync(outDir, { recursive: true });
try {
  for (const width of WIDTHS) {
    for (const [account, pages] of [
      ['demo', ANALYST_PAGES],
      ['admin', ADMIN_PAGES],
    ]) {
      if (!pages.some(wanted)) continue;
      const { context, page } = await signedIn(browser, account, width);
      for (const [name, route] of pages.filter(wanted)) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
        await shoot(page, `${name}-${width}`);
      }
      await context.close();
    }
  }
  if (process.env.MP_LINK) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(process.env.MP_LINK, { waitUntil: 'networkidle' });
    await shoot(page, 'wechatsalevolume-375');
    await context.close();
  }
} finally {
  await browser.close();
}

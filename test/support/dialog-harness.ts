import * as path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { testEnv } from './test-env';

/**
 * The kit's pick-list dialogs that no page mounts yet (car series, current series, car model, producer-
 * brand; the price pages of later issues will), each alone in the real Chromium against the real API.
 * The page is bundled here by esbuild from the components' own source and served by `page.route` at an
 * address of the app's origin that the app itself does not have, so the dialogs' calls go to the app's real
 * `/picklist/…` resource route with the signed-in cookie, and on to the API. Nothing of it is in the product build.
 */
export type HarnessDialog = 'series' | 'currentSeries' | 'carModel' | 'companyBrand';

const HARNESS_PATH = '/__test-dialog-harness';
const APP = path.resolve(__dirname, '..', '..', 'frontend', 'app');

const ENTRY = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CarModelDialog } from '~/components/CarModelDialog';
import { MakerDialog } from '~/components/MakerDialog';
import { usePickList } from '~/components/PickListDialog';
import { SeriesDialog } from '~/components/SeriesDialog';
import { ToastProvider } from '~/components/Toast';

const DIALOGS = {
  series: SeriesDialog,
  currentSeries: (props) => <SeriesDialog {...props} current />,
  carModel: CarModelDialog,
  companyBrand: (props) => <MakerDialog {...props} kind="companyBrand" />,
};

function Harness() {
  const Dialog = DIALOGS[new URLSearchParams(location.search).get('dialog')];
  const pick = usePickList();
  const [confirmed, setConfirmed] = useState(null);
  return (
    <ToastProvider>
      <button type="button" id="open-dialog" onClick={() => pick.open()}>open</button>
      <output id="confirmed">{JSON.stringify(confirmed)}</output>
      <output id="state">{JSON.stringify(pick.state.confirmed)}</output>
      <Dialog pick={pick} onConfirm={(selection) => setConfirmed(selection)} />
    </ToastProvider>
  );
}

createRoot(document.getElementById('root')).render(<Harness />);
`;

let bundle: Promise<string> | undefined;

function bundled(): Promise<string> {
  bundle ??= build({
    stdin: { contents: ENTRY, loader: 'tsx', resolveDir: APP, sourcefile: 'dialog-harness.tsx' },
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    tsconfig: path.join(APP, '..', 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return bundle;
}

/** Opens the harness with one dialog, styled by the app's own stylesheets (the page must be signed in and on an app page). */
export async function openDialogHarness(page: Page, dialog: HarnessDialog): Promise<void> {
  const styles = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  const script = await bundled();
  const base = testEnv().baseUrl;
  await page.route(`${base}${HARNESS_PATH}.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
  await page.route(`${base}${HARNESS_PATH}?*`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head><body><div id="root"></div><script type="module" src="${HARNESS_PATH}.js"></script></body></html>`,
    }),
  );
  // The button is there once the harness's React root has drawn it, handler and all: the click waits for it.
  await page.goto(`${base}${HARNESS_PATH}?dialog=${dialog}`);
  await page.locator('#open-dialog').click();
  await page.locator('.pick-dialog').waitFor({ state: 'visible' });
}

/** What the harness's dialog last confirmed (null before the first 确定). */
export async function confirmedSelection(
  page: Page,
): Promise<{ items: Array<{ id: number; name: string }>; series: { id: number; name: string } | null } | null> {
  return JSON.parse((await page.locator('#confirmed').textContent()) ?? 'null');
}
